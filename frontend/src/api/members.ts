/** Member calls (spec §4, §5, §7.7; docs/api.md "Members"), query keys and hooks. Phones in every
 * search and list answer arrive masked from the server (spec §6); only `wholePhone` answers one whole. */

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api, type Page } from "./client";
import { choices, type Schemas } from "./schema";

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
export type WholePhone = Schemas["WholePhoneOutput"];
export type SmsStatus = Schemas["SmsConsentOutput"];
export type PointsAdjusted = Schemas["PointsAdjustOutput"];
export type LabelWithGroup = Schemas["MemberLabelOutput"];

/** The one-step search's query (spec §3 "Member search form"; storeId comes from the role). */
export interface MemberSearchQuery {
  areaCode: MemberAreaCode;
  name: string;
  type: 1 | 2;
  phone: string;
  cardNo: string;
  crmCode: string;
}

export interface MemberListFilters {
  name?: string;
  phone?: string;
  crmCode?: string;
  labelId?: number | null;
  source?: string;
  createdFrom?: string;
  createdTo?: string;
  lastVisitFrom?: string;
  lastVisitTo?: string;
}

export interface MemberListSearch extends MemberListFilters {
  pageNo: number;
  pageSize: number;
}

/** The store's full member form (stoSaveMember); stoUpdateMember takes `memId` and any of these. */
export interface MemberSaveBody {
  name: string;
  areaCode: MemberAreaCode;
  phone: string;
  gender?: string | null;
  birthday?: string | null;
  crmCode?: string;
  cardNo?: string;
  source?: string | null;
  occupation?: string | null;
  income?: string | null;
  education?: string | null;
  maritalStatus?: string | null;
  introducerId?: number | null;
  labels?: number[];
  smsConsent?: boolean;
  remark?: string;
}

export type MemberUpdateBody = { memId: number } & Partial<MemberSaveBody>;

/** A points entry; the member ledger and the store ledger answer the same row. */
export type PointEntry = Schemas["PointsEntryOutput"];
export type StorePointEntry = PointEntry;

/** Kinds of points entries the ledger filter offers ("adjust" is the manual adjustment of POST
 * /rest/member/point), as the schema lists them. */
export const POINT_KINDS = choices<PointEntry["kind"]>()(["adjust", "cancellation"]);

export interface StorePointSearch {
  pageNo: number;
  pageSize: number;
  memId?: number | null;
  kind?: string;
  from?: string;
  to?: string;
}

export interface PointAdjustBody {
  memId: number;
  change: number;
  reason: string;
}

export type CancelRequest = Schemas["CancellationOutput"];
export type CancelStatus = CancelRequest["status"];
export const CANCEL_STATUSES = choices<CancelStatus>()(["pending", "approved", "rejected"]);

export interface CancelSearch {
  pageNo: number;
  pageSize: number;
  status?: CancelStatus | "";
}

export const memberKeys = {
  all: ["members"] as const,
  search: (query: MemberSearchQuery) => ["members", "search", query] as const,
  list: (search: MemberListSearch) => ["members", "list", search] as const,
  file: (memId: number) => ["members", "file", memId] as const,
  sms: (memId: number) => ["members", "sms", memId] as const,
  points: (memId: number, pageNo: number, pageSize: number) => ["members", "points", memId, pageNo, pageSize] as const,
  storePoints: (search: StorePointSearch) => ["members", "storePoints", search] as const,
  labels: ["members", "labels"] as const,
  cancelList: (search: CancelSearch) => ["members", "cancelList", search] as const,
};

// --- calls ---------------------------------------------------------------------------------------

/** The one-step search (exact, then fuzzy, then card number; merged on the server). Quiet: the
 * dialog shows the outcome itself. */
export function searchMembers(query: MemberSearchQuery): Promise<MemberRow[]> {
  return api.get<MemberRow[]>("/rest/member/search", { query: { ...query }, quiet: true });
}

export function searchIntroducers(keyword: string): Promise<MemberRow[]> {
  return api.get<MemberRow[]>("/rest/member/searchIntro", { query: { keyword }, quiet: true });
}

export function listMembers(search: MemberListSearch): Promise<Page<MemberListRow>> {
  return api.get<Page<MemberListRow>>("/rest/member/findStoLstByCondition", { query: { ...search }, quiet: true });
}

export function fetchMember(memId: number): Promise<MemberFile> {
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

export function fetchSmsStatus(memId: number): Promise<SmsStatus> {
  return api.get(`/rest/member/querySmsStatus`, { query: { memId }, quiet: true });
}

export function updateSmsStatus(memId: number, smsConsent: boolean): Promise<unknown> {
  return api.post("/rest/member/updateSmsStatus", { body: { memId, smsConsent } });
}

export function fetchMemberPoints(memId: number, pageNo: number, pageSize: number): Promise<Page<PointEntry>> {
  return api.get<Page<PointEntry>>("/rest/member/integralList", { query: { memId, pageNo, pageSize }, quiet: true });
}

export function fetchStorePoints(search: StorePointSearch): Promise<Page<StorePointEntry>> {
  return api.get<Page<StorePointEntry>>("/rest/member/integralStoreList", { query: { ...search }, quiet: true });
}

export function adjustPoints(body: PointAdjustBody): Promise<PointsAdjusted> {
  return api.post("/rest/member/point", { body });
}

export function fetchLabels(): Promise<LabelWithGroup[]> {
  return api.get("/rest/memLabel/findAllMemLabel", { quiet: true });
}

export function applyCancellation(memId: number, reason: string): Promise<unknown> {
  return api.post("/rest/member/cancelApply", { body: { memId, reason } });
}

export function listCancellations(search: CancelSearch): Promise<Page<CancelRequest>> {
  return api.get<Page<CancelRequest>>("/rest/member/cancelList", { query: { ...search }, quiet: true });
}

export function decideCancellation(id: number, approve: boolean, remark: string): Promise<CancelRequest> {
  const body: { id: number; approve: boolean; remark?: string } = { id, approve };
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
