/**
 * Plain rules of the message and task pages: filters, selection, and how money reads (times, ids
 * and paging are the shared ones of src/lib).
 */

import { TASK_TYPES, type MessageReadFilter, type TaskType } from "../../api/messaging";

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
  return TASK_TYPES.find((type) => String(type) === raw) ?? null;
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

// --- formatting ----------------------------------------------------------------------------------

// Money reads the same on every page: the helper lives in lib/money.ts.
export { formatMoney } from "../../lib/money";
