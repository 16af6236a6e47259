/**
 * Plain rules of the reservation history pages (/orderHistory, /orderHistoryBoard): the time-range
 * checks of spec §5, the member-phone filter, the query the filters make, the export cap, and how
 * dates and times read in the store's zone (Asia/Shanghai) whatever the browser's zone.
 */

import { STATUSES, type ReservationStatus } from "../../api/booking";
import { addDays, daysBetween, storeDate } from "../../lib/dates";
import { maskPhone } from "../../lib/format";

export {
  STORE_TIME_ZONE,
  addDays,
  dayHeading,
  daysBetween,
  daysOf,
  mondayOf,
  storeDate,
  storeDateTime,
  storeTime,
  storeToday,
} from "../../lib/dates";
export { maskPhone };

/** docs/api.md: findRecord's dateFrom and dateTo are at most 92 days apart. */
export const HISTORY_MAX_SPAN_DAYS = 92;
/** The board shows at most 7 days: a span of 6 days between the first and the last. */
export const BOARD_MAX_SPAN_DAYS = 6;
/** Spec §5 and §9: an export of 100,000 rows or more is refused. */
export const EXPORT_ROW_CAP = 100_000;
/** The largest page the server gives (docs/api.md "Paging"): the board reads 200 at a time. */
export const BOARD_PAGE_SIZE = 200;
export const PAGE_SIZES = [10, 20, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 10;

// The statuses come from the schema (bookingApi checks its list against the generated enum).
export { STATUSES, type ReservationStatus };

/** i18n keys of the "bookingHistory" namespace; the English texts are the spec's sentences. */
export type RangeError = "range.startRequired" | "range.endRequired" | "range.endBeforeStart" | "range.tooLong";

// --- the time range (spec §5) --------------------------------------------------------------------

/** Spec §5 "Time range": start and end required, end not before start, span within the limit. */
export function timeRangeError(
  from: string,
  to: string,
  maxSpanDays: number = HISTORY_MAX_SPAN_DAYS,
): RangeError | null {
  if (!from) return "range.startRequired";
  if (!to) return "range.endRequired";
  const span = daysBetween(from, to);
  if (span === null || span < 0) return "range.endBeforeStart";
  return span > maxSpanDays ? "range.tooLong" : null;
}

// --- the member phone ----------------------------------------------------------------------------

/** The phone filter takes the whole phone or its last 4 or more digits (docs/api.md findRecord). */
export function phoneFilterError(phone: string): "filters.phoneInvalid" | null {
  const value = phone.trim();
  if (!value) return null;
  return /^\d{4,11}$/.test(value) ? null : "filters.phoneInvalid";
}

// --- filters and the query -----------------------------------------------------------------------

export interface HistoryFilters {
  dateFrom: string;
  dateTo: string;
  nurseId: string;
  status: string;
  source: string;
  phone: string;
  memId: string;
}

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

/** The query of findRecord, findRecordCounts and the export: empty filters are left out. */
export function filterQuery(filters: HistoryFilters): Record<string, string> {
  const query: Record<string, string> = { dateFrom: filters.dateFrom, dateTo: filters.dateTo };
  const optional: (keyof HistoryFilters)[] = ["nurseId", "status", "source", "phone", "memId"];
  for (const key of optional) {
    const value = filters[key].trim();
    if (value) query[key] = value;
  }
  return query;
}

export function pageQuery(filters: HistoryFilters, pageNo: number, pageSize: number): Record<string, string | number> {
  return { pageNo, pageSize, ...filterQuery(filters) };
}

export const EXPORT_PATH = "/rest/reservation/findRecord/export";

export function exportUrl(filters: HistoryFilters): string {
  return `${EXPORT_PATH}?${new URLSearchParams(filterQuery(filters)).toString()}`;
}

/** Spec §5: 100,000 rows or more are refused before asking the server. */
export function exportRefused(total: number): boolean {
  return total >= EXPORT_ROW_CAP;
}

/** The export's file name: reservations_2026-03-01_2026-03-31.xlsx. */
export function exportFileName(filters: HistoryFilters): string {
  return `reservations_${filters.dateFrom}_${filters.dateTo}.xlsx`;
}

// --- counts --------------------------------------------------------------------------------------

export type StatusCounts = Partial<Record<ReservationStatus, number>> & { total?: number };

/** findRecordCounts answers counts by status: `{booked: 3, …, total}` (like the board's counts);
 * a list `[{status|code, count}]` is read too. */
export function normalizeCounts(raw: unknown): StatusCounts {
  const counts: StatusCounts = {};
  if (Array.isArray(raw)) {
    for (const item of raw as { status?: string; code?: string; count?: number; total?: number }[]) {
      const status = item.status ?? item.code;
      const count = Number(item.count ?? item.total ?? 0);
      if (status && (STATUSES as readonly string[]).includes(status)) counts[status as ReservationStatus] = count;
    }
  } else if (raw && typeof raw === "object") {
    for (const [key, value] of Object.entries(raw as Record<string, unknown>)) {
      if ((STATUSES as readonly string[]).includes(key) || key === "total") {
        (counts as Record<string, number>)[key] = Number(value) || 0;
      }
    }
  }
  if (counts.total === undefined) counts.total = STATUSES.reduce((sum, status) => sum + (counts[status] ?? 0), 0);
  return counts;
}

// --- the board -----------------------------------------------------------------------------------

/** Spec colours of the statuses (the board's blocks and the list's chips). */
export const STATUS_COLORS: Record<ReservationStatus, string> = {
  booked: "#1976d2",
  arrived: "#00897b",
  inService: "#ef6c00",
  done: "#2e7d32",
  noShow: "#c62828",
  cancelled: "#9e9e9e",
};

export function statusColor(status: string): string {
  return STATUS_COLORS[status as ReservationStatus] ?? "#757575";
}

export interface BoardItem {
  id: number;
  nurseId: number | null;
  nurseName: string;
  startTime: string;
}

export interface BoardRow<T extends BoardItem> {
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
