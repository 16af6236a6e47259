/** Member move-in calls (spec §7.7 `storemembermoveinrest/*`, `storerelocationupload/*`; docs/api.md
 * "Member move-in"), query keys and hooks. Phones arrive masked. */

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { fetchExport } from "./catalog";
import { centsToText, toCents } from "../lib/money";
import { api, type Page } from "./client";
import { choices, type QueryOf, type Schemas } from "./schema";

export type MoveInRow = Schemas["MoveInRowOutput"];
export type MoveInDetail = Schemas["MoveInDetailOutput"];
export type MoveInLine = Schemas["MoveInLineOutput"];
export type MoveInLineRow = Schemas["MoveInLineRowOutput"];
export type MoveInSummary = Schemas["MoveInSummaryOutput"];
export type MoveInAttachment = Schemas["AttachmentOutput"];
export type MoveInCardType = Schemas["MoveInCardTypeOutput"];
export type MoveInProject = Schemas["MoveInProjectOutput"];
export type PhoneLookup = Schemas["PhoneLookupOutput"];
export type NewCardDiscount = Schemas["NewCardDiscountOutput"];
export type MoveInSaveBody = Schemas["MoveInSaveInput"];
export type MoveInUpdateBody = Schemas["MoveInUpdateInput"];
export type MoveInLineBody = Schemas["MoveInLineInput"];
export type MoveInImported = Schemas["ImportOutput"];
export type MoveInStatus = MoveInRow["status"];
export type CardKind = MoveInLine["kind"];

export const MOVE_IN_STATUSES = choices<MoveInStatus>()(["draft", "submitted", "approved", "rejected"]);
export const CARD_KINDS = choices<CardKind>()(["storedValue", "package"]);

export type MoveInSearch = QueryOf<"storemembermoveinrest_list_retrieve">;
export type MoveInLineSearch = QueryOf<"storemembermoveinrest_lineList_retrieve">;

/** One row of an import's report: the row number, the column key and the reader's message. */
export interface ImportProblem {
  row: number;
  column: string;
  message: string;
}

export const moveInKeys = {
  all: ["moveIn"] as const,
  list: (search: MoveInSearch) => ["moveIn", "list", search] as const,
  summary: (search: MoveInSearch) => ["moveIn", "summary", search] as const,
  lines: (search: MoveInLineSearch) => ["moveIn", "lines", search] as const,
  detail: (id: number) => ["moveIn", "detail", id] as const,
  cardTypes: ["moveIn", "cardTypes"] as const,
  projects: ["moveIn", "projects"] as const,
  discount: (cardTypeId: number) => ["moveIn", "discount", cardTypeId] as const,
};

const BASE = "/rest/storemembermoveinrest";
const UPLOAD = "/rest/storerelocationupload";

function listMoveIns(search: MoveInSearch): Promise<Page<MoveInRow>> {
  return api.get(`${BASE}/list`, { query: { ...search }, quiet: true });
}

function fetchSummary(search: MoveInSearch): Promise<MoveInSummary> {
  return api.get(`${BASE}/summary`, { query: { ...search }, quiet: true });
}

function listLines(search: MoveInLineSearch): Promise<Page<MoveInLineRow>> {
  return api.get(`${BASE}/lineList`, { query: { ...search }, quiet: true });
}

function fetchMoveIn(id: number): Promise<MoveInDetail> {
  return api.get(`${BASE}/detail`, { query: { id }, quiet: true });
}

export function findByPhone(areaCode: MoveInSaveBody["areaCode"], phone: string): Promise<PhoneLookup> {
  return api.get(`${BASE}/findByPhone`, { query: { areaCode: areaCode ?? "0086", phone }, quiet: true });
}

export function saveMoveIn(body: MoveInSaveBody): Promise<MoveInDetail> {
  return api.post(`${BASE}/save`, { body });
}

export function updateMoveIn(body: MoveInUpdateBody): Promise<MoveInDetail> {
  return api.post(`${BASE}/update`, { body });
}

