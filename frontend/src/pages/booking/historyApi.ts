/** Reservation history calls (docs/api.md "Reservations, the board and the rota"), keys and hooks. */

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api, type Page } from "../../api/client";
import type { Schemas } from "../../api/schema";
import { bookingApi, type CodeName, type Reservation } from "../../api/booking";
import {
  BOARD_PAGE_SIZE,
  filterQuery,
  normalizeCounts,
  pageQuery,
  type HistoryFilters,
  type StatusCounts,
} from "./historyRules";

export type NurseOption = Schemas["StaffNameOutput"];

export const historyKeys = {
  all: ["bookingHistory"] as const,
  records: (filters: HistoryFilters, pageNo: number, pageSize: number) =>
    ["bookingHistory", "records", filters, pageNo, pageSize] as const,
  counts: (filters: HistoryFilters) => ["bookingHistory", "counts", filters] as const,
  board: (filters: HistoryFilters) => ["bookingHistory", "board", filters] as const,
  detail: (id: number) => ["bookingHistory", "detail", id] as const,
  nurses: (storeId: number) => ["bookingHistory", "nurses", storeId] as const,
  statuses: () => ["bookingHistory", "statuses"] as const,
  sources: () => ["bookingHistory", "sources"] as const,
};

export function findRecord(filters: HistoryFilters, pageNo: number, pageSize: number): Promise<Page<Reservation>> {
  return api.get<Page<Reservation>>("/rest/reservation/findRecord", {
    query: pageQuery(filters, pageNo, pageSize),
    quiet: true,
  });
}

export async function findRecordCounts(filters: HistoryFilters): Promise<StatusCounts> {
  const raw = await api.get<unknown>("/rest/reservation/findRecordCounts", {
    query: filterQuery(filters),
    quiet: true,
  });
  return normalizeCounts(raw);
}

/** Every reservation of the filters, 200 a page (the server's largest), for the board. */
export async function findAllRecords(filters: HistoryFilters, maxPages = 50): Promise<Page<Reservation>> {
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

export const fetchDetail = (id: number) => bookingApi.detail(id, { quiet: true });

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

export function useReservationDetail(id: number | null) {
  return useQuery({
    queryKey: historyKeys.detail(id ?? 0),
    queryFn: () => fetchDetail(id ?? 0),
    enabled: id !== null,
    retry: false,
  });
}

export function useNurseOptions(storeId: number | null) {
  return useQuery({
    queryKey: historyKeys.nurses(storeId ?? 0),
    queryFn: () => api.get<NurseOption[]>(`/rest/reservation/nameList/${storeId ?? 0}`, { quiet: true }),
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
