/**
 * Plain rules of the member search dialog (spec §4 "Member search", §5 "Member search"), the member
 * form (docs/api.md "Members" rules; the server checks again) and the points adjustment. Each rule
 * answers an i18n key of the "members" namespace, or null.
 */

import type { MemberAreaCode, MemberFile, MemberRow, MemberSaveBody, MemberUpdateBody } from "../../api/members";
import { idFromSearch } from "../../lib/address";
import { reversedRange } from "../../lib/filterForm";

export const SEARCH_NAME_MAX = 20;
export const SEARCH_CODE_MAX = 20;
export const SEARCH_PHONE_MAX = 11;
export const MEMBER_NAME_MAX = 20;
export const CODE_MAX = 20;
export const MEMBER_REMARK_MAX = 200;
const POINTS_CHANGE_MAX = 1_000_000;
export const POINTS_REASON_MAX = 100;
export const CANCEL_REASON_MAX = 200;

const DIGITS = /^\d+$/;
const MOBILE_11 = /^1\d{10}$/;
const MAINLAND_MOBILE = /^1[3-9]\d{9}$/;
const HK_MACAO_PHONE = /^\d{8}$/;
const CODE_TEXT = /^[A-Za-z0-9-]*$/;

// --- search --------------------------------------------------------------------------------------

/** What was typed in the dialog. */
export interface SearchInput {
  name: string;
  crmCode: string;
  phone: string;
  areaCode: MemberAreaCode | "";
}

/** Spec §5: at least one condition; the phone digits only, 11 digits with 0086 (or no area code), 8
 * with 00852 and 00853. */
export function searchError(input: SearchInput): "search.invalidConditions" | "search.invalidPhone" | null {
  const name = input.name.trim();
  const code = input.crmCode.trim();
  const phone = input.phone.trim();
  if (!name && !code && !phone) return "search.invalidConditions";
  if (!phone) return null;
  if (!DIGITS.test(phone)) return "search.invalidPhone";
  const wanted = input.areaCode === "00852" || input.areaCode === "00853" ? 8 : 11;
  return phone.length === wanted ? null : "search.invalidPhone";
}

/** Spec §4: type 2 for a valid 11-digit mobile starting with 1, otherwise 1. */
export function searchType(phone: string): 1 | 2 {
  return MOBILE_11.test(phone.trim()) ? 2 : 1;
}

/** The query of GET /rest/member/search. The dialog's one code field is sent both as the member
 * code and as the card number, so a card number typed there is found too (the server merges). */
export function searchQuery(input: SearchInput) {
  const phone = input.phone.trim();
  const code = input.crmCode.trim();
  return {
    areaCode: (input.areaCode || "0086") as MemberAreaCode,
    name: input.name.trim(),
    type: searchType(phone),
    phone,
    cardNo: code,
    crmCode: code,
  };
}

/** What the confirm button does with the selection. */
export function confirmOutcome(selected: MemberRow | null): "noSelection" | "askNotOwnStore" | "select" {
  if (!selected) return "noSelection";
  return selected.myself ? "select" : "askNotOwnStore";
}

// --- phones --------------------------------------------------------------------------------------

/** Spec §6, for a phone the browser itself must show masked: 11 digits keep the first 3 and last
 * 4, 8 digits the first 2 and last 2. Other lengths are returned unchanged. */
export function maskPhone(phone: string): string {
  if (/^\d{11}$/.test(phone)) return `${phone.slice(0, 3)}****${phone.slice(7)}`;
  if (/^\d{8}$/.test(phone)) return `${phone.slice(0, 2)}****${phone.slice(6)}`;
  return phone;
}

// --- the member form -----------------------------------------------------------------------------

/** The form's state: every select holds "" for "none". */
export interface MemberForm {
  name: string;
  areaCode: MemberAreaCode;
  phone: string;
  gender: string;
  birthday: string;
  crmCode: string;
  cardNo: string;
  source: string;
  occupation: string;
  income: string;
  education: string;
  maritalStatus: string;
  introducer: { memId: number; name: string } | null;
  labels: number[];
  smsConsent: boolean;
  remark: string;
}

export type MemberFormField = keyof MemberForm;
export type MemberFormErrors = Partial<Record<MemberFormField, string>>;

