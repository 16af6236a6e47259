/**
 * Catalogue calls (docs/api.md "Catalogue"): products, packages, projects, coupons, promotions and
 * time periods, their query keys and hooks. Every key starts with "catalog", so one invalidation
 * refreshes every list and detail after a store switch or price change.
 */

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { i18n } from "../i18n";
import { api, type Page } from "./client";
import type { operations } from "./generated/schema";
import { choices, type QueryOf, type Schemas } from "./schema";
import { currentTokens } from "./session";

// --- shapes --------------------------------------------------------------------------------------

/** The columns every product, package, project and card row shares. Money is a decimal string ("199.00"). */
export type ItemState = Pick<
  Schemas["ProductOutput"],
  "id" | "code" | "name" | "price" | "enabled" | "storePriceAllowed" | "storeEnabled" | "storePrice" | "effectivePrice"
>;

export type PriceChange = Schemas["PriceChangeOutput"];
export type Product = Schemas["ProductOutput"];
export type UseType = Product["useType"];
export type ProductPackage = Schemas["ProductPackageOutput"];
export type Project = Schemas["ProjectOutput"];
export type ProjectPackage = Schemas["ProjectPackageOutput"];

export type Coupon = Schemas["CouponTemplateOutput"];
export type CouponKind = Coupon["kind"];
export const COUPON_KINDS = choices<CouponKind>()(["A", "B", "C"]);

type Promotion = Schemas["PromotionOutput"];
export type PromotionStatus = Promotion["status"];
export const PROMOTION_STATUSES = choices<PromotionStatus>()(["current", "upcoming", "ended"]);
type PromotionDetail = Schemas["PromotionDetailOutput"];

/** weekday: 0 Monday … 6 Sunday; null every day. */
export type TimePeriod = Schemas["TimePeriodOutput"];

export type TimePeriodInput = Schemas["TimePeriodInput"];

type StoreItemResult = Schemas["StoreItemOutput"];
export type ItemType = StoreItemResult["itemType"];

/** storePrice left out: keep the store's price; null: clear it. */
type StoreItemInput = Schemas["StoreItemInput"];

// --- searches ------------------------------------------------------------------------------------

/** The enabled filter as its select holds it: "" all, "true" on, "false" off (for the acting store);
 * the server reads the text as its boolean. The store is the session's, never sent. */
type EnabledFilter = { enabled?: "" | "true" | "false" };
type CatalogQuery<Op extends keyof operations> = Omit<QueryOf<Op>, "enabled" | "storeId"> & EnabledFilter;

export type CatalogSearch = CatalogQuery<"commodity_productPackageList_retrieve">;
export type ProductSearch = CatalogQuery<"commodity_productList_retrieve">;
export type ProjectSearch = CatalogQuery<"commodity_projectList_retrieve">;
export type CouponSearch = CatalogQuery<"commodity_couponTemplateList_retrieve">;

export type PromotionSearch = QueryOf<"promotion_list_retrieve">;

type QueryValue = string | number | boolean | null | undefined;

/** The query of a list call: trimmed keyword, empty filters left out. */
export function listQuery(search: object): Record<string, string | number> {
  const query: Record<string, string | number> = {};
  for (const [key, raw] of Object.entries(search as Record<string, QueryValue>)) {
    const value = typeof raw === "string" ? raw.trim() : raw;
    if (value === undefined || value === null || value === "") continue;
    query[key] = typeof value === "boolean" ? String(value) : value;
  }
  return query;
}

