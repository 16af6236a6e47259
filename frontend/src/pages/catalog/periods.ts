/** The time-period table's rules, as the server checks them (apps/catalog/services.py
 * time_periods_save): the end after the start, a capacity of 1 to 999, no two periods overlapping
 * on a day (a period of every day overlaps that time on each weekday). */

import type { TimePeriod, TimePeriodInput } from "../../api/catalog";
import { highOf } from "../../lib/bounds";

/** A row being edited: capacity is the input's text. */
export interface PeriodRow {
  key: string;
  weekday: number | null;
  start: string;
  end: string;
  capacity: string;
}

export type PeriodProblem =
  | { kind: "endBeforeStart"; n: number; row: number }
  | { kind: "capacity"; n: number; row: number }
  | { kind: "time"; n: number; row: number }
  | { kind: "overlap"; a: number; b: number; row: number };

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

let counter = 0;
function newRowKey(): string {
  counter += 1;
  return `row-${counter}`;
}

export function rowsFrom(periods: readonly TimePeriod[]): PeriodRow[] {
  return periods.map((period) => ({
    key: `saved-${period.id}`,
    weekday: period.weekday,
    start: period.start,
    end: period.end,
    capacity: String(period.capacity),
  }));
}

/** A new row: every day, after the last row's end when there is one. */
export function blankRow(rows: readonly PeriodRow[]): PeriodRow {
  const last = rows.at(-1);
  const start = last && TIME.test(last.end) ? last.end : "09:00";
  const [hours = 9, minutes = 0] = start.split(":").map(Number);
  const endHour = Math.min(hours + 1, 23);
  const end = endHour === hours ? "23:59" : `${String(endHour).padStart(2, "0")}:${String(minutes).padStart(2, "0")}`;
  return { key: newRowKey(), weekday: last?.weekday ?? null, start, end, capacity: "1" };
}

function capacityOf(text: string): number | null {
  return /^\d+$/.test(text.trim()) ? Number(text.trim()) : null;
}

function overlaps(a: PeriodRow, b: PeriodRow): boolean {
  const sameDay = a.weekday === null || b.weekday === null || a.weekday === b.weekday;
  // "HH:MM" texts compare as times.
  return sameDay && a.start < b.end && b.start < a.end;
}

/** Every problem of the table, in the server's order; periods count from 1. */
export function periodProblems(rows: readonly PeriodRow[]): PeriodProblem[] {
  const problems: PeriodProblem[] = [];
  const usable: boolean[] = [];
  rows.forEach((row, index) => {
    const n = index + 1;
    let ok = true;
    if (!TIME.test(row.start) || !TIME.test(row.end)) {
      problems.push({ kind: "time", n, row: index });
      ok = false;
    } else if (row.end <= row.start) {
      problems.push({ kind: "endBeforeStart", n, row: index });
      ok = false;
    }
    const capacity = capacityOf(row.capacity);
    if (capacity === null || capacity < 1 || capacity > highOf("places"))
      problems.push({ kind: "capacity", n, row: index });
    usable.push(ok);
  });
  rows.forEach((row, index) => {
    if (!usable[index]) return;
    for (let other = 0; other < index; other += 1) {
      const earlier = rows[other];
      if (earlier && usable[other] && overlaps(row, earlier)) {
        problems.push({ kind: "overlap", a: other + 1, b: index + 1, row: index });
      }
    }
  });
  return problems;
}

/** The body of the save call (only for rows without problems). */
export function periodsToSave(rows: readonly PeriodRow[]): TimePeriodInput[] {
  return rows.map((row) => ({
    weekday: row.weekday,
    start: row.start,
    end: row.end,
    capacity: Number(row.capacity.trim()),
  }));
}
