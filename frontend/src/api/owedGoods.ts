/** Owed goods calls (欠货, /toTakenList; docs/api.md "Owed goods"): the store's goods its paid orders
 * owe their customers, the export, and handing some or all of them over (once per confirmation). */

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api, type Page } from "./client";
import type { QueryOf, Schemas } from "./schema";

export type OwedRow = Schemas["OwedOutput"];
export type OwedSearch = QueryOf<"owedGoods_list_retrieve">;
export type OwedTake = Schemas["OwedTakeInput"];

export const OWED_EXPORT_PATH = "/rest/owedGoods/export";

export const owedKeys = {
  all: ["owedGoods"] as const,
  list: (search: OwedSearch) => ["owedGoods", "list", search] as const,
};

export function searchOwed(search: OwedSearch): Promise<Page<OwedRow>> {
  return api.get<Page<OwedRow>>("/rest/owedGoods/list", { query: { ...search }, quiet: true });
}

/** Hands `qty` over once per confirmation (`idempotencyKey`); a refusal's message is the caller's. */
export function takeOwed(body: OwedTake, idempotencyKey: string): Promise<OwedRow> {
  return api.post<OwedRow>("/rest/owedGoods/take", { body, idempotencyKey, quiet: true });
}

export const useOwedGoods = (search: OwedSearch) =>
  useQuery({
    queryKey: owedKeys.list(search),
    queryFn: () => searchOwed(search),
    placeholderData: keepPreviousData,
  });
