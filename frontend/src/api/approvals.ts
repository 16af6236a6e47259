/**
 * The approval centre's calls (docs/api.md "Approval centre", spec §7.8 `approvalCenterRest`), their
 * query keys and hooks. Every key starts with "approvals", so one invalidation after a decision
 * refreshes the lists, the detail and the top bar's waiting count (one QueryClient for the islands).
 */

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api, type Page } from "./client";
import { choices, type QueryOf, type Schemas } from "./schema";

export type ApprovalRow = Schemas["ApprovalRequestOutput"];
export type ApprovalDetail = Schemas["ApprovalRequestDetailOutput"];
export type ApprovalKind = Schemas["ApprovalKindOutput"];
export type ApprovalSearch = QueryOf<"approvalCenterRest_list_retrieve">;
export type ApprovalBox = NonNullable<ApprovalSearch["box"]>;
export type ApprovalStatus = ApprovalRow["status"];

export const APPROVAL_BOXES = choices<ApprovalBox>()(["waiting", "mine", "decided", "all"]);
export const APPROVAL_STATUSES = choices<ApprovalStatus>()(["pending", "approved", "rejected", "withdrawn"]);

export const APPROVAL_CENTER_ROUTE = "/approvalCenter";

export const approvalKeys = {
  all: ["approvals"] as const,
  waitingCount: () => ["approvals", "waitingCount"] as const,
  kinds: () => ["approvals", "kinds"] as const,
  list: (search: ApprovalSearch) => ["approvals", "list", search] as const,
  detail: (id: number) => ["approvals", "detail", id] as const,
};

function fetchWaitingCount(): Promise<number> {
  return api
    .get<Schemas["WaitingCountOutput"]>("/rest/approvalCenterRest/waitingCount", { quiet: true })
    .then((answer) => answer.waiting);
}

function fetchKinds(): Promise<ApprovalKind[]> {
  return api.get<ApprovalKind[]>("/rest/approvalCenterRest/kinds", { quiet: true });
}

function searchApprovals(search: ApprovalSearch): Promise<Page<ApprovalRow>> {
  return api.get<Page<ApprovalRow>>("/rest/approvalCenterRest/list", { query: { ...search }, quiet: true });
}

function fetchApproval(id: number): Promise<ApprovalDetail> {
  return api.get<ApprovalDetail>("/rest/approvalCenterRest/detail", { query: { id }, quiet: true });
}

/** Approves once per submission (`idempotencyKey`): the kind acts on it (a refund is made). The
 * envelope's errmsg is shown as the success notice by the client. */
export function approveRequest(id: number, remark: string, idempotencyKey: string): Promise<ApprovalRow> {
  return api.post<ApprovalRow>("/rest/approvalCenterRest/approve", {
    body: { id, remark } satisfies Schemas["DecisionInput"],
    idempotencyKey,
  });
}

export function rejectRequest(id: number, remark: string, idempotencyKey: string): Promise<ApprovalRow> {
  return api.post<ApprovalRow>("/rest/approvalCenterRest/reject", {
    body: { id, remark } satisfies Schemas["DecisionInput"],
    idempotencyKey,
  });
}

export function withdrawRequest(id: number): Promise<ApprovalRow> {
  return api.post<ApprovalRow>("/rest/approvalCenterRest/withdraw", {
    body: { id } satisfies Schemas["RequestIdInput"],
  });
}

// --- hooks ---------------------------------------------------------------------------------------

/** What the task bell adds: the requests waiting for this role, polled like the task count. */
export function useWaitingApprovals(refreshSeconds: number, enabled: boolean) {
  return useQuery({
    queryKey: approvalKeys.waitingCount(),
    queryFn: fetchWaitingCount,
    refetchInterval: refreshSeconds > 0 ? refreshSeconds * 1000 : false,
    staleTime: 0,
    enabled,
  });
}

export const useApprovalKinds = () =>
  useQuery({ queryKey: approvalKeys.kinds(), queryFn: fetchKinds, staleTime: 5 * 60_000 });

export const useApprovals = (search: ApprovalSearch) =>
  useQuery({
    queryKey: approvalKeys.list(search),
    queryFn: () => searchApprovals(search),
    placeholderData: keepPreviousData,
  });

export const useApproval = (id: number | null) =>
  useQuery({
    queryKey: approvalKeys.detail(id ?? 0),
    queryFn: () => fetchApproval(id ?? 0),
    enabled: id !== null,
    retry: false,
  });
