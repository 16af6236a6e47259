/** Order calls of the bills pages (docs/api.md "Orders and pricing", "Payment"): the bills list with
 * its totals and export, one order's details, the sessions it drew, its signature, its receipt and
 * its cancellation. Amounts arrive as the server computed them; the browser never prices. */

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { currentTokens } from "./session";
import { i18n } from "../i18n";
import { api, type Page } from "./client";
import { choices, type QueryOf, type Schemas } from "./schema";
import { storeToday } from "../lib/dates";

export type OrderRow = Schemas["OrderRowOutput"];
export type OrderSummary = Schemas["OrderSummaryOutput"];
export type OrderPage = Page<OrderRow> & { summary: OrderSummary };
export type OrderDetail = Schemas["OrderDetailOutput"];
export type OrderLine = OrderDetail["lines"][number];
export type Tender = OrderDetail["tenders"][number];
export type DrawnSession = Schemas["DrawnSessionOutput"];
export type OrderSearch = QueryOf<"order_orderList_retrieve">;
export type OrderStatus = Exclude<NonNullable<OrderSearch["status"]>, "">;
export const ORDER_STATUSES = choices<OrderStatus>()(["unpaid", "partlyPaid", "paid", "cancelled"]);

export const ORDER_EXPORT_PATH = "/rest/order/orderExport";

export const billKeys = {
  all: ["bills"] as const,
  list: (search: OrderSearch) => ["bills", "list", search] as const,
  detail: (orderId: number) => ["bills", "detail", orderId] as const,
  drawn: (orderId: number) => ["bills", "drawn", orderId] as const,
  signature: (orderId: number) => ["bills", "signature", orderId] as const,
};

export const orderDetailsHref = (orderId: number) => `/orderDetails?orderId=${orderId}`;
export const paymentHref = (orderId: number) => `/payment?orderId=${orderId}`;

/** An order that still takes a payment (the payment page), and one that can be cancelled: unpaid
 * with no tender taken (the server refuses anything else with ORD-40901). */
export const takesPayment = (order: Pick<OrderRow, "status">) =>
  order.status === "unpaid" || order.status === "partlyPaid";
export const cancellable = (order: Pick<OrderRow, "status">) => order.status === "unpaid";

/** The button code that moves a paid order's staff credits (`order/changeNurse` on a paid order). */
export const CREDIT_MOVE_CODE = "BTN-KDJC-CREDIT-MOVE";

/** A line's staff change (`order/changeNurse`): an order not paid yet, or a paid one on its business
 * day by a role that may move credits; never a cancelled one. The server decides; this only hides
 * the button. */
export const staffChangeable = (
  order: Pick<OrderRow, "status" | "businessDate">,
  mayMoveCredits: boolean,
  today: string = storeToday(),
) => takesPayment(order) || (order.status === "paid" && mayMoveCredits && order.businessDate === today);

// --- calls ---------------------------------------------------------------------------------------

export function searchOrders(search: OrderSearch): Promise<OrderPage> {
  return api.get<OrderPage>("/rest/order/orderList", { query: { ...search }, quiet: true });
}

function fetchOrder(orderId: number): Promise<OrderDetail> {
  return api.get<OrderDetail>("/rest/order/orderDetails", { query: { orderId }, quiet: true });
}

function fetchDrawn(orderId: number): Promise<DrawnSession[]> {
  return api.get<DrawnSession[]>(`/rest/pay/drawDetail/${orderId}`, { quiet: true });
}

/** Cancels an unpaid order once per submission (`idempotencyKey`). */
export function cancelOrder(orderId: number, idempotencyKey: string): Promise<OrderRow> {
  return api.post<OrderRow>("/rest/order/cancel", { body: { orderId }, idempotencyKey });
}

export type LineStaffChange = Schemas["LineStaffChangeInput"];

/** Gives an order's line new staff once per submission (`idempotencyKey`); answers the order. */
export function changeLineStaff(change: LineStaffChange, idempotencyKey: string): Promise<OrderDetail> {
  return api.post<OrderDetail>("/rest/order/changeNurse", { body: change, idempotencyKey, quiet: true });
}

function sessionHeaders(): Record<string, string> {
  const headers: Record<string, string> = { "Accept-Language": i18n.language };
  const tokens = currentTokens();
  if (tokens) {
    headers.Authorization = `Bearer ${tokens.access}`;
    headers["X-Account-Version"] = tokens.accountVersion;
  }
  return headers;
}

/** A file the server answers outside the envelope (the signature image, the receipt page), fetched
 * with the session's headers: a plain link or <img> would carry no token. */
export async function fetchFile(path: string): Promise<Blob> {
  const response = await fetch(path, { method: "GET", headers: sessionHeaders(), credentials: "same-origin" });
  const type = response.headers.get("Content-Type") ?? "";
  if (!response.ok || type.includes("json")) {
    const envelope = (await response.json().catch(() => null)) as { errmsg?: string } | null;
    throw new Error(envelope?.errmsg || response.statusText || String(response.status));
  }
  return response.blob();
}

export const signatureImagePath = (orderId: number) => `/rest/order/signatureImage/${orderId}`;
export const receiptPath = (orderId: number) => `/rest/pay/print/${orderId}/1`;

// --- hooks ---------------------------------------------------------------------------------------

export const useOrders = (search: OrderSearch) =>
  useQuery({ queryKey: billKeys.list(search), queryFn: () => searchOrders(search), placeholderData: keepPreviousData });

export const useOrder = (orderId: number | null) =>
  useQuery({
    queryKey: billKeys.detail(orderId ?? 0),
    queryFn: () => fetchOrder(orderId ?? 0),
    enabled: orderId !== null,
    retry: false,
  });

export const useDrawnSessions = (orderId: number | null) =>
  useQuery({
    queryKey: billKeys.drawn(orderId ?? 0),
    queryFn: () => fetchDrawn(orderId ?? 0),
    enabled: orderId !== null,
    retry: false,
  });

/** A file's bytes as a data: URL: the site's CSP lets an <img> load data: but not blob: addresses. */
export async function dataUrlOf(blob: Blob): Promise<string> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return `data:${blob.type || "application/octet-stream"};base64,${btoa(binary)}`;
}

/** The signature as a data: URL for an <img>; only asked for when the order says it is signed. */
export const useSignatureImage = (orderId: number, signed: boolean) =>
  useQuery({
    queryKey: billKeys.signature(orderId),
    queryFn: async () => dataUrlOf(await fetchFile(signatureImagePath(orderId))),
    enabled: signed,
    retry: false,
    staleTime: Infinity,
  });