export function emptyMemberForm(prefill: Partial<Pick<MemberForm, "name" | "phone" | "areaCode">> = {}): MemberForm {
  return {
    name: prefill.name ?? "",
    areaCode: prefill.areaCode ?? "0086",
    phone: prefill.phone ?? "",
    gender: "",
    birthday: "",
    crmCode: "",
    cardNo: "",
    source: "",
    occupation: "",
    income: "",
    education: "",
    maritalStatus: "",
    introducer: null,
    labels: [],
    smsConsent: false,
    remark: "",
  };
}

/** The form of an existing member. The phone starts empty: the file's phone is masked, and an
 * empty phone keeps the one on file. */
export function memberFormFrom(file: MemberFile): MemberForm {
  return {
    name: file.name,
    areaCode: file.areaCode,
    phone: "",
    gender: file.gender ?? "",
    birthday: file.birthday ?? "",
    crmCode: file.crmCode ?? "",
    cardNo: file.cardNo ?? "",
    source: file.source ?? "",
    occupation: file.occupation ?? "",
    income: file.income ?? "",
    education: file.education ?? "",
    maritalStatus: file.maritalStatus ?? "",
    introducer: file.introducer ?? null,
    labels: (file.labels ?? []).map((label) => label.id),
    smsConsent: Boolean(file.smsConsent),
    remark: file.remark ?? "",
  };
}

export function memberPhoneError(areaCode: MemberAreaCode, phone: string): string | null {
  const value = phone.trim();
  if (!value) return "form.errors.phoneRequired";
  if (areaCode === "0086") return MAINLAND_MOBILE.test(value) ? null : "form.errors.mainlandPhone";
  return HK_MACAO_PHONE.test(value) ? null : "form.errors.hkMacaoPhone";
}

/** "YYYY-MM-DD" `years` before `today`. */
function yearsBefore(today: string, years: number): string {
  return `${String(Number(today.slice(0, 4)) - years).padStart(4, "0")}${today.slice(4)}`;
}

export function birthdayError(birthday: string, today: string): string | null {
  if (!birthday) return null;
  if (birthday > today) return "form.errors.birthdayFuture";
  return birthday < yearsBefore(today, 120) ? "form.errors.birthdayTooOld" : null;
}

export function codeError(value: string): string | null {
  const text = value.trim();
  if (text.length > CODE_MAX) return "form.errors.codeTooLong";
  return CODE_TEXT.test(text) ? null : "form.errors.codeChars";
}

/** `phoneRequired`: false when editing, where an empty phone keeps the one on file. */
export function validateMemberForm(form: MemberForm, today: string, phoneRequired = true): MemberFormErrors {
  const errors: MemberFormErrors = {};
  const name = form.name.trim();
  if (!name) errors.name = "form.errors.nameRequired";
  else if (name.length > MEMBER_NAME_MAX) errors.name = "form.errors.nameTooLong";
  if (phoneRequired || form.phone.trim()) {
    const phone = memberPhoneError(form.areaCode, form.phone);
    if (phone) errors.phone = phone;
  }
  const birthday = birthdayError(form.birthday, today);
  if (birthday) errors.birthday = birthday;
  const crm = codeError(form.crmCode);
  if (crm) errors.crmCode = crm;
  const card = codeError(form.cardNo);
  if (card) errors.cardNo = card;
  if (form.remark.trim().length > MEMBER_REMARK_MAX) errors.remark = "form.errors.remarkTooLong";
  return errors;
}

const OPTIONAL_CODES = ["gender", "source", "occupation", "income", "education", "maritalStatus"] as const;

/** The body of POST /rest/member/stoSaveMember: the required fields and every optional one filled. */
export function createBody(form: MemberForm): MemberSaveBody {
  const body: MemberSaveBody = { name: form.name.trim(), areaCode: form.areaCode, phone: form.phone.trim() };
  for (const key of OPTIONAL_CODES) if (form[key]) body[key] = form[key];
  if (form.birthday) body.birthday = form.birthday;
  if (form.crmCode.trim()) body.crmCode = form.crmCode.trim();
  if (form.cardNo.trim()) body.cardNo = form.cardNo.trim();
  if (form.introducer) body.introducerId = form.introducer.memId;
  if (form.labels.length) body.labels = [...form.labels];
  body.smsConsent = form.smsConsent;
  if (form.remark.trim()) body.remark = form.remark.trim();
  return body;
}

