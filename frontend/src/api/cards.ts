/** A member's cards and coupons as the member account shows them (docs/api.md "Cards"): the cards,
 * a card's ledger and the sessions drawn from it, and the manager's delay, freeze and unfreeze
 * (each once per submitted form: `idempotencyKey`); the coupons and their issue. */

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api, type Page } from "./client";
import { choices, type QueryOf, type Schemas } from "./schema";

/** Button codes (docs/api.md "Role codes") of the card and coupon actions. */
export const BTN_CARD_DELAY = "BTN-HYGL-CARD-DELAY";
export const BTN_CARD_FREEZE = "BTN-HYGL-CARD-FREEZE";
export const BTN_COUPON_ISSUE = "BTN-HYGL-COUPON-ISSUE";

export type MemberCard = Schemas["CardOutput"];
export type HeldCard = Schemas["HeldCardOutput"];
export type CardEntry = Schemas["CardEntryOutput"];
export type CardDetail = Schemas["CardDetailOutput"];
export type SessionUse = Schemas["SessionUseOutput"];
export type MemberCoupon = Schemas["CouponOutput"];
export type CouponStatus = MemberCoupon["status"];
export const COUPON_STATUSES = choices<CouponStatus>()(["available", "used", "expired", "void"]);

type CouponSearch = QueryOf<"coupon_couponList_retrieve">;
type DelayBody = Schemas["CardDelayInput"];
type FreezeBody = Schemas["CardFreezeInput"];
type IssueBody = Schemas["CouponIssueInput"];

export const cardKeys = {
  all: ["cards"] as const,
  member: (memId: number) => ["cards", "member", memId] as const,
  ledger: (cardId: number, pageNo: number, pageSize: number) => ["cards", "ledger", cardId, pageNo, pageSize] as const,
  sessions: (cardId: number, pageNo: number, pageSize: number) =>
    ["cards", "sessions", cardId, pageNo, pageSize] as const,
  coupons: (search: CouponSearch) => ["cards", "coupons", search] as const,
};

// --- calls ---------------------------------------------------------------------------------------

/** Quiet: each page that lists a member's cards shows the failure itself. */
export const fetchMemberCards = (memId: number) =>
  api.get<MemberCard[]>(`/rest/packageCard/findErpAllCard/${memId}`, { quiet: true });

const fetchLedger = (cardId: number, pageNo: number, pageSize: number) =>
  api.get<CardDetail>(`/rest/packageCard/findErpCardDetail/${cardId}`, { query: { pageNo, pageSize }, quiet: true });

const fetchSessionUses = (cardId: number, pageNo: number, pageSize: number) =>
  api.get<Page<SessionUse>>(`/rest/packageCard/findErpDarwCardRecord/${cardId}`, {
    query: { pageNo, pageSize },
    quiet: true,
  });

const fetchCoupons = (search: CouponSearch) =>
  api.get<Page<MemberCoupon>>("/rest/coupon/couponList", { query: { ...search }, quiet: true });

export const delayCard = (body: DelayBody, idempotencyKey: string) =>
  api.post<HeldCard>("/rest/packageCard/cardDelayErp", { body, idempotencyKey });

export const freezeCard = (body: FreezeBody, idempotencyKey: string) =>
  api.post<HeldCard>("/rest/packageCard/freeze", { body, idempotencyKey });

export const unfreezeCard = (body: FreezeBody, idempotencyKey: string) =>
  api.post<HeldCard>("/rest/packageCard/unfreeze", { body, idempotencyKey });

export const issueCoupons = (body: IssueBody, idempotencyKey: string) =>
  api.post<MemberCoupon[]>("/rest/coupon/issue", { body, idempotencyKey });

// --- hooks ---------------------------------------------------------------------------------------

/** A member's cards, one cache entry for every page (the till, the account, the card operations). */
export const useMemberCards = (memId: number | null) =>
  useQuery({
    queryKey: cardKeys.member(memId ?? 0),
    queryFn: () => fetchMemberCards(memId ?? 0),
    enabled: memId !== null,
  });

/** The card's ledger as a page (`{list, total}`) for the paged table; the card itself beside it. */
export const useCardLedger = (cardId: number, pageNo: number, pageSize: number) =>
  useQuery({
    queryKey: cardKeys.ledger(cardId, pageNo, pageSize),
    queryFn: () => fetchLedger(cardId, pageNo, pageSize),
    placeholderData: keepPreviousData,
  });

export const useSessionUses = (cardId: number, pageNo: number, pageSize: number) =>
  useQuery({
    queryKey: cardKeys.sessions(cardId, pageNo, pageSize),
    queryFn: () => fetchSessionUses(cardId, pageNo, pageSize),
    placeholderData: keepPreviousData,
  });

export const useMemberCoupons = (search: CouponSearch) =>
  useQuery({
    queryKey: cardKeys.coupons(search),
    queryFn: () => fetchCoupons(search),
    placeholderData: keepPreviousData,
  });
