/** Points exchange (积分开单; docs/api.md "Payment", points exchange): a member's order of products
 * or projects, committed as any order and paid only by the points tender. The server prices it in
 * points (`pointsPrice`); the browser only shows what it answers. */

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api, type Page } from "./client";
import type { Schemas } from "./schema";

export type PointsItemType = "product" | "project";
export type PointsDraftLine = { type: PointsItemType; itemId: number; qty: number };
export type PointsDraftPrice = Schemas["PointsDraftPriceOutput"];
export type PointsOrderPrice = Schemas["PointsOrderPriceOutput"];
export type CommittedOrder = Schemas["CommittedOrderOutput"];
export type OrderDetail = Schemas["OrderDetailOutput"];
type Payment = Schemas["PaymentOutput"];
/** A product or project the store sells (the catalogue lists' rows have these fields). */
export type SellableItem = { id: number; code: string; name: string; effectivePrice: string; storeEnabled: boolean };

export const pointsKeys = {
  all: ["pointsExchange"] as const,
  items: (type: PointsItemType, keyword: string) => ["pointsExchange", "items", type, keyword] as const,
  draft: (memId: number, lines: readonly PointsDraftLine[]) => ["pointsExchange", "draft", memId, lines] as const,
  order: (orderId: number) => ["pointsExchange", "order", orderId] as const,
  details: (orderId: number) => ["pointsExchange", "details", orderId] as const,
};

const LIST_PATHS: Record<PointsItemType, string> = {
  product: "/rest/commodity/productList",
  project: "/rest/commodity/projectList",
};

export async function searchItems(type: PointsItemType, keyword: string): Promise<SellableItem[]> {
  const page = await api.get<Page<SellableItem>>(LIST_PATHS[type], {
    query: { keyword, enabled: true, pageNo: 1, pageSize: 20 },
  });
  return page.list;
}

export function priceDraft(memId: number, lines: readonly PointsDraftLine[]): Promise<PointsDraftPrice> {
  return api.post<PointsDraftPrice>("/rest/pricingEngine/pointsPrice", { body: { memId, lines }, quiet: true });
}

export function fetchOrderPointsPrice(orderId: number): Promise<PointsOrderPrice> {
  return api.get<PointsOrderPrice>(`/rest/pay/pointsPrice/${orderId}`);
}

export function fetchOrderDetail(orderId: number): Promise<OrderDetail> {
  return api.get<OrderDetail>("/rest/order/orderDetails", { query: { orderId } });
}

export function commitPointsOrder(
  memId: number,
  lines: readonly PointsDraftLine[],
  idempotencyKey: string,
): Promise<CommittedOrder> {
  return api.post<CommittedOrder>("/rest/order/commit", { body: { memId, lines }, idempotencyKey });
}

/** Pays what is due by points alone; `due` is the server's own figure (pay/pointsPrice). */
export function payByPoints(orderId: number, due: string, idempotencyKey: string): Promise<Payment> {
  return api.post<Payment>("/rest/pay/excute", {
    body: { orderId, tenders: [{ method: "points", amount: due }] },
    idempotencyKey,
  });
}

export function useItemSearch(type: PointsItemType, keyword: string) {
  return useQuery({
    queryKey: pointsKeys.items(type, keyword),
    queryFn: () => searchItems(type, keyword),
    placeholderData: keepPreviousData,
  });
}

export function useDraftPrice(memId: number | null, lines: readonly PointsDraftLine[]) {
  return useQuery({
    queryKey: pointsKeys.draft(memId ?? 0, lines),
    queryFn: () => priceDraft(memId ?? 0, lines),
    enabled: memId !== null && lines.length > 0,
    placeholderData: keepPreviousData,
  });
}

export function useOrderPointsPrice(orderId: number | null) {
  return useQuery({
    queryKey: pointsKeys.order(orderId ?? 0),
    queryFn: () => fetchOrderPointsPrice(orderId ?? 0),
    enabled: orderId !== null,
  });
}

export function useOrderDetail(orderId: number | null) {
  return useQuery({
    queryKey: pointsKeys.details(orderId ?? 0),
    queryFn: () => fetchOrderDetail(orderId ?? 0),
    enabled: orderId !== null,
  });
}
