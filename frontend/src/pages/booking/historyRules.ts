/**
 * Plain rules of the reservation history pages (/orderHistory, /orderHistoryBoard): the time-range
 * checks of spec §5, the member-phone filter, the filters a page starts with, the export's address
 * and cap, and the board's rows. The query the filters make is the API's (api/bookingHistory.ts).
 */

import { filterQuery, type HistoryFilters } from "../../api/bookingHistory";
import { addDays, storeDate } from "../../lib/dates";
import { timeRangeError as rangeError, type RangeError } from "../../lib/timeRange";

/** docs/api.md: findRecord's dateFrom and dateTo are at most 92 days apart. */
export const HISTORY_MAX_SPAN_DAYS = 92;
/** The board shows at most 7 days: a span of 6 days between the first and the last. */
export const BOARD_MAX_SPAN_DAYS = 6;
export const PAGE_SIZES = [10, 20, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 10;

/** i18n keys of the "bookingHistory" namespace; the English texts are the spec's sentences. */
export type { RangeError };

// --- the time range (spec §5) --------------------------------------------------------------------

/** Spec §5 "Time range": start and end required, end not before start, span within the limit. */
export function timeRangeError(
  from: string,
  to: string,
  maxSpanDays: number = HISTORY_MAX_SPAN_DAYS,
): RangeError | null {
  return rangeError(from, to, maxSpanDays);
}

// --- the member phone ----------------------------------------------------------------------------

/** The phone filter takes the whole phone or its last 4 or more digits (docs/api.md findRecord). */
export function phoneFilterError(phone: string): "filters.phoneInvalid" | null {
  const value = phone.trim();
  if (!value) return null;
  return /^\d{4,11}$/.test(value) ? null : "filters.phoneInvalid";
}

// --- filters and the query -----------------------------------------------------------------------

export function defaultFilters(today: string): HistoryFilters {
  // Past and future bookings: a month back and a month ahead.
  return {
    dateFrom: addDays(today, -30),
    dateTo: addDays(today, 30),
    nurseId: "",
    status: "",
    source: "",
    phone: "",
    memId: "",
  };
}

/** `?memId=12` (a link from a member's page) narrows the list to one member. */
export function memIdFromSearch(search: string): string {
  const raw = new URLSearchParams(search).get("memId") ?? "";
  return /^\d+$/.test(raw) ? raw : "";
}

const EXPORT_PATH = "/rest/reservation/findRecord/export";

export function exportUrl(filters: HistoryFilters): string {
  return `${EXPORT_PATH}?${new URLSearchParams(filterQuery(filters)).toString()}`;
}

/** The export's file name: reservations_2026-03-01_2026-03-31.xlsx. */
export function exportFileName(filters: HistoryFilters): string {
  return `reservations_${filters.dateFrom}_${filters.dateTo}.xlsx`;
}

// --- the board -----------------------------------------------------------------------------------

interface BoardItem {
  id: number;
  nurseId: number | null;
  nurseName: string;
  startTime: string;
}

interface BoardRow<T extends BoardItem> {
  /** "" for the reservations with no nurse chosen ("any nurse"). */
  key: string;
  nurseId: number | null;
  nurseName: string;
  cells: Record<string, T[]>;
}

/** The board's grid: one row per nurse (by name, "any nurse" last), one cell per day, cards in
 * start order. */
export function boardRows<T extends BoardItem>(items: readonly T[], days: readonly string[]): BoardRow<T>[] {
  const rows = new Map<string, BoardRow<T>>();
  for (const item of items) {
    const day = storeDate(item.startTime);
    if (!days.includes(day)) continue;
    const key = item.nurseId === null ? "" : String(item.nurseId);
    let row = rows.get(key);
    if (!row) {
      row = {
        key,
        nurseId: item.nurseId,
        nurseName: item.nurseName,
        cells: Object.fromEntries(days.map((d) => [d, [] as T[]])),
      };
      rows.set(key, row);
    }
    row.cells[day]?.push(item);
  }
  for (const row of rows.values()) {
    for (const cell of Object.values(row.cells)) cell.sort((a, b) => Date.parse(a.startTime) - Date.parse(b.startTime));
  }
  return [...rows.values()].sort((a, b) => {
    if (a.nurseId === null) return 1;
    if (b.nurseId === null) return -1;
    return a.nurseName.localeCompare(b.nurseName);
  });
}
