/** Stocktake calls (docs/api.md "Stocktakes", `stocktaking/*`): the records list and its export, one
 * stocktake with its lines, and the commands (start, count, scan, submit, cancel; approve and send
 * back for owners). Every command is sent once per submission (an Idempotency-Key); a refusal's
 * message is the caller's to show. Quantities are the server's decimal strings in stock units. */

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api, newIdempotencyKey, type Page } from "./client";
import { choices, type QueryOf, type Schemas } from "./schema";

export const BTN_STOCKTAKE_APPROVE = "BTN-KCGL-STOCKTAKE-APPROVE";
/** Sees cost prices: a stocktake line's cost and value (a stocktake's totals need no code). */
export const BTN_COST_VIEW = "BTN-SPGL-COST-VIEW";
export const EXPORT_PATH = "/rest/stocktaking/list/export";

export type Stocktake = Schemas["StocktakeRowOutput"];
export type StocktakeLine = Schemas["StocktakeLineOutput"];
export type StocktakeStatus = Stocktake["status"];
export type StocktakeSearch = QueryOf<"stocktaking_list_retrieve">;
export type LineSearch = QueryOf<"stocktaking_lines_retrieve"> & { stocktakeId: number };
export type CountLine = Schemas["CountLineInput"];

export const STATUSES = choices<StocktakeStatus>()(["counting", "submitted", "approved", "rejected", "cancelled"]);

/** Counting, or sent back to be counted again: the count can change. */
export const countable = (status: StocktakeStatus) => status === "counting" || status === "rejected";

export const stocktakeKeys = {
  all: ["stocktakes"] as const,
  list: (search: StocktakeSearch) => ["stocktakes", "list", search] as const,
  detail: (stocktakeId: number) => ["stocktakes", "detail", stocktakeId] as const,
  lines: (search: LineSearch) => ["stocktakes", "lines", search] as const,
};

export const stocktakeHref = (stocktakeId: number) => `/inventoryDetail?stocktakeId=${stocktakeId}`;

/** The export's address for the list's filters (null and "" left out). */
export function exportUrl(search: StocktakeSearch): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(search)) {
    if (value !== null && value !== undefined && value !== "" && key !== "pageNo" && key !== "pageSize") {
      query.set(key, String(value));
    }
  }
  const text = query.toString();
  return text ? `${EXPORT_PATH}?${text}` : EXPORT_PATH;
}

const quiet = { quiet: true } as const;
const once = () => ({ idempotencyKey: newIdempotencyKey(), quiet: true });

export const searchStocktakes = (search: StocktakeSearch) =>
  api.get<Page<Stocktake>>("/rest/stocktaking/list", { query: { ...search }, ...quiet });
export const fetchStocktake = (stocktakeId: number) =>
  api.get<Stocktake>("/rest/stocktaking/detail", { query: { stocktakeId }, ...quiet });
export const fetchLines = (search: LineSearch) =>
  api.get<Page<StocktakeLine>>("/rest/stocktaking/lines", { query: { ...search }, ...quiet });

export const startStocktake = (body: Schemas["StocktakeCreateInput"]) =>
  api.post<Stocktake>("/rest/stocktaking/create", { body, ...once() });
export const countLines = (stocktakeId: number, lines: CountLine[]) =>
  api.post<Schemas["StocktakeCountOutput"]>("/rest/stocktaking/count", { body: { stocktakeId, lines }, ...once() });
export const scanBarcode = (stocktakeId: number, barcode: string, quantity: string | null) =>
  api.post<Schemas["StocktakeScanOutput"]>("/rest/stocktaking/scan", {
    body: { stocktakeId, barcode, ...(quantity ? { quantity } : {}) },
    ...once(),
  });

type Command = "submit" | "cancel" | "approve";
export const stocktakeCommand = (command: Command, stocktakeId: number) =>
  api.post<Stocktake>(`/rest/stocktaking/${command}`, { body: { stocktakeId }, ...once() });
export const rejectStocktake = (stocktakeId: number, reason: string) =>
  api.post<Stocktake>("/rest/stocktaking/reject", { body: { stocktakeId, reason }, ...once() });

export const useStocktakes = (search: StocktakeSearch) =>
  useQuery({
    queryKey: stocktakeKeys.list(search),
    queryFn: () => searchStocktakes(search),
    placeholderData: keepPreviousData,
  });

export const useStocktake = (stocktakeId: number | null) =>
  useQuery({
    queryKey: stocktakeKeys.detail(stocktakeId ?? 0),
    queryFn: () => fetchStocktake(stocktakeId ?? 0),
    enabled: stocktakeId !== null,
    retry: false,
  });

export const useStocktakeLines = (search: LineSearch, enabled: boolean) =>
  useQuery({
    queryKey: stocktakeKeys.lines(search),
    queryFn: () => fetchLines(search),
    enabled,
    placeholderData: keepPreviousData,
  });
