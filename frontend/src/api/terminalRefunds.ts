/**
 * A card terminal's (or payment box's) refund of an existing refund asked of the terminal again
 * (`pos/refund`: the terminal was offline, or refused it) and asked how it stands (`pos/refundQuery`)
 * (docs/api.md "Payment"). Sending again moves money: one Idempotency-Key per press.
 */

import { api } from "./client";
import type { Schemas } from "./schema";

export type TerminalRefund = Schemas["RefundTenderStatusOutput"];
export type TerminalRefundInput = Schemas["PosRefundInput"];

/** The refund tenders the terminal can be asked again about: a terminal or box tender not yet returned. */
export const resendable = (tender: { method: string; status: string; tenderId: number | null }) =>
  (tender.method === "pos" || tender.method === "box") && tender.status !== "succeeded" && tender.tenderId !== null;

export function resendTerminalRefund(body: TerminalRefundInput, idempotencyKey: string): Promise<TerminalRefund> {
  return api.post<TerminalRefund>("/rest/pos/refund", { body, idempotencyKey, quiet: true });
}

export function queryTerminalRefund(body: TerminalRefundInput): Promise<TerminalRefund> {
  return api.post<TerminalRefund>("/rest/pos/refundQuery", { body, quiet: true });
}
