/** Member calls (spec §4, §5, §7.7; docs/api.md "Members"), query keys and hooks. Phones in every
 * search and list answer arrive masked from the server (spec §6); only `wholePhone` answers one whole. */

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api, type Page } from "./client";

export const MEMBER_AREA_CODES = ["0086", "00852", "00853"] as const;
export type MemberAreaCode = (typeof MEMBER_AREA_CODES)[number];

/** Button codes (docs/api.md "Role codes") the member pages look for in the session. */
export const BTN_PHONE_VIEW = "BTN-HYGL-PHONE-VIEW";
export const BTN_POINTS_ADJUST = "BTN-HYGL-POINTS-ADJUST";
export const BTN_CANCEL_DECIDE = "BTN-HYGL-CANCEL-DECIDE";

/** A row of the member search (spec §3 "Member row"). */
export interface MemberRow {
  memId: number;
  name: string;
  /** Masked. */
  phone: string;
  areaCode: MemberAreaCode;
  crmCode: string;
  /** The home store's name. */
  dependencyStore: string;
  dependencyStoreId: number;
  /** True when the member belongs to the chosen store. */
  myself: boolean;
}

export interface MemberLabel {
  id: number;
  name: string;
  color: string;
}

export interface MemberListRow extends MemberRow {
  gender: string;
  genderName: string;
  birthday: string | null;
  cardNo: string;
  source: string;
  sourceName: string;
  points: number;
  labels: MemberLabel[];
  createdAt: string;
  lastVisitAt: string | null;
}

export interface MemberFile extends MemberListRow {
  occupation: string;
  occupationName: string;
  income: string;
  incomeName: string;
  education: string;
  educationName: string;
  maritalStatus: string;
  maritalStatusName: string;
  introducer: { memId: number; name: string } | null;
  smsConsent: boolean;
  remark: string;
  status: "active" | "cancelled";
  updatedAt: string;
}

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

export interface PointEntry {
  id: number;
  change: number;
  balanceAfter: number;
  kind: string;
  kindName: string;
  reason: string;
  operatorName: string;
  storeName: string;
  createdAt: string;
}

export interface StorePointEntry extends PointEntry {
  memId: number;
  memberName: string;
  phone: string;
}

/** Kinds of points entries the ledger filter offers (docs/api.md names no list; "adjust" is the
 * manual adjustment of POST /rest/member/point). */
export const POINT_KINDS = ["adjust", "cancellation"] as const;

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

export type CancelStatus = "pending" | "approved" | "rejected";
export const CANCEL_STATUSES: readonly CancelStatus[] = ["pending", "approved", "rejected"];

export interface CancelRequest {
  id: number;
  memId: number;
  memberName: string;
  phone: string;
  reason: string;
  status: CancelStatus;
  statusName: string;
  requestedBy: string;
  requestedAt: string;
  decidedBy: string | null;
  decidedAt: string | null;
  decisionRemark: string | null;
}

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

export function fetchWholePhone(memId: number): Promise<{ memId: number; areaCode: MemberAreaCode; phone: string }> {
  return api.get(`/rest/member/wholePhone/${memId}`);
}

export function createMember(body: MemberSaveBody): Promise<MemberFile> {
  return api.post<MemberFile>("/rest/member/stoSaveMember", { body });
}

export function updateMember(body: MemberUpdateBody): Promise<MemberFile> {
  return api.post<MemberFile>("/rest/member/stoUpdateMember", { body });
}

export function fetchSmsStatus(memId: number): Promise<{ memId: number; smsConsent: boolean; updatedAt: string | null }> {
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

export function adjustPoints(body: PointAdjustBody): Promise<{ memId: number; points: number; entry: PointEntry }> {
  return api.post("/rest/member/point", { body });
}

export function fetchLabels(): Promise<(MemberLabel & { groupName: string })[]> {
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
  return useQuery({ queryKey: memberKeys.list(search), queryFn: () => listMembers(search), placeholderData: keepPreviousData });
}

export function useMember(memId: number | null) {
  return useQuery({ queryKey: memberKeys.file(memId ?? 0), queryFn: () => fetchMember(memId ?? 0), enabled: memId !== null });
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
  return useQuery({ queryKey: memberKeys.storePoints(search), queryFn: () => fetchStorePoints(search), placeholderData: keepPreviousData });
}

export function useMemberLabels() {
  return useQuery({ queryKey: memberKeys.labels, queryFn: fetchLabels, staleTime: 5 * 60_000 });
}

export function useCancellations(search: CancelSearch) {
  return useQuery({ queryKey: memberKeys.cancelList(search), queryFn: () => listCancellations(search), placeholderData: keepPreviousData });
}
