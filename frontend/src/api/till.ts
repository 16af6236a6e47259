/**
 * The till's calls (docs/api.md "Orders and pricing", "Payment", "Cards"): live pricing of a draft,
 * the order commit, what an order owes and its payment, the member's signature, and the member's
 * cards. The server alone prices: the browser sends lines, never a price. Every command that moves
 * money or sessions carries the `Idempotency-Key` of its form submission (`newIdempotencyKey`).
 */

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api, type Page } from "./client";
import { choices, type Schemas } from "./schema";

export type OrderDraft = Schemas["OrderDraftInput"];
export type DraftLine = Schemas["OrderLineInput"];
export type LineType = DraftLine["type"];
export const LINE_TYPES = choices<LineType>()([
  "product",
  "productPackage",
  "project",
  "projectPackage",
  "cardType",
  "topUp",
]);
export type StaffShare = Schemas["StaffShareInput"];
export type PricedDraft = Schemas["PricedDraftOutput"];
export type PricedLine = Schemas["PricedLineOutput"];
export type Discount = Schemas["DiscountOutput"];
export type CommittedOrder = Schemas["CommittedOrderOutput"];
export type UsableCoupon = Schemas["UsableCouponOutput"];
export type AppliedCoupon = Schemas["AppliedCouponOutput"];
export type ReservationDraft = Schemas["ReservationDraftOutput"];
export type ReservationPackageDraft = Schemas["ReservationPackageDraftOutput"];
export type ReservationLine = Schemas["DraftLineOutput"];
export type MemberCard = Schemas["CardOutput"];
export type OrderPrice = Schemas["PriceOutput"];
export type OrderDetailPrice = Schemas["DetailPriceOutput"];
export type Tender = Schemas["TenderInput"];
export type Payment = Schemas["PaymentOutput"];
export type SignStatus = Schemas["SignStatusOutput"];
export type PaymentTender = Schemas["PaymentTenderOutput"];
export type TenderStatus = Schemas["TenderStatusOutput"];
export type Terminal = Schemas["TerminalOutput"];

/** The tenders the till offers. */
export type TillMethod = Tender["method"];
export const TILL_METHODS: readonly TillMethod[] = ["cash", "storedValue", "points", "wechat", "alipay", "pos", "box"];

/** The payment providers: money through WeChat Pay, Alipay, the card terminal or the payment box (the
 * counter's device that reads the customer's payment code itself), pending until they confirm. */
export type ProviderMethod = Extract<Tender["method"], "wechat" | "alipay" | "pos" | "box">;
export const PROVIDER_METHODS: readonly ProviderMethod[] = ["wechat", "alipay", "pos", "box"];
/** Provider tenders taken on a device of the store, named by `terminalId`. */
export type DeviceMethod = Extract<ProviderMethod, "pos" | "box">;
export const isDeviceMethod = (method: string): method is DeviceMethod => method === "pos" || method === "box";

/** How often the page asks how a pending provider tender stands. */
export const TENDER_POLL_MS = 2000;

/** The code of a refused payment or commit the page explains in place (409). */
export const ORDER_CONFLICT = "ORD-40901";

/** The code of a coupon another order used (or that expired) since the cashier ticked it (409). */
export const COUPON_NOT_USABLE = "CARD-40904";

/** The catalogue's card types (`cardTypeList`), as the item picker lists them. */
export type CardTypeRow = Schemas["CardTypeOutput"];

export const tillKeys = {
  all: ["till"] as const,
  price: (orderId: number) => ["till", "price", orderId] as const,
  detailPrice: (orderId: number) => ["till", "detailPrice", orderId] as const,
  signStatus: (orderId: number) => ["till", "signStatus", orderId] as const,
  reservation: (reservationId: number) => ["till", "reservation", reservationId] as const,
  catalog: (kind: LineType, keyword: string) => ["till", "catalog", kind, keyword] as const,
  pricing: (draft: OrderDraft) => ["till", "pricing", draft] as const,
  coupons: (draft: OrderDraft) => ["till", "coupons", draft] as const,
};

