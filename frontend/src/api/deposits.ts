/** Intention-deposit calls (意向金; docs/api.md "Intention deposits", our definition): taking one
 * (an order of its own, paid on the payment page), applying one to an order at the till, refunding
 * what is left the way it was paid, the lists, one deposit, and the deposit records (DJGL-0001). */

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { centsToText, toCents } from "../lib/money";
import { api, type Page } from "./client";
import type { RefundApprovalAsked } from "./refunds";
import { choices, type QueryOf, type Schemas } from "./schema";

export type Deposit = Schemas["DepositOutput"];
export type DepositDetail = Schemas["DepositDetailOutput"];
export type DepositEntry = Schemas["DepositEntryOutput"];
export type DepositTotals = Schemas["DepositTotalsOutput"];
export type DepositTaken = Schemas["DepositTakenOutput"];
export type DepositApplied = Schemas["DepositAppliedOutput"];
export type DepositRefunded = Schemas["DepositRefundedOutput"];
export type DepositSearch = QueryOf<"intention_list_retrieve">;
export type EntrySearch = QueryOf<"intention_records_retrieve">;
export type RecordSearch = QueryOf<"depositRecord_list_retrieve">;
export type DepositStatus = Deposit["status"];
export type EntryKind = DepositEntry["kind"];
export type DepositRecordPage = Page<Deposit> & { summary: DepositTotals };

export const DEPOSIT_STATUSES = choices<DepositStatus>()([
  "unpaid",
  "open",
  "partlyUsed",
  "used",
  "refunded",
  "cancelled",
]);
export const ENTRY_KINDS = choices<EntryKind>()(["taken", "applied", "refunded", "returned"]);
export const DEPOSIT_EXPORT_PATH = "/rest/depositRecord/export";

/** A deposit with money left may be applied or refunded. */
/** intention/refund's 202: sent for the owner's approval, nothing refunded yet. */
export const depositRefundAsked = (answer: DepositRefunded | RefundApprovalAsked): answer is RefundApprovalAsked =>
  "approvalId" in answer;

export const hasMoneyLeft = (deposit: Deposit) => deposit.status === "open" || deposit.status === "partlyUsed";

export const depositHref = (depositId: number) => `/payIntentionDetail?depositId=${depositId}`;
export const refundHref = (depositId: number) => `/refundIntention?depositId=${depositId}`;
export const payHref = (orderId: number) => `/payment?orderId=${orderId}`;

export const depositKeys = {
  all: ["deposits"] as const,
  list: (search: DepositSearch) => ["deposits", "list", search] as const,
  records: (search: EntrySearch) => ["deposits", "records", search] as const,
  depositRecords: (search: RecordSearch) => ["deposits", "depositRecords", search] as const,
  detail: (depositId: number) => ["deposits", "detail", depositId] as const,
  member: (memId: number) => ["deposits", "member", memId] as const,
};

export function takeDeposit(body: Schemas["DepositTakeInput"], idempotencyKey: string): Promise<DepositTaken> {
  return api.post<DepositTaken>("/rest/intention/take", { body, idempotencyKey, quiet: true });
}

export function applyDeposit(body: Schemas["DepositApplyInput"], idempotencyKey: string): Promise<DepositApplied> {
  return api.post<DepositApplied>("/rest/intention/apply", { body, idempotencyKey, quiet: true });
}

/** Above the store's amount without the owner's code, the server files it for the owner's approval
 * (202, `RefundApprovalAsked`) and refunds nothing yet. */
export function refundDeposit(
  body: Schemas["DepositRefundInput"],
  idempotencyKey: string,
): Promise<DepositRefunded | RefundApprovalAsked> {
  return api.post<DepositRefunded | RefundApprovalAsked>("/rest/intention/refund", {
    body,
    idempotencyKey,
    quiet: true,
  });
}

export const useDeposits = (search: DepositSearch) =>
  useQuery({
    queryKey: depositKeys.list(search),
    queryFn: () => api.get<Page<Deposit>>("/rest/intention/list", { query: { ...search }, quiet: true }),
    placeholderData: keepPreviousData,
  });

export const useDepositEntries = (search: EntrySearch) =>
  useQuery({
    queryKey: depositKeys.records(search),
    queryFn: () => api.get<Page<DepositEntry>>("/rest/intention/records", { query: { ...search }, quiet: true }),
    placeholderData: keepPreviousData,
  });

/** The deposit records (DJGL-0001): only asked once the date range is given (the server requires it). */
export const useDepositRecords = (search: RecordSearch | null) =>
  useQuery({
    queryKey: depositKeys.depositRecords(search ?? {}),
    queryFn: () =>
      api.get<DepositRecordPage>("/rest/depositRecord/list", { query: { ...(search ?? {}) }, quiet: true }),
    enabled: search !== null,
    placeholderData: keepPreviousData,
  });

export const useDeposit = (depositId: number | null) =>
  useQuery({
    queryKey: depositKeys.detail(depositId ?? 0),
    queryFn: () =>
      api.get<DepositDetail>("/rest/intention/detail", { query: { depositId: depositId ?? 0 }, quiet: true }),
    enabled: depositId !== null,
  });

/** The member's deposits with money left at the acting store (the payment page's "use deposit"). */
export const useMemberDeposits = (memId: number | null) =>
  useQuery({
    queryKey: depositKeys.member(memId ?? 0),
    queryFn: () => api.get<Deposit[]>("/rest/intention/memberDeposits", { query: { memId: memId ?? 0 }, quiet: true }),
    enabled: memId !== null,
  });

/** The amount a cashier may apply: at most what is left of the deposit and what is due, in cents. */
export function applicableAmount(left: string, due: string): string {
  const most = Math.min(toCents(left), toCents(due));
  return most > 0 ? centsToText(most) : "0.00";
}

/** Null when `text` is an amount above 0 with at most two places and at most `most`; else the i18n key of why not. */
export function amountError(text: string, most: string): string | null {
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return "errors.amount";
  const cents = toCents(text);
  if (cents <= 0) return "errors.amount";
  if (cents > toCents(most)) return "errors.tooMuch";
  return null;
}
