/**
 * Live stock (/systemStorage), a product's move history and safety stock (/safetyStock): calls,
 * query keys and hooks. Stock calls pass their errors to the page without a notice (spec §8): the
 * lists show their error state, the safety save shows the server's message beside the form.
 */

import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, type Page } from "./client";
import { listQuery } from "./catalog";
import { choices, type QueryOf, type Schemas } from "./schema";

export type StockRow = Schemas["StockRowOutput"];
export type MoveRow = Schemas["MoveRowOutput"];
export type StockStores = Schemas["StockStoresOutput"];
type MovesPage = Schemas["MovesPageOutput"];
type SafetySetInput = Schemas["SafetySetInput"];
type SafetySetOutput = Schemas["SafetySetOutput"];

export type LiveSearch = QueryOf<"stock_live_retrieve">;
export type MovesSearch = QueryOf<"stock_moves_retrieve">;
export type LiveSort = NonNullable<LiveSearch["sort"]>;
export const LIVE_SORTS = choices<LiveSort>()(["code", "-code", "name", "-name", "stock", "-stock"]);
export type UseType = NonNullable<LiveSearch["useType"]>;
export const USE_TYPES = choices<Exclude<UseType, "">>()(["retail", "professional"]);

export const LIVE_EXPORT_PATH = "/rest/stock/liveExport";

export const stockKeys = {
  all: ["stock"] as const,
  stores: () => ["stock", "stores"] as const,
  live: (search: LiveSearch) => ["stock", "live", search] as const,
  moves: (search: MovesSearch) => ["stock", "moves", search] as const,
};

function fetchStores(): Promise<StockStores> {
  return api.get<StockStores>("/rest/stock/stores", { quiet: true });
}

function fetchLive(search: LiveSearch): Promise<Page<StockRow>> {
  return api.get<Page<StockRow>>("/rest/stock/live", { query: listQuery(search), quiet: true });
}

function fetchMoves(search: MovesSearch): Promise<MovesPage> {
  return api.get<MovesPage>("/rest/stock/moves", { query: listQuery(search), quiet: true });
}

export function saveSafetyStock(body: SafetySetInput): Promise<SafetySetOutput> {
  return api.post<SafetySetOutput>("/rest/stock/safety/set", { body, quiet: true });
}

export function useStockStores() {
  return useQuery({ queryKey: stockKeys.stores(), queryFn: fetchStores, staleTime: 5 * 60_000 });
}

/** The store's live stock; waits until a store is known (a head-office level chooses one). */
export function useLiveStock(search: LiveSearch, enabled = true) {
  return useQuery({
    queryKey: stockKeys.live(search),
    queryFn: () => fetchLive(search),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useProductMoves(search: MovesSearch | null) {
  return useQuery({
    queryKey: stockKeys.moves(search ?? { productId: 0 }),
    queryFn: () => fetchMoves(search ?? { productId: 0 }),
    placeholderData: keepPreviousData,
    enabled: search !== null,
  });
}

export function useSaveSafetyStock() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveSafetyStock,
    // The lists' flags change, and a task may have been raised (the top bar's badge).
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: stockKeys.all }),
        client.invalidateQueries({ queryKey: ["messaging"] }),
      ]),
  });
}

/** Pages of the flows' documents that are not stock documents, by the move's document kind. */
const FLOW_DOCUMENT_PAGES: Record<string, (id: number) => string> = {
  order: (id) => `/orderDetails?orderId=${id}`,
  refund: (id) => `/refundDetail?recedeId=${id}`,
  stocktake: (id) => `/inventoryDetail?stocktakeId=${id}`,
};

/** Where a move's document opens: a stock document's detail page by its kind, an order's, a refund's
 * or a stocktake's details. */
export function documentHref(move: Pick<MoveRow, "documentKind" | "documentId" | "stockDocumentKind">): string | null {
  switch (move.stockDocumentKind) {
    case "receipt":
      return `/storageDetail?id=${move.documentId}`;
    case "outbound":
      return `/outboundDetail?id=${move.documentId}`;
    case "loan":
    case "loan_return":
      return `/storageLendDetail?id=${move.documentId}`;
    default:
      return FLOW_DOCUMENT_PAGES[move.documentKind]?.(move.documentId) ?? null;
  }
}
