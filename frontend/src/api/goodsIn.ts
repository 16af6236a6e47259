/** Goods in and ordering goods from head office (docs/api.md "Goods in", "Ordering goods from head
 * office"): the receipts, the product pickers (by keyword or scanned barcode) and the goods orders.
 * Stock calls pass their errors through without the client's alert (spec §8): each page shows them. */

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api, type Page } from "./client";
import { listQuery } from "./catalog";
import { choices, type QueryOf, type Schemas } from "./schema";

export type Receipt = Schemas["ReceiptRowOutput"];
export type ReceiptDetail = Schemas["ReceiptDetailOutput"];
export type ReceiptSearch = QueryOf<"stockIn_list_retrieve">;
export type ReceiptBody = Schemas["ReceiptCreateInput"];
export type ReceiptType = ReceiptBody["type"];
export const RECEIPT_TYPES = choices<ReceiptType>()(["supplier", "head_office"]);
export type StockProduct = Schemas["StockProductOutput"];
export type CatalogueRow = Schemas["CatalogueRowOutput"];
export type CatalogueSearch = QueryOf<"bookProd_catalogue_retrieve">;
export type GoodsOrder = Schemas["GoodsOrderRowOutput"];
export type GoodsOrderDetail = Schemas["GoodsOrderDetailOutput"];
export type GoodsOrderLine = GoodsOrderDetail["lines"][number];
export type GoodsOrderSearch = QueryOf<"bookProd_list_retrieve">;
export type GoodsOrderStatus = GoodsOrder["status"];
export const GOODS_ORDER_STATUSES = choices<GoodsOrderStatus>()([
  "draft",
  "submitted",
  "confirmed",
  "shipped",
  "received",
  "cancelled",
]);
export type PaymentStatus = GoodsOrder["paymentStatus"];
export const PAYMENT_STATUSES = choices<PaymentStatus>()(["unpaid", "paid"]);
export type OrderSaveBody = Schemas["GoodsOrderSaveInput"];
export type ConfirmBody = Schemas["GoodsOrderConfirmInput"];
export type ReceiveBody = Schemas["GoodsOrderReceiveInput"];
export type Received = Schemas["GoodsOrderReceivedOutput"];

export const RECEIPT_EXPORT_PATH = "/rest/stockIn/export";

/** The button codes of ordering goods (docs/api.md "Role codes"). */
export const BTN_ORDER_PLACE = "BTN-DHJL-ORDER-PLACE";
export const BTN_ORDER_CONFIRM = "BTN-DHJL-ORDER-CONFIRM";
export const BTN_ORDER_SHIP = "BTN-DHJL-ORDER-SHIP";
export const BTN_ORDER_PAID = "BTN-DHJL-ORDER-PAID";

export const stockKeys = {
  all: ["stock"] as const,
  receipts: (search: ReceiptSearch) => ["stock", "receipts", search] as const,
  receipt: (id: number) => ["stock", "receipt", id] as const,
  products: (keyword: string) => ["stock", "products", keyword] as const,
  catalogue: (search: CatalogueSearch) => ["stock", "catalogue", search] as const,
  catalogueProduct: (id: number) => ["stock", "catalogueProduct", id] as const,
  orders: (scope: "store" | "headOffice", search: GoodsOrderSearch) => ["stock", "orders", scope, search] as const,
  order: (id: number) => ["stock", "order", id] as const,
};

export const receiptHref = (id: number) => `/storageDetail?id=${id}`;
export const receiveOrderHref = (orderId: number) => `/storageDetail?orderId=${orderId}`;
export const storeOrderHref = (id: number) => `/bookProdDetail?id=${id}`;
export const headOfficeOrderHref = (id: number) => `/bookProdDetailNew?id=${id}`;
export const payDetailHref = (id: number) => `/bookProdPayDetail?id=${id}`;
/** The catalogue's product page when ordering: professional goods and retail goods have one each. */
export const productPageHref = (productId: number, useType: string) =>
  `${useType === "professional" ? "/structureProductDetail" : "/aestheticProductDetail"}?productId=${productId}`;

