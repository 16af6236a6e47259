/**
 * The store form's rules, mirroring apps/org/rules.py so the person sees a mistake before saving
 * (the server checks again). Each rule answers an i18n key of the "org" namespace, or null.
 */

import type { StoreRef, StoreRow } from "../../api/org";
import { highOf, withinBound } from "../../lib/bounds";
import { tooLong } from "../../lib/limits";

/** A mainland mobile, a mainland landline with its area prefix (021-62345678), or 8 digits (HK, Macao). */
const STORE_PHONE = /^(1\d{10}|0\d{2,3}-?\d{7,8}|\d{8})$/;

export interface StoreForm {
  name: string;
  provinceCode: string;
  cityCode: string;
  districtCode: string;
  address: string;
  phone: string;
  openTime: string;
  closeTime: string;
  seats: string;
  status: "open" | "closed";
  frontDeskCheckRequired: boolean;
  signatureRequired: boolean;
  /** When off, a stock move that would take a product below 0 is refused (STOCK-40901). */
  negativeStockAllowed: boolean;
  cardTransferApproval: boolean;
  /** What one order may give back (its refunds together) without an owner's approval; empty: no limit. */
  refundApprovalAbove: string;
  borrowOutTargetIds: number[];
}

export type StoreFormErrors = Partial<Record<keyof StoreForm, string>>;

export function storePhoneError(phone: string): string | null {
  const value = phone.trim();
  return value && !STORE_PHONE.test(value) ? "errors.phone" : null;
}

/** "HH:MM" strings compare as times. */
export function openingHoursError(openTime: string, closeTime: string): string | null {
  if ((openTime === "") !== (closeTime === "")) return "errors.bothTimes";
  if (openTime && closeTime && openTime >= closeTime) return "errors.openBeforeClose";
  return null;
}

export function seatsError(seats: string): string | null {
  if (seats.trim() === "") return null;
  const value = Number(seats);
  if (!Number.isInteger(value)) return "errors.seatsWhole";
  if (value < 0) return "errors.seatsNegative";
  return value > highOf("places") ? "errors.seatsTooMany" : null;
}

/** An amount of at most 2 places, from 0 to 1,000,000.00 (empty is allowed: no approval needed). */
export function approvalAmountError(amount: string): string | null {
  const value = amount.trim();
  if (value === "") return null;
  return withinBound(value, "moneyOrder") ? null : "errors.approvalAmount";
}

export function regionError(form: Pick<StoreForm, "provinceCode" | "cityCode" | "districtCode">): string | null {
  const given = [form.provinceCode, form.cityCode, form.districtCode].filter((code) => code !== "");
  return given.length === 0 || given.length === 3 ? null : "errors.region";
}

export const STORE_NAME_MAX = 100;
export const STORE_ADDRESS_MAX = 200;

export function validateStoreForm(form: StoreForm): StoreFormErrors {
  const errors: StoreFormErrors = {};
  if (!form.name.trim()) errors.name = "errors.name";
  else if (tooLong(form.name, STORE_NAME_MAX)) errors.name = "errors.nameTooLong";
  if (tooLong(form.address, STORE_ADDRESS_MAX)) errors.address = "errors.addressTooLong";
  const phone = storePhoneError(form.phone);
  if (phone) errors.phone = phone;
  const hours = openingHoursError(form.openTime, form.closeTime);
  if (hours) errors.closeTime = hours;
  const seats = seatsError(form.seats);
  if (seats) errors.seats = seats;
  const approval = approvalAmountError(form.refundApprovalAbove);
  if (approval) errors.refundApprovalAbove = approval;
  const region = regionError(form);
  if (region) errors.districtCode = region;
  return errors;
}

export function storeFormFrom(
  store: StoreRow & {
    frontDeskCheckRequired: boolean;
    signatureRequired: boolean;
    negativeStockAllowed: boolean;
    cardTransferApproval: boolean;
    refundApprovalAbove: string | null;
    borrowOutTargets: StoreRef[];
  },
): StoreForm {
  return {
    name: store.name,
    provinceCode: store.provinceCode,
    cityCode: store.cityCode,
    districtCode: store.districtCode,
    address: store.address,
    phone: store.phone,
    openTime: store.openTime ?? "",
    closeTime: store.closeTime ?? "",
    seats: store.seats === null ? "" : String(store.seats),
    status: store.status,
    frontDeskCheckRequired: store.frontDeskCheckRequired,
    signatureRequired: store.signatureRequired,
    negativeStockAllowed: store.negativeStockAllowed,
    cardTransferApproval: store.cardTransferApproval,
    refundApprovalAbove: store.refundApprovalAbove ?? "",
    borrowOutTargetIds: store.borrowOutTargets.map((target) => target.id),
  };
}

/** The settings that govern approvals, money or stock: the owner's to change (BTN-MDGL-STORE-CONTROLS),
 * read-only to anyone else (apps.org.services.OWNER_ONLY_SETTINGS). */
export const OWNER_ONLY_FIELDS = [
  "signatureRequired",
  "negativeStockAllowed",
  "cardTransferApproval",
  "refundApprovalAbove",
  "borrowOutTargetIds",
] as const satisfies readonly (keyof StoreForm)[];

/** The body of UpdateErpStore: empty times and seats become null. Without the owner's code the
 * owner's settings are left out: they are not the person's to change, and a value the owner set
 * since the form was read must not be sent back (the server refuses such a change whole). */
export function storeUpdateFrom(id: number, form: StoreForm, mayChangeControls = true): StoreUpdateRequest {
  const body: StoreUpdateRequest = storeUpdateBody(id, form);
  if (!mayChangeControls) for (const field of OWNER_ONLY_FIELDS) delete body[field];
  return body;
}

type OwnerOnlyField = (typeof OWNER_ONLY_FIELDS)[number];
type StoreUpdateBody = ReturnType<typeof storeUpdateBody>;
/** The owner's settings may be left out (the server then keeps them). */
type StoreUpdateRequest = Omit<StoreUpdateBody, OwnerOnlyField> & Partial<Pick<StoreUpdateBody, OwnerOnlyField>>;

function storeUpdateBody(id: number, form: StoreForm) {
  return {
    id,
    name: form.name.trim(),
    provinceCode: form.provinceCode,
    cityCode: form.cityCode,
    districtCode: form.districtCode,
    address: form.address.trim(),
    phone: form.phone.trim(),
    openTime: form.openTime || null,
    closeTime: form.closeTime || null,
    seats: form.seats.trim() === "" ? null : Number(form.seats),
    status: form.status,
    frontDeskCheckRequired: form.frontDeskCheckRequired,
    signatureRequired: form.signatureRequired,
    negativeStockAllowed: form.negativeStockAllowed,
    cardTransferApproval: form.cardTransferApproval,
    refundApprovalAbove: form.refundApprovalAbove.trim() || null,
    borrowOutTargetIds: form.borrowOutTargetIds,
  };
}

/** "10:00–22:00", or the given placeholder when the hours are not set. */
export function formatHours(openTime: string | null, closeTime: string | null, none: string): string {
  return openTime && closeTime ? `${openTime}–${closeTime}` : none;
}
