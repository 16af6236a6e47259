/**
 * Plain rules of /schedule: the period a view shows, the shift type form's checks, and the rota
 * edits a person makes before saving them in one batch.
 */

import { addDays, daysBetween, mondayOf } from "../../lib/dates";
import type { RotaDay, RotaEntry, RotaKind, ShiftTypeInput } from "../../api/schedule";

export type RotaView = "week" | "month";

export const NAME_MAX_LENGTH = 20;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const COLOR = /^#[0-9a-fA-F]{6}$/;
const DEFAULT_COLOR = "#26a69a";

// --- periods -------------------------------------------------------------------------------------

/** The first and last day a view shows around `anchor`: Monday to Sunday, or the calendar month. */
export function periodOf(view: RotaView, anchor: string): { from: string; to: string } {
  if (view === "week") {
    const monday = mondayOf(anchor);
    return { from: monday, to: addDays(monday, 6) };
  }
  const from = `${anchor.slice(0, 7)}-01`;
  const nextMonth = addDays(from, 32).slice(0, 7);
  return { from, to: addDays(`${nextMonth}-01`, -1) };
}

/** The anchor of the previous (-1) or next (+1) period. */
export function shiftPeriod(view: RotaView, anchor: string, step: -1 | 1): string {
  if (view === "week") return addDays(mondayOf(anchor), 7 * step);
  const first = `${anchor.slice(0, 7)}-01`;
  return step === 1 ? `${addDays(first, 32).slice(0, 7)}-01` : `${addDays(first, -1).slice(0, 7)}-01`;
}

/** Whether `day` is Saturday or Sunday (shaded in the grid). */
export function isWeekend(day: string): boolean {
  const span = daysBetween(mondayOf(day), day);
  return span === 5 || span === 6;
}

// --- the shift type form -------------------------------------------------------------------------

export type ShiftTypeErrors = Partial<Record<"name" | "start" | "end" | "color", string>>;

/** i18n keys of the "schedule" namespace. Times are "HH:MM" and compare as strings; a shift ends
 * after it starts (no shift crosses midnight). */
export function shiftTypeErrors(input: ShiftTypeInput): ShiftTypeErrors {
  const errors: ShiftTypeErrors = {};
  const name = input.name.trim();
  if (!name) errors.name = "errors.nameRequired";
  else if (name.length > NAME_MAX_LENGTH) errors.name = "errors.nameTooLong";
  if (!TIME.test(input.start)) errors.start = "errors.startRequired";
  if (!TIME.test(input.end)) errors.end = "errors.endRequired";
  else if (!errors.start && input.end <= input.start) errors.end = "errors.endAfterStart";
  if (!COLOR.test(input.color ?? "")) errors.color = "errors.color";
  return errors;
}

export function emptyShiftType(): ShiftTypeInput {
  return { name: "", start: "09:00", end: "18:00", color: DEFAULT_COLOR, enabled: true };
}

// --- rota edits ----------------------------------------------------------------------------------

export type Choice = { kind: "shift"; shiftTypeId: number } | { kind: Exclude<RotaKind, "shift"> };

export type Pending = Record<string, RotaEntry>;

const cellKey = (employeeId: number, date: string) => `${employeeId}|${date}`;

/** The saved day of an employee ("none" when the server has nothing). */
export function savedCell(days: readonly RotaDay[], employeeId: number, date: string): Choice {
  const day = days.find((item) => item.employeeId === employeeId && item.date === date);
  if (!day) return { kind: "none" };
  if (day.kind === "shift")
    return day.shiftTypeId === null ? { kind: "none" } : { kind: "shift", shiftTypeId: day.shiftTypeId };
  return { kind: day.kind };
}

function sameChoice(a: Choice, b: Choice): boolean {
  return a.kind === b.kind && (a.kind !== "shift" || (b.kind === "shift" && a.shiftTypeId === b.shiftTypeId));
}

function entryOf(employeeId: number, date: string, choice: Choice): RotaEntry {
  return choice.kind === "shift"
    ? { employeeId, date, kind: "shift", shiftTypeId: choice.shiftTypeId }
    : { employeeId, date, kind: choice.kind };
}

/** Records a cell's choice; choosing what is saved already drops the edit. */
export function applyChoice(
  pending: Pending,
  days: readonly RotaDay[],
  employeeId: number,
  date: string,
  choice: Choice,
): Pending {
  const key = cellKey(employeeId, date);
  const next = { ...pending };
  if (sameChoice(savedCell(days, employeeId, date), choice)) delete next[key];
  else next[key] = entryOf(employeeId, date, choice);
  return next;
}

/** What a cell shows: the edit when there is one, otherwise what is saved. */
export function shownCell(
  pending: Pending,
  days: readonly RotaDay[],
  employeeId: number,
  date: string,
): { choice: Choice; edited: boolean } {
  const entry = pending[cellKey(employeeId, date)];
  if (!entry) return { choice: savedCell(days, employeeId, date), edited: false };
  const choice: Choice =
    entry.kind === "shift" ? { kind: "shift", shiftTypeId: entry.shiftTypeId ?? 0 } : { kind: entry.kind };
  return { choice, edited: true };
}

/** The body of POST /rest/schedule/rota/save, by employee then date. */
export function entriesOf(pending: Pending): RotaEntry[] {
  return Object.values(pending).sort((a, b) => a.employeeId - b.employeeId || a.date.localeCompare(b.date));
}

/** Drops the edits of a period (after copying last week onto it). */
export function withoutPeriod(pending: Pending, from: string, to: string): Pending {
  return Object.fromEntries(Object.entries(pending).filter(([, entry]) => entry.date < from || entry.date > to));
}

/** Black or white text, whichever reads on the shift's colour. */
export function textOn(color: string): string {
  const match = COLOR.exec(color) ? color.slice(1) : "888888";
  const [r, g, b] = [0, 2, 4].map((index) => parseInt(match.slice(index, index + 2), 16)) as [number, number, number];
  return 0.299 * r + 0.587 * g + 0.114 * b > 160 ? "#000" : "#fff";
}