function sameSet(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((id) => b.includes(id));
}

/** The body of POST /rest/member/stoUpdateMember: `memId` and only the fields that changed. A
 * cleared date is sent as null, a cleared choice or text as "" (the schema's choices are not
 * nullable: a null was refused). The phone goes (with its area code) only when one was typed. */
export function updateBody(memId: number, before: MemberForm, after: MemberForm): MemberUpdateBody {
  const body: MemberUpdateBody = { memId };
  if (after.name.trim() !== before.name) body.name = after.name.trim();
  if (after.phone.trim()) {
    body.areaCode = after.areaCode;
    body.phone = after.phone.trim();
  }
  for (const key of OPTIONAL_CODES) if (after[key] !== before[key]) body[key] = after[key];
  if (after.birthday !== before.birthday) body.birthday = after.birthday || null;
  for (const key of ["crmCode", "cardNo", "remark"] as const) {
    if (after[key].trim() !== before[key]) body[key] = after[key].trim();
  }
  if ((after.introducer?.memId ?? null) !== (before.introducer?.memId ?? null))
    body.introducerId = after.introducer?.memId ?? null;
  if (!sameSet(after.labels, before.labels)) body.labels = [...after.labels];
  if (after.smsConsent !== before.smsConsent) body.smsConsent = after.smsConsent;
  return body;
}

/** The server's field names as the form's (VALID-40000 `data.fields`). */
export function formFieldOf(serverField: string): MemberFormField | null {
  if (serverField === "introducerId") return "introducer";
  const known: readonly string[] = [
    "name",
    "areaCode",
    "phone",
    "gender",
    "birthday",
    "crmCode",
    "cardNo",
    "source",
    "occupation",
    "income",
    "education",
    "maritalStatus",
    "introducer",
    "labels",
    "smsConsent",
    "remark",
  ];
  return known.includes(serverField) ? (serverField as MemberFormField) : null;
}

/** The form field a conflict belongs to: the phone (MEM-40901), the member code (MEM-40902) or the
 * card number (MEM-40903). */
export function conflictField(errcode: string): MemberFormField | null {
  if (errcode === "MEM-40901") return "phone";
  if (errcode === "MEM-40902") return "crmCode";
  if (errcode === "MEM-40903") return "cardNo";
  return null;
}

/** The search dialog's row of a member just created, so that it can be selected at once. */
export function rowFromFile(file: MemberFile): MemberRow {
  return {
    memId: file.memId,
    name: file.name,
    phone: file.phone,
    areaCode: file.areaCode,
    crmCode: file.crmCode,
    dependencyStore: file.dependencyStore,
    dependencyStoreId: file.dependencyStoreId,
    myself: file.myself ?? true,
  };
}

// --- points --------------------------------------------------------------------------------------

export type PointsDirection = "add" | "deduct";

/** The amount typed: a whole number from 1 to 1,000,000 (the direction gives the sign). */
export function pointsAmountError(amount: string): string | null {
  const text = amount.trim();
  if (!/^\d+$/.test(text)) return "points.errors.amount";
  const value = Number(text);
  return value >= 1 && value <= POINTS_CHANGE_MAX ? null : "points.errors.amount";
}

export function reasonError(reason: string, max: number): string | null {
  const text = reason.trim();
  if (!text) return "errors.reasonRequired";
  return text.length > max ? "errors.reasonTooLong" : null;
}

export function pointsChange(direction: PointsDirection, amount: string): number {
  const value = Number(amount.trim());
  return direction === "deduct" ? -value : value;
}

// --- dates ---------------------------------------------------------------------------------------

/** Spec §5 "Time range" for an optional filter range: only an end before the start is refused. */
export function rangeError(from: string, to: string): string | null {
  return reversedRange({ from, to });
}

/** `?memId=12` → 12; anything else → null. */
export function memIdFromSearch(search: string): number | null {
  return idFromSearch(search, "memId");
}

/** The list filter's phone part: 4 to 11 digits, or empty. */
export function phonePartError(phone: string): string | null {
  const text = phone.trim();
  if (!text) return null;
  return /^\d{4,11}$/.test(text) ? null : "list.errors.phonePart";
}