export function deleteMoveIn(id: number): Promise<null> {
  return api.post(`${BASE}/delete`, { body: { id } satisfies Schemas["MoveInIdInput"] });
}

export function commitMoveIn(id: number): Promise<MoveInDetail> {
  return api.post(`${BASE}/commit`, { body: { id } satisfies Schemas["MoveInIdInput"] });
}

export function uploadAttachment(moveInId: number, file: File): Promise<MoveInAttachment> {
  const form = new FormData();
  form.append("id", String(moveInId));
  form.append("file", file);
  return api.post(`${UPLOAD}/upload`, { multipart: form });
}

export function deleteAttachment(id: number): Promise<null> {
  return api.post(`${UPLOAD}/delete`, { body: { id } satisfies Schemas["MoveInIdInput"] });
}

/** Imports an .xlsx file; a bad row refuses it (MEM-40010) with `data.errors`, quietly: the dialog
 * shows the report itself. */
export function importMoveIns(file: File): Promise<MoveInImported> {
  const form = new FormData();
  form.append("file", file);
  return api.post(`${UPLOAD}/import`, { multipart: form, quiet: true });
}

export function importProblems(data: unknown): ImportProblem[] {
  const errors = (data as { errors?: unknown } | null)?.errors;
  return Array.isArray(errors) ? (errors as ImportProblem[]) : [];
}

export const downloadTemplate = () => fetchExport(`${UPLOAD}/template`, "move-in-template.xlsx");
export const downloadAttachment = (attachment: MoveInAttachment) => fetchExport(attachment.url, attachment.name);

export function useMoveIns(search: MoveInSearch) {
  return useQuery({
    queryKey: moveInKeys.list(search),
    queryFn: () => listMoveIns(search),
    placeholderData: keepPreviousData,
  });
}

export function useMoveInSummary(search: MoveInSearch) {
  return useQuery({ queryKey: moveInKeys.summary(search), queryFn: () => fetchSummary(search) });
}

export function useMoveInLines(search: MoveInLineSearch) {
  return useQuery({
    queryKey: moveInKeys.lines(search),
    queryFn: () => listLines(search),
    placeholderData: keepPreviousData,
  });
}

export function useMoveIn(id: number | null) {
  return useQuery({
    queryKey: moveInKeys.detail(id ?? 0),
    queryFn: () => fetchMoveIn(id ?? 0),
    enabled: id !== null,
    retry: false,
  });
}

export function useMoveInCardTypes() {
  return useQuery({
    queryKey: moveInKeys.cardTypes,
    queryFn: () => api.get<MoveInCardType[]>(`${BASE}/cardTypes`, { quiet: true }),
  });
}

export function useMoveInProjects() {
  return useQuery({
    queryKey: moveInKeys.projects,
    queryFn: () => api.get<MoveInProject[]>(`${BASE}/projects`, { quiet: true }),
  });
}

export function useNewCardDiscount(cardTypeId: number | null) {
  return useQuery({
    queryKey: moveInKeys.discount(cardTypeId ?? 0),
    queryFn: () =>
      api.get<NewCardDiscount>(`${BASE}/newCardDiscount`, { query: { cardTypeId: cardTypeId ?? 0 }, quiet: true }),
    enabled: cardTypeId !== null,
  });
}

/** The rule of docs/api.md, for the form's preview (the server computes the saved value): a
 * stored-value card's new value is its balance × the coefficient, rounded half up to the cent. */
export function newValueOf(balance: string, coefficient: string): string {
  const cents = toCents(balance);
  const parts = coefficient.split(".");
  const scaled = Number(`${parts[0] ?? "0"}${(parts[1] ?? "").padEnd(4, "0").slice(0, 4)}`);
  if (!Number.isFinite(cents) || !Number.isFinite(scaled) || balance.trim() === "" || coefficient.trim() === "")
    return "";
  // Whole numbers: cents × coefficient×10⁴, then half up to the cent (exact for these magnitudes).
  const product = cents * scaled;
  const rounded = Math.floor((product + 5000) / 10000);
  return centsToText(rounded);
}
