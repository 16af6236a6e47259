/** Card operations of the billing and member pages (docs/api.md "Cards"): transfer (转卡), card to
 * card (卡转卡), change card (换卡) and upgrade (升级). Every command sends the Idempotency-Key of its
 * submitted form, so a retry of the same submission never moves value twice. */

import { useQuery } from "@tanstack/react-query";
import { type HeldCard, type MemberCard } from "./cards";
import { api, type Page } from "./client";
import type { Schemas } from "./schema";

/** Button codes (docs/api.md "Role codes") of the card operations. */
export const BTN_CARD_TRANSFER = "BTN-KDJC-CARD-TRANSFER";
export const BTN_CARD_TO_CARD = "BTN-KDJC-CARD-TO-CARD";
export const BTN_CARD_CHANGE = "BTN-HYGL-CARD-CHANGE";
export const BTN_CARD_UPGRADE = "BTN-HYGL-CARD-UPGRADE";

export type TransferCheck = Schemas["TransferCheckOutput"];
export type Transfer = Schemas["TransferOutput"];
/** transferCardCommit's 202: the store's card transfers need the owner's approval and the caller
 * lacks BTN-KDJC-CARD-TRANSFER-APPROVE; nothing moved yet. */
export type TransferApprovalAsked = Schemas["TransferApprovalAskedOutput"];
export type CardToCardResult = Schemas["CardToCardOutput"];
export type ChangePreview = Schemas["ChangePreviewOutput"];
export type CardChangeResult = Schemas["CardChangeOutput"];
export type CardType = Schemas["CardTypeOutput"];
type CardToCardBody = Schemas["CardToCardInput"];

/** Under the member account's `cardKeys.all`, so a change to a card refreshes both. */
const operationKeys = {
  transferCheck: (cardId: number) => ["cards", "transferCheck", cardId] as const,
  preview: (cardId: number, cardTypeId: number) => ["cards", "changePreview", cardId, cardTypeId] as const,
  storedValueTypes: ["cards", "storedValueTypes"] as const,
};

// --- reads ---------------------------------------------------------------------------------------

export function fetchTransferCheck(cardId: number): Promise<TransferCheck> {
  return api.get<TransferCheck>("/rest/usercard/transferCard", { query: { cardId } });
}

export function fetchChangePreview(cardId: number, cardTypeId: number): Promise<ChangePreview> {
  return api.get<ChangePreview>("/rest/packageCard/changeCardPreview", { query: { cardId, cardTypeId } });
}

/** The stored-value card types the chosen store sells (the targets of a change or an upgrade). */
export async function fetchStoredValueTypes(): Promise<CardType[]> {
  const page = await api.get<Page<CardType>>("/rest/commodity/cardTypeList", {
    query: { kind: "storedValue", enabled: true, pageNo: 1, pageSize: 100 },
  });
  return page.list;
}

export function useTransferCheck(cardId: number | null) {
  return useQuery({
    queryKey: operationKeys.transferCheck(cardId ?? 0),
    queryFn: () => fetchTransferCheck(cardId ?? 0),
    enabled: cardId !== null,
  });
}

export function useChangePreview(cardId: number | null, cardTypeId: number | null) {
  return useQuery({
    queryKey: operationKeys.preview(cardId ?? 0, cardTypeId ?? 0),
    queryFn: () => fetchChangePreview(cardId ?? 0, cardTypeId ?? 0),
    enabled: cardId !== null && cardTypeId !== null,
  });
}

export function useStoredValueTypes() {
  return useQuery({ queryKey: operationKeys.storedValueTypes, queryFn: fetchStoredValueTypes });
}

// --- commands (each with its form's Idempotency-Key) ------------------------------------------------

export function startTransfer(cardId: number, toMemId: number, idempotencyKey: string): Promise<Transfer> {
  return api.post<Transfer>(`/rest/usercard/addtransferCard/${cardId}`, { body: { toMemId }, idempotencyKey });
}

/** Commits the card's started transfer; in a store whose card transfers need the owner's approval,
 * without the approval code, the answer is the approval request instead (`transferSentForApproval`). */
export function commitTransfer(cardId: number, idempotencyKey: string): Promise<Transfer | TransferApprovalAsked> {
  return api.post<Transfer | TransferApprovalAsked>(`/rest/usercard/transferCardCommit/${cardId}`, {
    body: {},
    idempotencyKey,
  });
}

export const transferSentForApproval = (answer: Transfer | TransferApprovalAsked): answer is TransferApprovalAsked =>
  "approvalId" in answer;

export function moveCardToCard(body: CardToCardBody, idempotencyKey: string): Promise<CardToCardResult> {
  return api.post<CardToCardResult>("/rest/transferCardRest/cardToCard", { body, idempotencyKey });
}

export function changeCard(cardId: number, cardTypeId: number, idempotencyKey: string): Promise<CardChangeResult> {
  return api.post<CardChangeResult>("/rest/packageCard/changeCard", { body: { cardId, cardTypeId }, idempotencyKey });
}

export function upgradeCard(cardId: number, cardTypeId: number, idempotencyKey: string): Promise<HeldCard> {
  return api.post<HeldCard>("/rest/packageCard/upgrade", { body: { cardId, cardTypeId }, idempotencyKey });
}

// --- rules the pages share -------------------------------------------------------------------------

/** A card the operations can act on: active (an active card past its date shows `expired`). */
export function isUsable(card: MemberCard): boolean {
  return card.status === "active";
}

/** Cents of a money string ("1,100.00" is never sent: the server answers "1100.00"); null when the
 * text is not an amount with at most 2 places. Used only to check a typed amount against the
 * balance the server answered, never to compute a value the server is sent. */
export function cents(text: string): number | null {
  const match = /^\s*(\d+)(?:\.(\d{1,2}))?\s*$/.exec(text);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
}
