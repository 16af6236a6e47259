/**
 * Store information and shop management calls (spec §7.2), the region lookups the store form uses
 * (GB/T 2260 codes of /rest/region/*), their query keys and hooks. Keys start with "org".
 */

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api } from "./client";
import type { Schemas } from "./schema";
import type { SessionUserInfo } from "./session";

type StoreInfo = Schemas["StoreInfoOutput"];
type StoreStatus = StoreInfo["status"];
export type StoreRef = Schemas["StoreRef"];
export type StoreInfoCheck = Schemas["StoreInfoCheckOutput"];
export type OwnerStore = Schemas["OwnerStoreOutput"];
/** The columns every store answer shares. */
export type StoreRow = Omit<OwnerStore, "activeStaff" | "onDutyToday">;
type DebtStatus = Schemas["DebtStatusOutput"];
type Region = Schemas["RegionOutput"];

/** The store information edit; the status narrowed to the schema's store statuses. */
type StoreUpdate = Omit<Schemas["StoreUpdateInput"], "status"> & { status?: StoreStatus };

/** Changing the store settings that govern approvals, money or stock (the owner's; docs/api.md). */
export const BTN_STORE_CONTROLS = "BTN-MDGL-STORE-CONTROLS";

export const orgKeys = {
  all: ["org"] as const,
  storeCheck: (id: number) => ["org", "storeCheck", id] as const,
  ownerStores: () => ["org", "ownerStores"] as const,
  debt: (id: number) => ["org", "debt", id] as const,
  provinces: () => ["org", "regions", "provinces"] as const,
  cities: (province: string) => ["org", "regions", "cities", province] as const,
  districts: (city: string) => ["org", "regions", "districts", city] as const,
  borrowOutCandidates: (id: number) => ["org", "borrowOutCandidates", id] as const,
};

function fetchBorrowOutCandidates(storeId: number): Promise<StoreRef[]> {
  return api.get<Schemas["BorrowOutCandidate"][]>(`/rest/shopDetail/borrowOutCandidates/${storeId}`, { quiet: true });
}

export function useBorrowOutCandidates(storeId: number) {
  return useQuery({ queryKey: orgKeys.borrowOutCandidates(storeId), queryFn: () => fetchBorrowOutCandidates(storeId) });
}

function fetchStoreInfoCheck(id: number): Promise<StoreInfoCheck> {
  return api.get<StoreInfoCheck>(`/rest/shopDetail/findErpByIdCheck/${id}`, { quiet: true });
}

/** Field errors come back as an ApiError (VALID-40000) for the form to show; a success shows "saved". */
export function updateStore(update: StoreUpdate): Promise<StoreInfo> {
  return api.post<StoreInfo>("/rest/shopDetail/UpdateErpStore", { body: update, quiet: false });
}

function fetchDebtStatus(storeId: number): Promise<DebtStatus> {
  return api.get<DebtStatus>("/rest/shopDetail/checkStoreStatusIsDebtDisable", { query: { storeId }, quiet: true });
}

function fetchOwnerStores(): Promise<OwnerStore[]> {
  return api.get<OwnerStore[]>("/rest/shopDetail/ownerStores", { quiet: true });
}

/** storeModify: answers the session user info of the owner's entry at that store. */
export function switchStore(storeId: number): Promise<SessionUserInfo> {
  return api.put<SessionUserInfo>("/rest/acct/storeModify", {
    body: { storeId } satisfies Schemas["StoreModifyInput"],
  });
}

function fetchProvinces(): Promise<Region[]> {
  return api.get<Region[]>("/rest/region/provinces", { quiet: true });
}

function fetchCities(provinceCode: string): Promise<Region[]> {
  return api.get<Region[]>("/rest/region/cities", { query: { provinceCode }, quiet: true });
}

function fetchDistricts(cityCode: string): Promise<Region[]> {
  return api.get<Region[]>("/rest/region/districts", { query: { cityCode }, quiet: true });
}

export function useStoreInfoCheck(id: number | null) {
  return useQuery({
    queryKey: orgKeys.storeCheck(id ?? 0),
    queryFn: () => fetchStoreInfoCheck(id ?? 0),
    enabled: id !== null,
  });
}

export function useOwnerStores() {
  return useQuery({ queryKey: orgKeys.ownerStores(), queryFn: fetchOwnerStores });
}

export function useDebtStatus(storeId: number) {
  return useQuery({ queryKey: orgKeys.debt(storeId), queryFn: () => fetchDebtStatus(storeId) });
}

const REGION_STALE = 60 * 60_000;

export function useProvinces() {
  return useQuery({ queryKey: orgKeys.provinces(), queryFn: fetchProvinces, staleTime: REGION_STALE });
}

export function useCities(provinceCode: string) {
  return useQuery({
    queryKey: orgKeys.cities(provinceCode),
    queryFn: () => fetchCities(provinceCode),
    enabled: provinceCode !== "",
    staleTime: REGION_STALE,
    placeholderData: keepPreviousData,
  });
}

export function useDistricts(cityCode: string) {
  return useQuery({
    queryKey: orgKeys.districts(cityCode),
    queryFn: () => fetchDistricts(cityCode),
    enabled: cityCode !== "",
    staleTime: REGION_STALE,
    placeholderData: keepPreviousData,
  });
}
