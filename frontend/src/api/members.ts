/** Member calls (spec §4, §5, §7.7; docs/api.md "Members"), query keys and hooks. Phones in every
 * search and list answer arrive masked from the server (spec §6); only `wholePhone` answers one whole. */

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api, type Page } from "./client";
import { choices, type QueryOf, type Schemas } from "./schema";

export type MemberAreaCode = Schemas["MemberRowOutput"]["areaCode"];
export const MEMBER_AREA_CODES = choices<MemberAreaCode>()(["0086", "00852", "00853"]);

/** Button codes (docs/api.md "Role codes") the member pages look for in the session. */
export const BTN_PHONE_VIEW = "BTN-HYGL-PHONE-VIEW";
export const BTN_POINTS_ADJUST = "BTN-HYGL-POINTS-ADJUST";
export const BTN_CANCEL_DECIDE = "BTN-HYGL-CANCEL-DECIDE";

/** A row of the member search (spec §3 "Member row"); the phone arrives masked. */
export type MemberRow = Schemas["MemberRowOutput"];
export type MemberLabel = Schemas["MemberLabelRefOutput"];
export type MemberListRow = Schemas["MemberListRowOutput"];
export type MemberFile = Schemas["MemberFileOutput"];
type WholePhone = Schemas["WholePhoneOutput"];
type SmsStatus = Schemas["SmsConsentOutput"];
type PointsAdjusted = Schemas["PointsAdjustOutput"];
type LabelWithGroup = Schemas["MemberLabelOutput"];

/** The one-step search's query (spec §3 "Member search form"; storeId comes from the role). */
type MemberSearchQuery = QueryOf<"member_search_list">;
type MemberExactQuery = QueryOf<"member_euqalQuery_list">;

type MemberListSearch = QueryOf<"member_findStoLstByCondition_retrieve">;

export type MemberListFilters = Omit<MemberListSearch, "pageNo" | "pageSize">;

/** The store's full member form (stoSaveMember); stoUpdateMember takes `memId` and any of these. */
export type MemberSaveBody = Schemas["MemberSaveInput"];
export type MemberUpdateBody = Schemas["MemberUpdateInput"];

/** The member's evaluations of their visits: how many, the service score's average, the latest. */
export type MemberSatisfaction = Schemas["MemberSatisfactionOutput"];

/** A points entry; the member ledger and the store ledger answer the same row. */
export type PointEntry = Schemas["PointsEntryOutput"];
export type StorePointEntry = PointEntry;

/** Kinds of points entries the ledger filter offers ("adjust" is the manual adjustment of POST
 * /rest/member/point; "earn" and "spend" come with paid orders, "refund" and "refundOut" with
 * their refunds, "mergeOut" and "mergeIn" with a merge of two member files), as the schema lists them. */
export const POINT_KINDS = choices<PointEntry["kind"]>()([
  "adjust",
  "cancellation",
  "earn",
  "spend",
  "refund",
  "refundOut",
  "mergeOut",
  "mergeIn",
]);

export type StorePointSearch = QueryOf<"member_integralStoreList_retrieve">;

type PointAdjustBody = Schemas["PointsAdjustInput"];

export type CancelRequest = Schemas["CancellationOutput"];
export type CancelStatus = CancelRequest["status"];
export const CANCEL_STATUSES = choices<CancelStatus>()(["pending", "approved", "rejected"]);

type CancelSearch = QueryOf<"member_cancelList_retrieve">;

export const memberKeys = {
  all: ["members"] as const,
  list: (search: MemberListSearch) => ["members", "list", search] as const,
  file: (memId: number) => ["members", "file", memId] as const,
  sms: (memId: number) => ["members", "sms", memId] as const,
  points: (memId: number, pageNo: number, pageSize: number) => ["members", "points", memId, pageNo, pageSize] as const,
  storePoints: (search: StorePointSearch) => ["members", "storePoints", search] as const,
  labels: ["members", "labels"] as const,
  byPhone: (areaCode: MemberAreaCode, phone: string) => ["members", "byPhone", areaCode, phone] as const,
  cancelList: (search: CancelSearch) => ["members", "cancelList", search] as const,
  satisfaction: (memId: number) => ["members", "satisfaction", memId] as const,
};

// --- calls ---------------------------------------------------------------------------------------

/** The one-step search (exact, then fuzzy, then card number; merged on the server). Quiet: the
 * dialog shows the outcome itself. */
export function searchMembers(query: MemberSearchQuery): Promise<MemberRow[]> {
  return api.get<MemberRow[]>("/rest/member/search", { query: { ...query }, quiet: true });
}

/** The members whose phone is exactly this one (with its area code), chain-wide: the exact step of
 * the member search (`euqalQuery`). Quiet: the reservation form only mentions a match. */
export function findMembersByPhone(areaCode: MemberAreaCode, phone: string): Promise<MemberRow[]> {
  const query: MemberExactQuery = { areaCode, phone };
  return api.get<MemberRow[]>("/rest/member/euqalQuery", { query: { ...query }, quiet: true });
}

