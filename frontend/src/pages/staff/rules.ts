/**
 * The employee form's rules, mirroring apps/org/rules.py (the server checks again). Each rule
 * answers an i18n key of the "staff" namespace, or null.
 */

import type { AreaCode, EmployeeDetail, EmployeeInput } from "../../api/staff";

export const NAME_MAX_LENGTH = 20;
const MAINLAND_MOBILE = /^1\d{10}$/;
const HK_MACAO_PHONE = /^\d{8}$/;

export type EmployeeErrors = Partial<Record<"name" | "phone" | "position" | "hireDate", string>>;

export function nameError(name: string): string | null {
  const value = name.trim();
  if (!value) return "errors.nameRequired";
  return value.length > NAME_MAX_LENGTH ? "errors.nameTooLong" : null;
}

export function phoneError(areaCode: AreaCode, phone: string): string | null {
  const value = phone.trim();
  if (areaCode === "86") return MAINLAND_MOBILE.test(value) ? null : "errors.mainlandPhone";
  return HK_MACAO_PHONE.test(value) ? null : "errors.hkMacaoPhone";
}

/** Dates are "YYYY-MM-DD", so they compare as strings. */
export function hireDateError(hireDate: string | null, today: string): string | null {
  if (!hireDate) return "errors.hireDateRequired";
  return hireDate > today ? "errors.hireDateFuture" : null;
}

export function leftDateError(leftDate: string, hireDate: string, today: string): string | null {
  if (!leftDate) return "errors.leftDateRequired";
  if (leftDate > today) return "errors.leftDateFuture";
  return leftDate < hireDate ? "errors.leftBeforeHire" : null;
}

export function validateEmployee(input: EmployeeInput, today: string): EmployeeErrors {
  const errors: EmployeeErrors = {};
  const name = nameError(input.name);
  if (name) errors.name = name;
  const phone = phoneError(input.areaCode, input.phone);
  if (phone) errors.phone = phone;
  if (!input.position) errors.position = "errors.positionRequired";
  const hire = hireDateError(input.hireDate, today);
  if (hire) errors.hireDate = hire;
  return errors;
}

export function durationMinutesError(minutes: string): string | null {
  const value = Number(minutes);
  return Number.isInteger(value) && value >= 1 && value <= 600 ? null : "errors.minutes";
}

export function emptyEmployee(today: string): EmployeeInput {
  return { name: "", areaCode: "86", phone: "", position: "", skillLevel: "", hireDate: today };
}

export function employeeInputFrom(employee: EmployeeDetail): EmployeeInput {
  return {
    id: employee.id,
    name: employee.name,
    areaCode: employee.areaCode,
    phone: employee.phone,
    position: employee.position,
    skillLevel: employee.skillLevel,
    hireDate: employee.hireDate,
  };
}
