/** Goods out and loans between stores (docs/api.md "Stock: goods out and loans"): the outbound
 * records and their export, one document, the new outbound (in-store use, return, loan), the scan,
 * and a loan's receipt and return. Stock calls pass their errors to the page without an alert
 * (spec §8): each page shows the refusal where it happened. */

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api, type Page } from "./client";
import { type QueryOf, type Schemas } from "./schema";

export type DocumentRow = Schemas["DocumentRowOutput"];
export type DocumentDetail = Schemas["DocumentDetailOutput"];
export type DocumentLine = DocumentDetail["lines"][number];
export type ScannedProduct = Schemas["ScannedProductOutput"];
export type OutboundTypes = Schemas["OutboundTypesOutput"];
export type OutboundCreate = Schemas["OutboundCreateInput"];
export type LoanReturn = Schemas["LoanReturnInput"];
export type OutboundSearch = QueryOf<"stockOut_list_retrieve">;
export type LoanSearch = QueryOf<"stockOut_loanList_retrieve">;
export type OutboundType = OutboundCreate["type"];

export const OUTBOUND_EXPORT_PATH = "/rest/stockOut/export";

/** The top bar's stock submenu opens the new outbound with `?type=use` or `?type=loan` (shell/nav.ts). */
const TYPE_PARAMS: Record<string, OutboundType> = {
  use: "store_use",
  store_use: "store_use",
  return: "return",
  loan: "loan_out",
  loan_out: "loan_out",
};

export function outboundTypeFrom(param: string | null): OutboundType | null {
  return (param && TYPE_PARAMS[param]) || null;
}

export const outboundDetailHref = (id: number) => `/outboundDetail?id=${id}`;
export const lendDetailHref = (id: number) => `/storageLendDetail?id=${id}`;
/** A loan or a loan given back opens on the lending page, where it is confirmed or given back. */
export const documentHref = (row: Pick<DocumentRow, "id" | "kind">) =>
  row.kind === "outbound" ? outboundDetailHref(row.id) : lendDetailHref(row.id);

export const stockOutKeys = {
  all: ["stockOut"] as const,
  types: () => ["stockOut", "types"] as const,
  list: (search: OutboundSearch) => ["stockOut", "list", search] as const,
  loans: (search: LoanSearch) => ["stockOut", "loans", search] as const,
  detail: (id: number) => ["stockOut", "detail", id] as const,
  products: (keyword: string) => ["stockOut", "products", keyword] as const,
};

// --- calls ---------------------------------------------------------------------------------------

export const fetchOutboundTypes = () => api.get<OutboundTypes>("/rest/stockOut/types", { quiet: true });

export const searchOutbound = (search: OutboundSearch) =>
  api.get<Page<DocumentRow>>("/rest/stockOut/list", { query: { ...search }, quiet: true });

export const searchLoans = (search: LoanSearch) =>
  api.get<Page<DocumentRow>>("/rest/stockOut/loanList", { query: { ...search }, quiet: true });

export const fetchDocument = (id: number) => api.get<DocumentDetail>(`/rest/stockOut/detail/${id}`, { quiet: true });

export const scanProduct = (code: string) =>
  api.get<ScannedProduct>("/rest/scancodeout/scan", { query: { code }, quiet: true });

export const productsInStock = (keyword: string) =>
  api.get<ScannedProduct[]>("/rest/scancodeout/products", { query: { keyword }, quiet: true });

/** Takes goods out once per submission (`idempotencyKey`). */
export const createOutbound = (body: OutboundCreate, idempotencyKey: string) =>
  api.post<DocumentDetail>("/rest/stockOut/create", { body, idempotencyKey, quiet: true });

/** The receiving store confirms a loan (or a loan given back) once per submission. */
export const confirmLoan = (id: number, idempotencyKey: string) =>
  api.post<DocumentDetail>(`/rest/stockOut/loanConfirm/${id}`, { body: {}, idempotencyKey, quiet: true });

/** The borrowing store gives goods of a loan back once per submission. */
export const returnLoan = (id: number, body: LoanReturn, idempotencyKey: string) =>
  api.post<DocumentDetail>(`/rest/stockOut/loanReturn/${id}`, { body, idempotencyKey, quiet: true });

// --- hooks ---------------------------------------------------------------------------------------

export const useOutboundTypes = () =>
  useQuery({ queryKey: stockOutKeys.types(), queryFn: fetchOutboundTypes, staleTime: 60_000 });

export const useOutboundRecords = (search: OutboundSearch) =>
  useQuery({
    queryKey: stockOutKeys.list(search),
    queryFn: () => searchOutbound(search),
    placeholderData: keepPreviousData,
  });

export const useLoans = (search: LoanSearch) =>
  useQuery({
    queryKey: stockOutKeys.loans(search),
    queryFn: () => searchLoans(search),
    placeholderData: keepPreviousData,
  });

export const useStockDocument = (id: number | null) =>
  useQuery({
    queryKey: stockOutKeys.detail(id ?? 0),
    queryFn: () => fetchDocument(id ?? 0),
    enabled: id !== null,
    retry: false,
  });

export const useProductsInStock = (keyword: string) =>
  useQuery({
    queryKey: stockOutKeys.products(keyword),
    queryFn: () => productsInStock(keyword),
    enabled: keyword.trim().length > 0,
    placeholderData: keepPreviousData,
  });
