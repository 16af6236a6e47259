/**
 * Plain rules of the message and task pages: paging, filters, selection, and how times and money
 * read in the page's language.
 */

import type { MessageReadFilter, TaskType } from "../../api/messaging";

export const PAGE_SIZES = [10, 20, 30, 40] as const;
export const DEFAULT_PAGE_SIZE = 10;

/** MUI TablePagination counts pages from 0, the server's pageNo from 1. */
export function pageNo(pageIndex: number): number {
  return Math.max(0, Math.floor(pageIndex)) + 1;
}

/** The last page index that still has rows (after a filter shrank the list). */
export function clampPageIndex(pageIndex: number, total: number, pageSize: number): number {
  const last = Math.max(0, Math.ceil(total / pageSize) - 1);
  return Math.min(Math.max(0, pageIndex), last);
}

// --- filters -------------------------------------------------------------------------------------

/** The read-state select: "" all, "read", "unread". */
export type ReadChoice = "" | "read" | "unread";

/** Message calls take isRead 1 (read) or 2 (unread). */
export function messageReadFilter(choice: ReadChoice): MessageReadFilter | null {
  if (choice === "read") return 1;
  if (choice === "unread") return 2;
  return null;
}

/** Task calls take isRead true or false. */
export function taskReadFilter(choice: ReadChoice): boolean | null {
  if (choice === "read") return true;
  if (choice === "unread") return false;
  return null;
}

export function taskTypeFilter(raw: string): TaskType | null {
  return raw === "1" ? 1 : raw === "2" ? 2 : null;
}

export function messageTypeFilter(raw: string): number | null {
  const value = Number(raw);
  return raw !== "" && Number.isInteger(value) && value > 0 ? value : null;
}

// --- selection -----------------------------------------------------------------------------------

export function toggleId(selected: readonly number[], id: number): number[] {
  return selected.includes(id) ? selected.filter((value) => value !== id) : [...selected, id];
}

/** The header checkbox: selects every row of the page, or clears them when all are selected. */
export function toggleAll(selected: readonly number[], pageIds: readonly number[]): number[] {
  const allSelected = pageIds.length > 0 && pageIds.every((id) => selected.includes(id));
  if (allSelected) return selected.filter((id) => !pageIds.includes(id));
  return [...selected, ...pageIds.filter((id) => !selected.includes(id))];
}

export function selectionState(selected: readonly number[], pageIds: readonly number[]): "none" | "some" | "all" {
  const count = pageIds.filter((id) => selected.includes(id)).length;
  if (count === 0) return "none";
  return count === pageIds.length ? "all" : "some";
}

/** Only unread rows need marking: a bulk action on read rows changes nothing. */
export function unreadAmong<T extends { id: number; isRead: boolean }>(
  rows: readonly T[],
  selected: readonly number[],
): number[] {
  return rows.filter((row) => selected.includes(row.id) && !row.isRead).map((row) => row.id);
}

// --- the address ---------------------------------------------------------------------------------

/** `?id=12` → 12; anything else → null. */
export function idFromSearch(search: string): number | null {
  const raw = new URLSearchParams(search).get("id");
  if (raw === null || !/^\d+$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 ? id : null;
}

// --- formatting ----------------------------------------------------------------------------------

function locale(language: string): string {
  return language.toLowerCase().startsWith("en") ? "en-GB" : "zh-CN";
}

/** An ISO 8601 time with offset, in the page's language ("" for none, the raw text if invalid). */
export function formatDateTime(iso: string | null | undefined, language: string, timeZone?: string): string {
  if (!iso) return "";
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(locale(language), { dateStyle: "medium", timeStyle: "short", timeZone }).format(date);
}

/** A calendar date ("2025-03-01"): read as that day, whatever the browser's time zone. */
export function formatDate(day: string | null | undefined, language: string): string {
  if (!day) return "";
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return day;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return new Intl.DateTimeFormat(locale(language), { dateStyle: "medium", timeZone: "UTC" }).format(date);
}

/** Money arrives as a decimal string ("1234.50"): shown with thousands separators, never through a
 * float (spec §9 keeps decimals exact). */
export function formatMoney(amount: string | null | undefined): string {
  if (amount === null || amount === undefined || amount === "") return "";
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(amount.trim());
  if (!match) return amount;
  const [, sign, whole = "0", fraction = ""] = match;
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `${sign}¥${grouped}.${fraction.padEnd(2, "0")}`;
}