/** The export address: the list's filters without its paging. */
export function exportUrl(path: string, search: object): string {
  const { pageNo, pageSize, ...filters } = listQuery(search);
  const params = new URLSearchParams(Object.entries(filters).map(([key, value]) => [key, String(value)]));
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

export const catalogKeys = {
  all: ["catalog"] as const,
  products: (search: ProductSearch) => ["catalog", "products", search] as const,
  productOptions: () => ["catalog", "productOptions"] as const,
  product: (id: number) => ["catalog", "product", id] as const,
  productPackages: (search: CatalogSearch) => ["catalog", "productPackages", search] as const,
  productPackage: (id: number) => ["catalog", "productPackage", id] as const,
  projects: (search: ProjectSearch) => ["catalog", "projects", search] as const,
  projectOptions: () => ["catalog", "projectOptions"] as const,
  project: (id: number) => ["catalog", "project", id] as const,
  projectPackages: (search: CatalogSearch) => ["catalog", "projectPackages", search] as const,
  projectPackage: (id: number) => ["catalog", "projectPackage", id] as const,
  coupons: (search: CouponSearch) => ["catalog", "coupons", search] as const,
  coupon: (id: number) => ["catalog", "coupon", id] as const,
  promotions: (search: PromotionSearch) => ["catalog", "promotions", search] as const,
  promotion: (id: number) => ["catalog", "promotion", id] as const,
  timePeriods: () => ["catalog", "timePeriods"] as const,
};

export const PRODUCT_EXPORT_PATH = "/rest/commodity/productList/export";
export const PROJECT_EXPORT_PATH = "/rest/commodity/projectList/export";

// --- calls ---------------------------------------------------------------------------------------

const page = <T>(path: string, search: object) => api.get<Page<T>>(path, { query: listQuery(search), quiet: true });
const detail = <T>(path: string) => api.get<T>(path, { quiet: true });

const searchProducts = (search: ProductSearch) => page<Product>("/rest/commodity/productList", search);
const searchProductPackages = (search: CatalogSearch) =>
  page<ProductPackage>("/rest/commodity/productPackageList", search);
const searchProjects = (search: ProjectSearch) => page<Project>("/rest/commodity/projectList", search);
const searchProjectPackages = (search: CatalogSearch) => page<ProjectPackage>("/rest/commodity/packageList", search);
const searchCoupons = (search: CouponSearch) => page<Coupon>("/rest/commodity/couponTemplateList", search);
const searchPromotions = (search: PromotionSearch) => page<Promotion>("/rest/promotion/list", search);

const fetchProduct = (id: number) => detail<Schemas["ProductDetailOutput"]>(`/rest/commodity/productDetail/${id}`);
const fetchProductPackage = (id: number) =>
  detail<Schemas["ProductPackageDetailOutput"]>(`/rest/commodity/productPackageDetail/${id}`);
const fetchProject = (id: number) => detail<Schemas["ProjectDetailOutput"]>(`/rest/commodity/projectDetail/${id}`);
const fetchProjectPackage = (id: number) =>
  detail<Schemas["ProjectPackageDetailOutput"]>(`/rest/commodity/packageDetail/${id}`);
const fetchCoupon = (id: number) => detail<Coupon>(`/rest/commodity/couponTemplateDetail/${id}`);
const fetchPromotion = (id: number) => detail<PromotionDetail>(`/rest/promotion/detail/${id}`);

/** The store's switch and price; the client shows "saved" and any failure. */
export function saveStoreItem(input: StoreItemInput): Promise<StoreItemResult> {
  return api.post<StoreItemResult>("/rest/commodity/storeItem", { body: input });
}

function fetchTimePeriods(): Promise<TimePeriod[]> {
  return api.get<TimePeriod[]>("/rest/timePeriod/list", { quiet: true });
}

export function saveTimePeriods(periods: TimePeriodInput[]): Promise<TimePeriod[]> {
  return api.post<TimePeriod[]>("/rest/timePeriod/save", {
    body: { periods } satisfies Schemas["TimePeriodSaveInput"],
  });
}

/** The answer of an export: a workbook to save, the server's refusal, or (100,000 rows or more)
 * the download centre's job that is making the file. */
type ExportOutcome =
  | { kind: "file"; blob: Blob; fileName: string }
  | { kind: "queued"; jobId: number; message: string }
  | { kind: "refused"; message: string };

/** `attachment; filename="products.xlsx"` → products.xlsx. */
export function fileNameFrom(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const star = /filename\*=(?:UTF-8'')?([^;]+)/i.exec(disposition);
  if (star?.[1]) return decodeURIComponent(star[1].trim().replace(/^"|"$/g, ""));
  const plain = /filename="?([^";]+)"?/i.exec(disposition);
  return plain?.[1]?.trim() || fallback;
}

