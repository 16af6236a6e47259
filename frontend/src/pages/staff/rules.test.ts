import { describe, expect, it } from "vitest";
import {
  durationMinutesError,
  emptyEmployee,
  hireDateError,
  leftDateError,
  nameError,
  phoneError,
  validateEmployee,
} from "./rules";
import { formatPhone } from "../../lib/phone";

describe("employee rules (mirror apps/org/rules.py)", () => {
  it("needs a name of at most 20 characters", () => {
    expect(nameError("王芳")).toBeNull();
    expect(nameError("  ")).toBe("errors.nameRequired");
    expect(nameError("很".repeat(21))).toBe("errors.nameTooLong");
    expect(nameError("很".repeat(20))).toBeNull();
  });

  it("takes an 11-digit mainland mobile or an 8-digit HK or Macao number", () => {
    expect(phoneError("86", "13912345678")).toBeNull();
    expect(phoneError("86", "23912345678")).toBe("errors.mainlandPhone");
    expect(phoneError("86", "1391234567")).toBe("errors.mainlandPhone");
    expect(phoneError("852", "91234567")).toBeNull();
    expect(phoneError("853", "13912345678")).toBe("errors.hkMacaoPhone");
  });

  it("refuses a hire date in the future and a leaving date out of range", () => {
    expect(hireDateError("2025-01-01", "2025-01-01")).toBeNull();
    expect(hireDateError("2025-01-02", "2025-01-01")).toBe("errors.hireDateFuture");
    expect(hireDateError(null, "2025-01-01")).toBe("errors.hireDateRequired");
    expect(leftDateError("2024-12-31", "2025-01-01", "2025-06-01")).toBe("errors.leftBeforeHire");
    expect(leftDateError("2025-07-01", "2025-01-01", "2025-06-01")).toBe("errors.leftDateFuture");
    expect(leftDateError("2025-03-01", "2025-01-01", "2025-06-01")).toBeNull();
  });

  it("collects the errors of the form", () => {
    expect(validateEmployee(emptyEmployee("2025-01-01"), "2025-01-01")).toEqual({
      name: "errors.nameRequired",
      phone: "errors.mainlandPhone",
      position: "errors.positionRequired",
    });
  });

  it("checks duration minutes and formats phones and dates", () => {
    expect(durationMinutesError("60")).toBeNull();
    expect(durationMinutesError("0")).toBe("errors.minutes");
    expect(durationMinutesError("601")).toBe("errors.minutes");
    expect(durationMinutesError("1.5")).toBe("errors.minutes");
    expect(formatPhone("86", "138****0003")).toBe("138****0003");
    expect(formatPhone("852", "91****78")).toBe("+852 91****78");
  });
});