// --- calls ---------------------------------------------------------------------------------------

/** Live totals, priced as the commit would; quiet: the page shows refusals at the lines. */
export function priceDraft(draft: OrderDraft): Promise<PricedDraft> {
  return api.post<PricedDraft>("/rest/pricingEngine/checkDiscountConcurrently", { body: draft, quiet: true });
}

export function commitOrder(draft: OrderDraft, idempotencyKey: string): Promise<CommittedOrder> {
  return api.post<CommittedOrder>("/rest/order/commit", { body: draft, idempotencyKey, quiet: true });
}

export function payOrder(orderId: number, tenders: Tender[], idempotencyKey: string): Promise<Payment> {
  return api.post<Payment>("/rest/pay/excute", {
    body: { orderId, tenders } satisfies Schemas["PayInput"],
    idempotencyKey,
    quiet: true,
  });
}

export function saveSignature(orderId: number, signature: string): Promise<SignStatus> {
  return api.post<SignStatus>("/rest/order/signature", {
    body: { orderId, signature } satisfies Schemas["SignatureInput"],
    quiet: true,
  });
}

/** The reservation's draft: its projects served by its nurse and, when the member holds package
 * cards that cover them, the lines paid by sessions with every covering card. */
async function fetchReservationDraft(
  reservationId: number,
): Promise<{ project: ReservationDraft; sessions: ReservationPackageDraft | null }> {
  const query = { reservationId };
  const project = await api.get<ReservationDraft>("/rest/order/reservationProject", { query, quiet: true });
  const sessions =
    project.memId === null
      ? null
      : await api.get<ReservationPackageDraft>("/rest/order/reservationPackage", { query, quiet: true });
  return { project, sessions };
}

/** The catalogue's list call of each kind of item the till sells (docs/api.md "Catalogue"). */
const CATALOG_PATHS: Record<Exclude<LineType, "topUp">, string> = {
  product: "/rest/commodity/productList",
  productPackage: "/rest/commodity/productPackageList",
  project: "/rest/commodity/projectList",
  projectPackage: "/rest/commodity/packageList",
  cardType: "/rest/commodity/cardTypeList",
};

/** A project package's sessions of one project (the package list's `lines`). */
export type PackageProject = Schemas["ProjectPackageLineOutput"];

/** The first page of a kind's enabled items matching the keyword; every row has these columns, a
 * project package also its projects and sessions. */
export type CatalogRow = Pick<CardTypeRow, "id" | "code" | "name" | "effectivePrice"> & {
  lines?: PackageProject[];
};

/** The card purchase lists stored-value cards only: a package card is sold as its project package
 * (decision 0038), whose sale issues the card. */
const CATALOG_FILTERS: Partial<Record<LineType, Record<string, string>>> = { cardType: { kind: "storedValue" } };

function searchCatalog(kind: Exclude<LineType, "topUp">, keyword: string): Promise<Page<CatalogRow>> {
  return api.get<Page<CatalogRow>>(CATALOG_PATHS[kind], {
    query: { keyword: keyword.trim(), enabled: "true", pageNo: 1, pageSize: 10, ...CATALOG_FILTERS[kind] },
    quiet: true,
  });
}

/** A provider tender and its order (what the page polls while the tender is pending). */
export function fetchTenderStatus(tenderId: number): Promise<TenderStatus> {
  return api.get<TenderStatus>(`/rest/pay/tenderStatus/${tenderId}`, { quiet: true });
}

/** Closes a pending provider tender at the provider (the customer walked away). */
export function cancelTender(tenderId: number): Promise<TenderStatus> {
  return api.post<TenderStatus>(`/rest/pay/cancel/${tenderId}`, { quiet: true });
}

/** A new QR for a pending QR tender whose QR expired or was lost: the old one is closed at the
 * provider first (paid meanwhile: the tender answers succeeded, and no new QR is made). */
export function refreshQr(tenderId: number): Promise<TenderStatus> {
  return api.post<TenderStatus>(`/rest/pay/qrRefresh/${tenderId}`, { quiet: true });
}

