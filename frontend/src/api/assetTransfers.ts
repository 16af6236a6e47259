/** Asset transfer (资产转移, docs/api.md "Asset transfer", spec §7.8 `asserMigration`): a member moved to
 * another store with her cards, or a duplicate member file merged into the kept one. Applying files
 * an approval request; the approval centre's approve carries it out. */

import { useQuery } from "@tanstack/react-query";
import { api, type Page } from "./client";
import type { Schemas } from "./schema";

export const BTN_ASSET_TRANSFER_APPLY = "BTN-ZCZY-APPLY";
export const BTN_ASSET_TRANSFER_APPROVE = "BTN-ZCZY-APPROVE";

export type AssetTransferKind = Schemas["AssetTransferApplyInput"]["kind"];
export type AssetTransferPreview = Schemas["AssetTransferPreviewOutput"];
export type AssetTransferRow = Schemas["AssetTransferRowOutput"];
export type AssetTransferDetail = Schemas["AssetTransferDetailOutput"];
export type AssetCard = Schemas["AssetCardOutput"];
export type AssetStore = Schemas["AssetStoreOutput"];
type ApplyBody = Schemas["AssetTransferApplyInput"];

export interface AssetTarget {
  kind: AssetTransferKind;
  memberId: number;
  toStoreId?: number;
  toMemberId?: number;
}

export interface AssetTransferSearch {
  pageNo: number;
  pageSize: number;
  kind?: AssetTransferKind | "";
  status?: AssetTransferRow["status"] | "";
}

export const assetTransferKeys = {
  all: ["assetTransfers"] as const,
  stores: ["assetTransfers", "stores"] as const,
  preview: (target: AssetTarget) => ["assetTransfers", "preview", target] as const,
  list: (search: AssetTransferSearch) => ["assetTransfers", "list", search] as const,
  detail: (id: number) => ["assetTransfers", "detail", id] as const,
};

export function useTargetStores(enabled = true) {
  return useQuery({
    queryKey: assetTransferKeys.stores,
    queryFn: () => api.get<AssetStore[]>("/rest/asserMigration/stores"),
    enabled,
  });
}

export function useAssetPreview(target: AssetTarget | null) {
  return useQuery({
    queryKey: assetTransferKeys.preview(target ?? { kind: "store", memberId: 0 }),
    queryFn: () =>
      api.get<AssetTransferPreview>("/rest/asserMigration/preview", {
        query: { ...(target as AssetTarget) },
        quiet: true,
      }),
    enabled: target !== null,
    retry: false,
  });
}

export function useAssetTransfers(search: AssetTransferSearch) {
  return useQuery({
    queryKey: assetTransferKeys.list(search),
    queryFn: () =>
      api.get<Page<AssetTransferRow>>("/rest/asserMigration/list", {
        query: {
          pageNo: search.pageNo,
          pageSize: search.pageSize,
          ...(search.kind ? { kind: search.kind } : {}),
          ...(search.status ? { status: search.status } : {}),
        },
      }),
  });
}

export function useAssetTransfer(id: number | null) {
  return useQuery({
    queryKey: assetTransferKeys.detail(id ?? 0),
    queryFn: () => api.get<AssetTransferDetail>("/rest/asserMigration/detail", { query: { id: id ?? 0 } }),
    enabled: id !== null,
  });
}

export function applyAssetTransfer(body: ApplyBody, idempotencyKey: string): Promise<AssetTransferDetail> {
  return api.post<AssetTransferDetail>("/rest/asserMigration/apply", { body, idempotencyKey });
}

/** The approval centre's decision on the transfer's request (`approval.id`). */
export function decideAssetTransfer(
  approvalId: number,
  approve: boolean,
  remark: string,
  idempotencyKey: string,
): Promise<unknown> {
  const path = approve ? "/rest/approvalCenterRest/approve" : "/rest/approvalCenterRest/reject";
  return api.post<unknown>(path, { body: { id: approvalId, remark }, idempotencyKey });
}

export function withdrawAssetTransfer(approvalId: number): Promise<unknown> {
  return api.post<unknown>("/rest/approvalCenterRest/withdraw", { body: { id: approvalId } });
}
