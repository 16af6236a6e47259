/** Group-buy write-off calls (spec §7.5, §7.8; contract §9; docs/api.md "Group-buy write-off"), their
 * query keys and hooks. Phones in the records and in today's reservations arrive masked. The
 * write-off commands and the pre-check are quiet (spec §8): the dialog shows their errors itself,
 * in an alert and in red under the selection. */

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api, type Page } from "./client";
import { choices, type QueryOf, type Schemas } from "./schema";

/** The review platforms (spec §4): their codes are pre-checked and need a project, package or card. */
export const REVIEW_PLATFORM_IDS: readonly number[] = [19, 21];
export const isReviewPlatform = (platformId: number | null | undefined): boolean =>
  platformId !== null && platformId !== undefined && REVIEW_PLATFORM_IDS.includes(platformId);

/** Platform types, the dialog's tabs (spec §9): 1 group-buy, 2 joint venture, 3 fission. */
export const PLATFORM_TYPES = [1, 2, 3] as const;
export type PlatformType = (typeof PLATFORM_TYPES)[number];

export const GROUP_BUY_AREA_CODES = ["0086", "00852", "00853"] as const;
export type GroupBuyAreaCode = (typeof GROUP_BUY_AREA_CODES)[number];

/** Button codes (docs/api.md "Role codes") the dialog looks for in the session. */
export const BTN_WRITE_OFF_CANCEL = "BTN-TGHX-CANCEL";
export const BTN_FREQUENCY_CONFIRM = "BTN-TGHX-FREQUENCY-CONFIRM";

/** Errcodes the dialog answers in its own way (docs/api.md). */
export const CODE_WRITTEN_OFF = "GB-40901";
export const PLATFORM_REFUSED = "GB-40902";
export const FREQUENCY_EXCEEDED = "GB-40903";
export const PLATFORM_PENDING = "GB-40905";

export type WriteOffPlatform = Schemas["WriteOffPlatformOutput"];
export type CouponItem = Schemas["CouponItemOutput"];
export type PreCheckAnswer = Schemas["PreCheckOutput"];
export type WriteOffRecord = Schemas["WriteOffRecordOutput"];
export type WriteOffAnswer = Schemas["WriteOffOutput"];
export type TodayReserved = Schemas["TodayReservedOutput"];
export type WriteOffBody = Schemas["WriteOffInput"];
export type ServeBody = Schemas["ServeInput"];
export type CancelBody = Schemas["CancelInput"];
type FrontCheckStore = Schemas["FrontCheckStoreOutput"];

type ServeCommodity = NonNullable<ServeBody["commodityType"]>;
/** What a coupon buys: a project, a project package or a card (spec §4, mutually exclusive). */
export type CommodityType = Exclude<ServeCommodity, "">;
export const COMMODITY_TYPES = choices<ServeCommodity>()(["project", "package", "card", ""]).filter(
  (type): type is CommodityType => type !== "",
);

/** A record's status on the wire (the schema documents it: pending | done | cancelling | cancelled). */
export type WriteOffStatus = "pending" | "done" | "cancelling" | "cancelled";

/** The data of a GB-40903 (frequency exceeded). */
export interface FrequencyData {
  count: number;
  limit: number;
  periodDays: number;
}

export type RecordSearch = QueryOf<"groupPurchasing_records_retrieve">;
export type RecordFilters = Omit<RecordSearch, "pageNo" | "pageSize">;

export const groupBuyKeys = {
  all: ["groupBuy"] as const,
  platforms: (platformType: number) => ["groupBuy", "platforms", platformType] as const,
  records: (search: RecordSearch) => ["groupBuy", "records", search] as const,
  items: (type: 2 | 4, storeId: number | null) => ["groupBuy", "items", type, storeId] as const,
  cards: (storeId: number | null) => ["groupBuy", "cards", storeId] as const,
  todayReserved: (storeId: number | null) => ["groupBuy", "todayReserved", storeId] as const,
  frontCheck: (storeId: number | null) => ["groupBuy", "frontCheck", storeId] as const,
};

const G = "/rest/groupPurchasing";

// --- calls ---------------------------------------------------------------------------------------

