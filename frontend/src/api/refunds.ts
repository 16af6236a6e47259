/** Refund calls (docs/api.md "Refunds", contract §8 `recede/*`): what an order can still refund, what
 * a refund would give back (recede/quote), the refund itself (once per submission), the refunds list
 * and one refund. The server decides every
 * amount; the browser only says which lines, how many units or how much, and why. */

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api, type Page } from "./client";
import type { QueryOf, Schemas } from "./schema";

export const BTN_REFUND = "BTN-YLTH-REFUND";
/** The owner's code: above the store's amount the refund is made at once, else sent for approval. */
export const BTN_REFUND_APPROVE = "BTN-YLTH-REFUND-APPROVE";

export type Judged = Schemas["JudgedOrderOutput"];
export type JudgedLine = Judged["lines"][number];
export type RefundRow = Schemas["RefundRowOutput"];
export type RefundDetail = Schemas["RefundDetailOutput"];
export type RefundTender = RefundDetail["tenders"][number];
export type RefundInput = Schemas["RefundInput"];
export type RefundQuote = Schemas["RefundQuoteOutput"];
/** recede/recede's 202: above the store's amount without the owner's code, sent for approval. */
export type RefundApprovalAsked = Schemas["RefundApprovalAskedOutput"];
export type RefundSearch = QueryOf<"recede_recedeList_retrieve">;

export const refundKeys = {
  all: ["refunds"] as const,
  judge: (orderId: number) => ["refunds", "judge", orderId] as const,
  // Not under `all`: the refund invalidates `all`, and its own quote must not be asked again after it.
  quote: (body: RefundInput) => ["refundQuote", body] as const,
  list: (search: RefundSearch) => ["refunds", "list", search] as const,
  detail: (recedeId: number) => ["refunds", "detail", recedeId] as const,
};

export const returnHref = (orderId: number) => `/returnList?orderId=${orderId}`;
export const refundDetailHref = (recedeId: number) => `/refundDetail?recedeId=${recedeId}`;

/** An order that may have something to refund (the server's judgeStatus says what exactly). */
export const refundable = (order: { status: string }) => order.status === "paid" || order.status === "partlyPaid";

export function judgeOrder(orderId: number): Promise<Judged> {
  return api.get<Judged>("/rest/recede/judgeStatus", { query: { orderId }, quiet: true });
}

/** What recede/recede with `body` would give back, tender by tender, as the server works it out
 * (nothing is written); a refusal is the one the refund would get. */
export function quoteRefund(body: RefundInput): Promise<RefundQuote> {
  return api.post<RefundQuote>("/rest/recede/quote", { body, quiet: true });
}

/** Refunds once per submission (`idempotencyKey`); a refusal's message is the caller's to show. Above
 * the store's amount without the owner's code the refund is not made but sent to the owner for
 * approval: the answer is then the approval request (`sentForApproval`). */
export function refundOrder(body: RefundInput, idempotencyKey: string): Promise<RefundDetail | RefundApprovalAsked> {
  return api.post<RefundDetail | RefundApprovalAsked>("/rest/recede/recede", { body, idempotencyKey, quiet: true });
}

export const sentForApproval = (answer: RefundDetail | RefundApprovalAsked): answer is RefundApprovalAsked =>
  "approvalId" in answer;

export const approvalHref = (approvalId: number) => `/approvalCenter?id=${approvalId}`;

export function searchRefunds(search: RefundSearch): Promise<Page<RefundRow>> {
  return api.get<Page<RefundRow>>("/rest/recede/recedeList", { query: { ...search }, quiet: true });
}

function fetchRefund(recedeId: number): Promise<RefundDetail> {
  return api.get<RefundDetail>("/rest/recede/recedeDetail", { query: { recedeId }, quiet: true });
}

export const useJudged = (orderId: number | null) =>
  useQuery({
    queryKey: refundKeys.judge(orderId ?? 0),
    queryFn: () => judgeOrder(orderId ?? 0),
    enabled: orderId !== null,
    retry: false,
  });

export const useRefundQuote = (body: RefundInput) =>
  useQuery({
    queryKey: refundKeys.quote(body),
    queryFn: () => quoteRefund(body),
    retry: false,
    staleTime: 0,
    gcTime: 0, // a quote is for one confirmation: the next one asks again
  });

export const useRefunds = (search: RefundSearch) =>
  useQuery({
    queryKey: refundKeys.list(search),
    queryFn: () => searchRefunds(search),
    placeholderData: keepPreviousData,
  });

export const useRefund = (recedeId: number | null) =>
  useQuery({
    queryKey: refundKeys.detail(recedeId ?? 0),
    queryFn: () => fetchRefund(recedeId ?? 0),
    enabled: recedeId !== null,
    retry: false,
  });