/** Downloads an export with the session's headers (a plain link would carry no token). */
export async function fetchExport(url: string, fallbackName: string): Promise<ExportOutcome> {
  const headers: Record<string, string> = { "Accept-Language": i18n.language };
  const tokens = currentTokens();
  if (tokens) {
    headers.Authorization = `Bearer ${tokens.access}`;
    headers["X-Account-Version"] = tokens.accountVersion;
  }
  const response = await fetch(url, { method: "GET", headers, credentials: "same-origin" });
  const type = response.headers.get("Content-Type") ?? "";
  if (response.status === 202) {
    const envelope = (await response.json()) as { errmsg?: string; data: { jobId: number } };
    return { kind: "queued", jobId: envelope.data.jobId, message: envelope.errmsg ?? "" };
  }
  if (!response.ok || type.includes("json")) {
    const envelope = (await response.json().catch(() => null)) as { errmsg?: string } | null;
    return { kind: "refused", message: envelope?.errmsg || response.statusText || String(response.status) };
  }
  return {
    kind: "file",
    blob: await response.blob(),
    fileName: fileNameFrom(response.headers.get("Content-Disposition"), fallbackName),
  };
}

// --- hooks ---------------------------------------------------------------------------------------

function useList<S, T>(key: readonly unknown[], search: S, call: (search: S) => Promise<Page<T>>) {
  return useQuery({ queryKey: key, queryFn: () => call(search), placeholderData: keepPreviousData });
}

function useDetail<T>(key: readonly unknown[], id: number | null, call: (id: number) => Promise<T>) {
  return useQuery({ queryKey: key, queryFn: () => call(id ?? 0), enabled: id !== null, retry: false });
}

export const useProducts = (search: ProductSearch) => useList(catalogKeys.products(search), search, searchProducts);
export const useProductPackages = (search: CatalogSearch) =>
  useList(catalogKeys.productPackages(search), search, searchProductPackages);
export const useProjects = (search: ProjectSearch) => useList(catalogKeys.projects(search), search, searchProjects);
export const useProjectPackages = (search: CatalogSearch) =>
  useList(catalogKeys.projectPackages(search), search, searchProjectPackages);
export const useCoupons = (search: CouponSearch) => useList(catalogKeys.coupons(search), search, searchCoupons);
export const usePromotions = (search: PromotionSearch) =>
  useList(catalogKeys.promotions(search), search, searchPromotions);

export const useProduct = (id: number | null) => useDetail(catalogKeys.product(id ?? 0), id, fetchProduct);
export const useProductPackage = (id: number | null) =>
  useDetail(catalogKeys.productPackage(id ?? 0), id, fetchProductPackage);
export const useProject = (id: number | null) => useDetail(catalogKeys.project(id ?? 0), id, fetchProject);
export const useProjectPackage = (id: number | null) =>
  useDetail(catalogKeys.projectPackage(id ?? 0), id, fetchProjectPackage);
export const useCoupon = (id: number | null) => useDetail(catalogKeys.coupon(id ?? 0), id, fetchCoupon);
export const usePromotion = (id: number | null) => useDetail(catalogKeys.promotion(id ?? 0), id, fetchPromotion);

/** The API has no category or brand list: the filters offer those of the first 200 items. */
/** Every category (and, for products, every brand): the filters' choices, however many items. */
type FilterOptions = Schemas["CatalogFilterOptions"];

export function useProductOptions() {
  return useQuery({
    queryKey: catalogKeys.productOptions(),
    queryFn: () => api.get<FilterOptions>("/rest/commodity/productFilterOptions", { quiet: true }),
    staleTime: 5 * 60_000,
  });
}

export function useProjectOptions() {
  return useQuery({
    queryKey: catalogKeys.projectOptions(),
    queryFn: () => api.get<FilterOptions>("/rest/commodity/projectFilterOptions", { quiet: true }),
    staleTime: 5 * 60_000,
  });
}

export function useTimePeriods() {
  return useQuery({ queryKey: catalogKeys.timePeriods(), queryFn: fetchTimePeriods });
}