export function searchIntroducers(keyword: string): Promise<MemberRow[]> {
  return api.get<MemberRow[]>("/rest/member/searchIntro", { query: { keyword }, quiet: true });
}

function listMembers(search: MemberListSearch): Promise<Page<MemberListRow>> {
  return api.get<Page<MemberListRow>>("/rest/member/findStoLstByCondition", { query: { ...search }, quiet: true });
}

function fetchMember(memId: number): Promise<MemberFile> {
  return api.get<MemberFile>(`/rest/member/findById/${memId}`, { quiet: true });
}

export function fetchWholePhone(memId: number): Promise<WholePhone> {
  return api.get(`/rest/member/wholePhone/${memId}`);
}

export function createMember(body: MemberSaveBody): Promise<MemberFile> {
  return api.post<MemberFile>("/rest/member/stoSaveMember", { body });
}

export function updateMember(body: MemberUpdateBody): Promise<MemberFile> {
  return api.post<MemberFile>("/rest/member/stoUpdateMember", { body });
}

function fetchSmsStatus(memId: number): Promise<SmsStatus> {
  return api.get(`/rest/member/querySmsStatus`, { query: { memId }, quiet: true });
}

export function updateSmsStatus(memId: number, smsConsent: boolean): Promise<unknown> {
  return api.post("/rest/member/updateSmsStatus", { body: { memId, smsConsent } satisfies Schemas["SmsConsentInput"] });
}

function fetchMemberPoints(memId: number, pageNo: number, pageSize: number): Promise<Page<PointEntry>> {
  return api.get<Page<PointEntry>>("/rest/member/integralList", { query: { memId, pageNo, pageSize }, quiet: true });
}

function fetchStorePoints(search: StorePointSearch): Promise<Page<StorePointEntry>> {
  return api.get<Page<StorePointEntry>>("/rest/member/integralStoreList", { query: { ...search }, quiet: true });
}

export function adjustPoints(body: PointAdjustBody): Promise<PointsAdjusted> {
  return api.post("/rest/member/point", { body });
}

function fetchLabels(): Promise<LabelWithGroup[]> {
  return api.get("/rest/memLabel/findAllMemLabel", { quiet: true });
}

export function applyCancellation(memId: number, reason: string): Promise<unknown> {
  return api.post("/rest/member/cancelApply", { body: { memId, reason } satisfies Schemas["CancelApplyInput"] });
}

function listCancellations(search: CancelSearch): Promise<Page<CancelRequest>> {
  return api.get<Page<CancelRequest>>("/rest/member/cancelList", { query: { ...search }, quiet: true });
}

export function decideCancellation(id: number, approve: boolean, remark: string): Promise<CancelRequest> {
  const body: Schemas["CancelDecideInput"] = { id, approve };
  if (remark.trim()) body.remark = remark.trim();
  return api.post<CancelRequest>("/rest/member/cancelDecide", { body });
}

// --- hooks ---------------------------------------------------------------------------------------

export function useMemberList(search: MemberListSearch) {
  return useQuery({
    queryKey: memberKeys.list(search),
    queryFn: () => listMembers(search),
    placeholderData: keepPreviousData,
  });
}

export function useMember(memId: number | null) {
  return useQuery({
    queryKey: memberKeys.file(memId ?? 0),
    queryFn: () => fetchMember(memId ?? 0),
    enabled: memId !== null,
  });
}

export function useSmsStatus(memId: number) {
  return useQuery({ queryKey: memberKeys.sms(memId), queryFn: () => fetchSmsStatus(memId) });
}

export function useMemberSatisfaction(memId: number) {
  return useQuery({
    queryKey: memberKeys.satisfaction(memId),
    queryFn: () =>
      api.get<MemberSatisfaction>("/rest/RzEvaluateRest/getMemberSatisficing", { query: { memId }, quiet: true }),
  });
}

export function useMemberPoints(memId: number, pageNo: number, pageSize: number) {
  return useQuery({
    queryKey: memberKeys.points(memId, pageNo, pageSize),
    queryFn: () => fetchMemberPoints(memId, pageNo, pageSize),
    placeholderData: keepPreviousData,
  });
}

export function useStorePoints(search: StorePointSearch) {
  return useQuery({
    queryKey: memberKeys.storePoints(search),
    queryFn: () => fetchStorePoints(search),
    placeholderData: keepPreviousData,
  });
}

/** The member who has this phone, if any; asked only for a complete phone (`phone` "" asks nothing). */
export function useMemberWithPhone(areaCode: MemberAreaCode, phone: string) {
  return useQuery({
    queryKey: memberKeys.byPhone(areaCode, phone),
    queryFn: () => findMembersByPhone(areaCode, phone),
    enabled: phone !== "",
    select: (rows) => rows[0] ?? null,
  });
}

export function useMemberLabels() {
  return useQuery({ queryKey: memberKeys.labels, queryFn: fetchLabels, staleTime: 5 * 60_000 });
}

export function useCancellations(search: CancelSearch) {
  return useQuery({
    queryKey: memberKeys.cancelList(search),
    queryFn: () => listCancellations(search),
    placeholderData: keepPreviousData,
  });
}