export const receiptUrl = (orderId: number, withAmounts: boolean) =>
  `/rest/pay/print/${orderId}/${withAmounts ? 1 : 0}`;

// --- hooks ---------------------------------------------------------------------------------------

export function useReservationDraft(reservationId: number | null) {
  return useQuery({
    queryKey: tillKeys.reservation(reservationId ?? 0),
    queryFn: () => fetchReservationDraft(reservationId ?? 0),
    enabled: reservationId !== null,
    retry: false,
  });
}

export function useCatalogRows(kind: LineType, keyword: string) {
  return useQuery({
    queryKey: tillKeys.catalog(kind, keyword.trim()),
    queryFn: () => searchCatalog(kind as Exclude<LineType, "topUp">, keyword),
    enabled: kind !== "topUp",
    placeholderData: keepPreviousData,
  });
}

export function useOrderPrice(orderId: number | null) {
  return useQuery({
    queryKey: tillKeys.detailPrice(orderId ?? 0),
    queryFn: () => api.get<OrderDetailPrice>(`/rest/pay/detailPrice/${orderId}`, { quiet: true }),
    enabled: orderId !== null,
    retry: false,
  });
}

/** A pending provider tender, asked again every TENDER_POLL_MS until it is no longer pending. */
export function useTenderStatus(tenderId: number | null) {
  return useQuery({
    queryKey: [...tillKeys.all, "tenderStatus", tenderId ?? 0] as const,
    queryFn: () => fetchTenderStatus(tenderId ?? 0),
    enabled: tenderId !== null,
    refetchInterval: (query) =>
      query.state.data?.tender.status === "pending" || !query.state.data ? TENDER_POLL_MS : false,
    retry: false,
  });
}

/** The chosen store's card terminals (the terminal gateway's list) or, for "box", its payment boxes
 * (the box gateway's); quiet: the page says why it has none. */
export function useTerminals(enabled: boolean, method: DeviceMethod = "pos") {
  return useQuery({
    queryKey: [...tillKeys.all, method === "box" ? "boxes" : "terminals"] as const,
    queryFn: () => api.get<Terminal[]>(method === "box" ? "/rest/pay/boxList" : "/rest/pos/terminal", { quiet: true }),
    enabled,
    retry: false,
    staleTime: 60_000,
  });
}

export function useSignStatus(orderId: number | null) {
  return useQuery({
    queryKey: tillKeys.signStatus(orderId ?? 0),
    queryFn: () => api.get<SignStatus>(`/rest/pay/signStatus/${orderId}`, { quiet: true }),
    enabled: orderId !== null,
  });
}

/** The live totals of a draft (null: nothing to price yet); the last answer stays while the next comes. */
export function usePricedDraft(draft: OrderDraft | null) {
  return useQuery({
    queryKey: tillKeys.pricing(draft ?? { lines: [] }),
    queryFn: () => priceDraft(draft ?? { lines: [] }),
    enabled: draft !== null,
    retry: false,
    placeholderData: keepPreviousData,
  });
}

/** The member's coupons usable today, each tried alone on the draft's lines by the server (what it
 * would take off, or why it cannot apply); null: no member chosen. */
export function useUsableCoupons(draft: OrderDraft | null) {
  return useQuery({
    queryKey: tillKeys.coupons(draft ?? { lines: [] }),
    queryFn: () =>
      api.post<UsableCoupon[]>("/rest/pricingEngine/usableCoupons", { body: draft ?? { lines: [] }, quiet: true }),
    enabled: draft !== null,
    retry: false,
    placeholderData: keepPreviousData,
  });
}

/** The order's member, when the page was opened without one (from the bills list): stored value
 * and points need the member's cards and points. */
export function useOrderMember(orderId: number | null, enabled: boolean) {
  return useQuery({
    queryKey: [...tillKeys.all, "orderMember", orderId ?? 0] as const,
    queryFn: () =>
      api.get<Schemas["OrderDetailOutput"]>("/rest/order/orderDetails", { query: { orderId }, quiet: true }),
    enabled: enabled && orderId !== null,
    select: (order) => order.memId,
    retry: false,
  });
}