// --- calls ---------------------------------------------------------------------------------------

const quietGet = <T>(path: string, query?: object) =>
  api.get<T>(path, { query: query ? listQuery(query) : undefined, quiet: true });

export const searchReceipts = (search: ReceiptSearch) => quietGet<Page<Receipt>>("/rest/stockIn/list", search);
export const fetchReceipt = (id: number) => quietGet<ReceiptDetail>("/rest/stockIn/detail", { id });
export const searchProducts = (keyword: string) =>
  quietGet<Page<StockProduct>>("/rest/commodity/stockProductList", { keyword, pageSize: 20 });
export const scanProduct = (barcode: string) => quietGet<StockProduct>("/rest/scancodestock/product", { barcode });
export const searchCatalogue = (search: CatalogueSearch) =>
  quietGet<Page<CatalogueRow>>("/rest/bookProd/catalogue", search);
export const fetchCatalogueProduct = (productId: number) =>
  quietGet<CatalogueRow>("/rest/bookProd/product", { productId });
export const searchOrders = (scope: "store" | "headOffice", search: GoodsOrderSearch) =>
  quietGet<Page<GoodsOrder>>(scope === "store" ? "/rest/bookProd/list" : "/rest/bookProd/headOfficeList", search);
export const fetchOrder = (id: number) => quietGet<GoodsOrderDetail>("/rest/bookProd/detail", { id });

/** Receives goods once per submission (`idempotencyKey`). */
export const createReceipt = (body: ReceiptBody, idempotencyKey: string) =>
  api.post<ReceiptDetail>("/rest/stockIn/create", { body, idempotencyKey, quiet: true });
export const receiveOrder = (body: ReceiveBody, idempotencyKey: string) =>
  api.post<Received>("/rest/bookProd/receive", { body, idempotencyKey, quiet: true });
export const saveOrder = (body: OrderSaveBody, idempotencyKey: string) =>
  api.post<GoodsOrderDetail>("/rest/bookProd/save", { body, idempotencyKey, quiet: true });
export const orderCommand = (
  command: "submit" | "cancel" | "confirm" | "ship" | "markPaid",
  body: { id: number } & Record<string, unknown>,
) => api.post<GoodsOrderDetail>(`/rest/bookProd/${command}`, { body, quiet: true });

// --- hooks ---------------------------------------------------------------------------------------

export const useReceipts = (search: ReceiptSearch) =>
  useQuery({
    queryKey: stockKeys.receipts(search),
    queryFn: () => searchReceipts(search),
    placeholderData: keepPreviousData,
  });

export const useReceipt = (id: number | null) =>
  useQuery({
    queryKey: stockKeys.receipt(id ?? 0),
    queryFn: () => fetchReceipt(id ?? 0),
    enabled: id !== null,
    retry: false,
  });

export const useProductSearch = (keyword: string) =>
  useQuery({
    queryKey: stockKeys.products(keyword),
    queryFn: () => searchProducts(keyword),
    enabled: keyword.trim().length > 0,
    retry: false,
  });

export const useCatalogue = (search: CatalogueSearch, enabled = true) =>
  useQuery({
    queryKey: stockKeys.catalogue(search),
    queryFn: () => searchCatalogue(search),
    placeholderData: keepPreviousData,
    enabled,
  });

export const useCatalogueProduct = (id: number | null) =>
  useQuery({
    queryKey: stockKeys.catalogueProduct(id ?? 0),
    queryFn: () => fetchCatalogueProduct(id ?? 0),
    enabled: id !== null,
    retry: false,
  });

export const useOrders = (scope: "store" | "headOffice", search: GoodsOrderSearch) =>
  useQuery({
    queryKey: stockKeys.orders(scope, search),
    queryFn: () => searchOrders(scope, search),
    placeholderData: keepPreviousData,
  });

export const useOrder = (id: number | null) =>
  useQuery({
    queryKey: stockKeys.order(id ?? 0),
    queryFn: () => fetchOrder(id ?? 0),
    enabled: id !== null,
    retry: false,
  });
