/** Reservation history calls (docs/api.md "Reservations, the board and the rota"): the filters'
 * query, the counts by status, keys and hooks. The filters' checks live with the pages
 * (pages/booking/historyRules.ts). */

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api, type Page } from "./client";
import type { Schemas } from "./schema";
import { STATUSES, bookingApi, type CodeName, type Reservation, type ReservationStatus } from "./booking";

/** The largest page the server gives (docs/api.md "Paging"): the board reads 200 at a time. */
const BOARD_PAGE_SIZE = 200;

export interface HistoryFilters {
  dateFrom: string;
  dateTo: string;
  nurseId: string;
  status: string;
  source: string;
  phone: string;
  memId: string;
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

// --- counts --------------------------------------------------------------------------------------

type StatusCounts = Partial<Record<ReservationStatus, number>> & { total?: number };

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

type StaffName = Schemas["StaffNameOutput"];

const historyKeys = {
  records: (filters: HistoryFilters, pageNo: number, pageSize: number) =>
    ["bookingHistory", "records", filters, pageNo, pageSize] as const,
  counts: (filters: HistoryFilters) => ["bookingHistory", "counts", filters] as const,
  board: (filters: HistoryFilters) => ["bookingHistory", "board", filters] as const,
  detail: (id: number) => ["bookingHistory", "detail", id] as const,
  nurses: (storeId: number) => ["bookingHistory", "nurses", storeId] as const,
  statuses: () => ["bookingHistory", "statuses"] as const,
  sources: () => ["bookingHistory", "sources"] as const,
};

function findRecord(filters: HistoryFilters, pageNo: number, pageSize: number): Promise<Page<Reservation>> {
  return api.get<Page<Reservation>>("/rest/reservation/findRecord", {
    query: pageQuery(filters, pageNo, pageSize),
    quiet: true,
  });
}

async function findRecordCounts(filters: HistoryFilters): Promise<StatusCounts> {
  const raw = await api.get<unknown>("/rest/reservation/findRecordCounts", {
    query: filterQuery(filters),
    quiet: true,
  });
  return normalizeCounts(raw);
}

/** Every reservation of the filters, 200 a page (the server's largest), for the board. */
async function findAllRecords(filters: HistoryFilters, maxPages = 50): Promise<Page<Reservation>> {
  const list: Reservation[] = [];
  let total = 0;
  for (let pageNo = 1; pageNo <= maxPages; pageNo += 1) {
    const page = await findRecord(filters, pageNo, BOARD_PAGE_SIZE);
    total = page.total;
    list.push(...page.list);
    if (page.list.length === 0 || list.length >= total) break;
  }
  return { list, total };
}

const fetchDetail = (id: number) => bookingApi.detail(id, { quiet: true });

export function useRecords(filters: HistoryFilters | null, pageNo: number, pageSize: number) {
  return useQuery({
    queryKey: historyKeys.records(filters as HistoryFilters, pageNo, pageSize),
    queryFn: () => findRecord(filters as HistoryFilters, pageNo, pageSize),
    enabled: filters !== null,
    placeholderData: keepPreviousData,
  });
}

export function useRecordCounts(filters: HistoryFilters | null) {
  return useQuery({
    queryKey: historyKeys.counts(filters as HistoryFilters),
    queryFn: () => findRecordCounts(filters as HistoryFilters),
    enabled: filters !== null,
    placeholderData: keepPreviousData,
  });
}

export function useBoardRecords(filters: HistoryFilters | null) {
  return useQuery({
    queryKey: historyKeys.board(filters as HistoryFilters),
    queryFn: () => findAllRecords(filters as HistoryFilters),
    enabled: filters !== null,
  });
}

export function useRecordDetail(id: number | null) {
  return useQuery({
    queryKey: historyKeys.detail(id ?? 0),
    queryFn: () => fetchDetail(id ?? 0),
    enabled: id !== null,
    retry: false,
  });
}

export function useRecordNurses(storeId: number | null) {
  return useQuery({
    queryKey: historyKeys.nurses(storeId ?? 0),
    queryFn: () => api.get<StaffName[]>(`/rest/reservation/nameList/${storeId ?? 0}`, { quiet: true }),
    enabled: storeId !== null,
    staleTime: 5 * 60_000,
  });
}

export function useStatusOptions() {
  return useQuery({
    queryKey: historyKeys.statuses(),
    queryFn: () => api.get<CodeName[]>("/rest/reservation/findStatus", { quiet: true }),
    staleTime: 5 * 60_000,
  });
}

export function useSourceOptions() {
  return useQuery({
    queryKey: historyKeys.sources(),
    queryFn: () => bookingApi.sources({ quiet: true }),
    staleTime: 5 * 60_000,
  });
}
