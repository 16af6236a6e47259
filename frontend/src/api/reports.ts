/** The business reports and the download centre (docs/api.md "Reports", contract §10): one report's
 * filters (select), one page of it (show), its export, and the download centre's jobs. Keys start
 * with "reports". */

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api, newIdempotencyKey, type Page } from "./client";
import type { Schemas } from "./schema";

export type ReportSelect = Schemas["ReportSelectOutput"];
export type ReportShow = Schemas["ReportShowOutput"];
export type ReportColumn = Schemas["ReportColumnOutput"];
export type ReportSeries = Schemas["ReportSeriesOutput"];
export type ExportJob = Schemas["ExportJobOutput"];
export type ReportRow = Record<string, unknown>;

/** The filters a report page holds, as the query parameters of show and export ("" = not set). */
export interface ReportFilterValues {
  from: string;
  to: string;
  storeId: string;
  regionId: string;
  staffId: string;
  categoryId: string;
  segment: string;
  grouping: "then" | "today";
  extra: Record<string, string>;
}

export const EMPTY_FILTERS: ReportFilterValues = {
  from: "",
  to: "",
  storeId: "",
  regionId: "",
  staffId: "",
  categoryId: "",
  segment: "",
  grouping: "then",
  extra: {},
};

const NAMED: readonly (keyof Omit<ReportFilterValues, "extra" | "grouping">)[] = [
  "from",
  "to",
  "storeId",
  "regionId",
  "staffId",
  "categoryId",
  "segment",
];

/** The query of show and export: set filters only, the report's own filters by their names. */
export function reportQuery(filters: ReportFilterValues): Record<string, string> {
  const query: Record<string, string> = {};
  for (const name of NAMED) if (filters[name]) query[name] = filters[name];
  if (filters.grouping === "today") query.grouping = "today";
  for (const [name, value] of Object.entries(filters.extra)) if (value.trim()) query[name] = value.trim();
  return query;
}

/** The filters a page address carries (a drill-down's link, a reload): the named ones and any the
 * report offers as its own (`extraNames`). */
export function filtersFromSearch(search: string, extraNames: readonly string[]): Partial<ReportFilterValues> {
  const params = new URLSearchParams(search);
  const found: Partial<ReportFilterValues> = {};
  for (const name of NAMED) {
    const value = params.get(name);
    if (value) found[name] = value;
  }
  if (params.get("grouping") === "today") found.grouping = "today";
  const extra: Record<string, string> = {};
  for (const name of extraNames) {
    const value = params.get(name);
    if (value) extra[name] = value;
  }
  if (Object.keys(extra).length) found.extra = extra;
  return found;
}

const base = (key: string) => `/rest/businessReport${key}`;

export const reportKeys = {
  select: (key: string) => ["reports", key, "select"],
  show: (key: string, filters: ReportFilterValues, pageNo: number, pageSize: number, sort: string) => [
    "reports",
    key,
    "show",
    filters,
    pageNo,
    pageSize,
    sort,
  ],
  jobs: (pageNo: number, pageSize: number) => ["reports", "jobs", pageNo, pageSize],
};

export function useReportSelect(key: string) {
  return useQuery({
    queryKey: reportKeys.select(key),
    queryFn: () => api.get<ReportSelect>(`${base(key)}/select`, { quiet: true }),
    staleTime: 5 * 60 * 1000,
    retry: false,
  });
}

export function useReportShow(
  key: string,
  filters: ReportFilterValues | null,
  pageNo: number,
  pageSize: number,
  sort: string,
) {
  return useQuery({
    queryKey: reportKeys.show(key, filters ?? EMPTY_FILTERS, pageNo, pageSize, sort),
    queryFn: () =>
      api.get<ReportShow>(`${base(key)}/show`, {
        query: { ...reportQuery(filters ?? EMPTY_FILTERS), pageNo, pageSize, ...(sort ? { sort } : {}) },
        quiet: true,
      }),
    enabled: filters !== null,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** Queues the export of the applied filters; the file is made in the download centre. */
export function exportReport(key: string, filters: ReportFilterValues, sort: string): Promise<{ jobId: number }> {
  return api.post<{ jobId: number }>(`${base(key)}/export`, {
    body: { ...reportQuery(filters), ...(sort ? { sort } : {}) },
    idempotencyKey: newIdempotencyKey(),
  });
}

const UNFINISHED: readonly string[] = ["queued", "running"];

/** The download centre's jobs; polled every `pollMs` while one is still being made. */
export function useDownloadJobs(pageNo: number, pageSize: number, pollMs = 2000) {
  return useQuery({
    queryKey: reportKeys.jobs(pageNo, pageSize),
    queryFn: () => api.get<Page<ExportJob>>("/rest/downloadCenter/list", { query: { pageNo, pageSize }, quiet: true }),
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.list.some((job) => UNFINISHED.includes(job.status)) ? pollMs : false,
  });
}

export const downloadUrl = (jobId: number) => `/rest/downloadCenter/file/${jobId}`;
export const DOWNLOAD_CENTRE_ROUTE = "/downloadCenter";
