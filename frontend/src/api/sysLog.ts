/** System log calls (docs/api.md "System log"): the filters' query, the page, the filter choices,
 * the export's address. Keys start with "sysLog". */

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api, type Page } from "./client";
import type { Schemas } from "./schema";

export type SysLogEntry = Schemas["SystemLogOutput"];
export type SysLogAction = Schemas["SystemLogActionOutput"];
export type SysLogStore = Schemas["StoreNameOutput"];

export interface SysLogFilters {
  dateFrom: string;
  dateTo: string;
  storeId: string;
  who: string;
  role: string;
  action: string;
  objectType: string;
  objectId: string;
}

/** The query of list and export: empty filters are left out, texts trimmed. */
export function sysLogQuery(filters: SysLogFilters): Record<string, string> {
  const query: Record<string, string> = { dateFrom: filters.dateFrom, dateTo: filters.dateTo };
  const optional: (keyof SysLogFilters)[] = ["storeId", "who", "role", "action", "objectType", "objectId"];
  for (const key of optional) {
    const value = filters[key].trim();
    if (value) query[key] = value;
  }
  return query;
}

export const SYS_LOG_EXPORT_PATH = "/rest/sysLog/export";

export function sysLogExportUrl(filters: SysLogFilters): string {
  return `${SYS_LOG_EXPORT_PATH}?${new URLSearchParams(sysLogQuery(filters)).toString()}`;
}

const sysLogKeys = {
  list: (filters: SysLogFilters, pageNo: number, pageSize: number) => ["sysLog", "list", filters, pageNo, pageSize],
  actions: () => ["sysLog", "actions"],
  stores: () => ["sysLog", "stores"],
};

export function useSysLog(filters: SysLogFilters, pageNo: number, pageSize: number) {
  return useQuery({
    queryKey: sysLogKeys.list(filters, pageNo, pageSize),
    queryFn: () =>
      api.get<Page<SysLogEntry>>("/rest/sysLog/list", {
        query: { pageNo, pageSize, ...sysLogQuery(filters) },
        quiet: true,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useSysLogActions() {
  return useQuery({
    queryKey: sysLogKeys.actions(),
    queryFn: () => api.get<SysLogAction[]>("/rest/sysLog/actions", { quiet: true }),
    staleTime: Infinity,
  });
}

export function useSysLogStores() {
  return useQuery({
    queryKey: sysLogKeys.stores(),
    queryFn: () => api.get<SysLogStore[]>("/rest/sysLog/stores", { quiet: true }),
    staleTime: Infinity,
  });
}