export const groupBuyApi = {
  platforms: (platformType: number) =>
    api.get<WriteOffPlatform[]>(`${G}/platforms`, { query: { platformType }, quiet: true }),
  records: (search: RecordSearch) =>
    api.get<Page<WriteOffRecord>>(`${G}/records`, { query: { ...search }, quiet: true }),
  /** 2 projects, 4 project packages. */
  items: (type: 2 | 4, storeId: number | null) =>
    api.get<CouponItem[]>(`${G}/items`, { query: { type, storeId }, quiet: true }),
  cards: (storeId: number | null) => api.get<CouponItem[]>(`${G}/cards`, { query: { storeId }, quiet: true }),
  /** Booking's list of today's reservations of the store (a walk-in's has no `memId`). */
  todayReserved: (storeId: number | null) =>
    api.get<TodayReserved[]>("/rest/reservation/todayReserved", { query: { stoId: storeId }, quiet: true }),
  /** Spec §8: the pre-check's errors are passed back to the caller (quiet). */
  preCheck: (body: { platformId: number; checkCode: string; storeId?: number }) =>
    api.post<PreCheckAnswer>(`${G}/preCheck`, { body, quiet: true }),
  /** The review platforms (19, 21) write off through writeOffReview, the others through writeOff.
   * Quiet: the dialog shows the error in an alert and under the selection (spec §8). */
  writeOff: (body: WriteOffBody, idempotencyKey: string) =>
    api.post<WriteOffAnswer>(isReviewPlatform(body.platformId) ? `${G}/writeOffReview` : `${G}/writeOff`, {
      body,
      idempotencyKey,
      quiet: true,
    }),
  /** Serving the member: the record's order, paid by the coupon ("served"). */
  serve: (body: ServeBody, idempotencyKey: string) =>
    api.post<WriteOffAnswer>("/rest/order/groupBuy", { body, idempotencyKey }),
  /** Cancelling at the platform undoes the order line or card (BTN-TGHX-CANCEL). */
  cancel: (body: CancelBody, idempotencyKey: string) =>
    api.post<WriteOffAnswer>(`${G}/cancel`, { body, idempotencyKey }),
  frontCheck: (storeId: number | null) =>
    api.get<FrontCheckStore>("/rest/rzCheckFrequencyLimit/isFrontCheckStore", { query: { storeId }, quiet: true }),
};

// --- hooks ---------------------------------------------------------------------------------------

export function usePlatforms(platformType: number) {
  return useQuery({
    queryKey: groupBuyKeys.platforms(platformType),
    queryFn: () => groupBuyApi.platforms(platformType),
    staleTime: 5 * 60_000,
  });
}

export function useWriteOffRecords(search: RecordSearch) {
  return useQuery({
    queryKey: groupBuyKeys.records(search),
    queryFn: () => groupBuyApi.records(search),
    placeholderData: keepPreviousData,
  });
}

/** The store's projects (2) or packages (4) a coupon of another platform may buy (optional). */
export function useCouponItems(type: 2 | 4, storeId: number | null, enabled = true) {
  return useQuery({
    queryKey: groupBuyKeys.items(type, storeId),
    queryFn: () => groupBuyApi.items(type, storeId),
    enabled,
    staleTime: 60_000,
  });
}

export function useCouponCards(storeId: number | null, enabled = true) {
  return useQuery({
    queryKey: groupBuyKeys.cards(storeId),
    queryFn: () => groupBuyApi.cards(storeId),
    enabled,
    staleTime: 60_000,
  });
}

export function useTodayReserved(storeId: number | null, enabled: boolean) {
  return useQuery({
    queryKey: groupBuyKeys.todayReserved(storeId),
    queryFn: () => groupBuyApi.todayReserved(storeId),
    enabled,
  });
}

/** The store's front-desk check flag (spec §2.4): the member search dialog's group-buy button. A
 * failure reads as "no" (the button stays hidden). */
export function useFrontCheckStore(storeId: number | null, enabled = true) {
  const query = useQuery({
    queryKey: groupBuyKeys.frontCheck(storeId),
    queryFn: () => groupBuyApi.frontCheck(storeId),
    enabled,
    staleTime: 5 * 60_000,
    retry: false,
  });
  return query.data?.frontCheck ?? false;
}
