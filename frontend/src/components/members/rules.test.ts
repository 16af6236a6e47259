import { describe, expect, it } from "vitest";
import type { MemberFile, MemberRow } from "../../api/members";
import {
  birthdayError,
  codeError,
  confirmOutcome,
  conflictField,
  createBody,
  emptyMemberForm,
  formFieldOf,
  maskPhone,
  memIdFromSearch,
  memberFormFrom,
  memberPhoneError,
  phonePartError,
  pointsAmountError,
  pointsChange,
  rangeError,
  reasonError,
  searchError,
  searchQuery,
  searchType,
  updateBody,
  validateMemberForm,
} from "./rules";
import { formatPhone } from "../../lib/phone";

const blank = { name: "", crmCode: "", phone: "", areaCode: "0086" as const };

function row(overrides: Partial<MemberRow> = {}): MemberRow {
  return {
    memId: 1,
    name: "张三",
    phone: "138****5678",
    areaCode: "0086",
    crmCode: "M001",
    dependencyStore: "Store A",
    dependencyStoreId: 10,
    myself: true,
    ...overrides,
  };
}

describe("member search rules (spec §5)", () => {
  it("needs at least one condition", () => {
    expect(searchError(blank)).toBe("search.invalidConditions");
    expect(searchError({ ...blank, name: "   " })).toBe("search.invalidConditions");
    expect(searchError({ ...blank, name: "张" })).toBeNull();
    expect(searchError({ ...blank, crmCode: "M001" })).toBeNull();
  });

  it("takes digits only, 11 with 0086 and 8 with 00852 or 00853", () => {
    expect(searchError({ ...blank, phone: "13812345678" })).toBeNull();
    expect(searchError({ ...blank, phone: "1381234567" })).toBe("search.invalidPhone");
    expect(searchError({ ...blank, phone: "1381234567a" })).toBe("search.invalidPhone");
    expect(searchError({ ...blank, areaCode: "00852", phone: "91234567" })).toBeNull();
    expect(searchError({ ...blank, areaCode: "00853", phone: "13812345678" })).toBe("search.invalidPhone");
    expect(searchError({ ...blank, areaCode: "", phone: "13812345678" })).toBeNull();
    expect(searchError({ ...blank, areaCode: "", phone: "91234567" })).toBe("search.invalidPhone");
  });

  it("uses type 2 for an 11-digit mobile starting with 1, else 1", () => {
    expect(searchType("13812345678")).toBe(2);
    expect(searchType("23812345678")).toBe(1);
    expect(searchType("91234567")).toBe(1);
    expect(searchType("")).toBe(1);
  });

  it("builds the query, the code field doubling as the card number", () => {
    expect(searchQuery({ name: " 张三 ", crmCode: " M001 ", phone: " 13812345678 ", areaCode: "0086" })).toEqual({
      areaCode: "0086",
      name: "张三",
      type: 2,
      phone: "13812345678",
      cardNo: "M001",
      crmCode: "M001",
    });
  });

  it("confirms a selection, asks about another store's member, refuses none", () => {
    expect(confirmOutcome(null)).toBe("noSelection");
    expect(confirmOutcome(row())).toBe("select");
    expect(confirmOutcome(row({ myself: false }))).toBe("askNotOwnStore");
  });
});

describe("phones (spec §6)", () => {
  it("shows the area code for Hong Kong and Macao only", () => {
    expect(formatPhone("0086", "138****5678")).toBe("138****5678");
    expect(formatPhone("00852", "91****78")).toBe("+852 91****78");
    expect(formatPhone("", "91****78")).toBe("91****78");
  });

  it("masks 11 digits to 3+4 and 8 digits to 2+2", () => {
    expect(maskPhone("13812345678")).toBe("138****5678");
    expect(maskPhone("91234567")).toBe("91****67");
    expect(maskPhone("123")).toBe("123");
  });
});

describe("member form rules", () => {
  const today = "2025-06-15";

  it("checks the name, phone, birthday and codes", () => {
    expect(validateMemberForm(emptyMemberForm(), today)).toEqual({
      name: "form.errors.nameRequired",
      phone: "form.errors.phoneRequired",
    });
    const form = { ...emptyMemberForm({ name: "张三", phone: "12812345678" }), crmCode: "M 1", birthday: "2026-01-01" };
    expect(validateMemberForm(form, today)).toEqual({
      phone: "form.errors.mainlandPhone",
      crmCode: "form.errors.codeChars",
      birthday: "form.errors.birthdayFuture",
    });
    expect(validateMemberForm({ ...emptyMemberForm({ name: "张三" }) }, today, false)).toEqual({});
  });

  it("takes a mainland mobile with 0086 and 8 digits otherwise", () => {
    expect(memberPhoneError("0086", "13912345678")).toBeNull();
    expect(memberPhoneError("0086", "12912345678")).toBe("form.errors.mainlandPhone");
    expect(memberPhoneError("00853", "61234567")).toBeNull();
    expect(memberPhoneError("00852", "6123456")).toBe("form.errors.hkMacaoPhone");
  });

  it("keeps birthdays within 120 years and codes to 20 letters, digits and -", () => {
    expect(birthdayError("1905-06-15", "2025-06-15")).toBeNull();
    expect(birthdayError("1905-06-14", "2025-06-15")).toBe("form.errors.birthdayTooOld");
    expect(codeError("A-1")).toBeNull();
    expect(codeError("x".repeat(21))).toBe("form.errors.codeTooLong");
  });

  it("sends the filled fields on create", () => {
    const form = {
      ...emptyMemberForm({ name: " 张三 ", phone: "13912345678" }),
      gender: "2",
      labels: [3],
      introducer: { memId: 9, name: "李四" },
    };
    expect(createBody(form)).toEqual({
      name: "张三",
      areaCode: "0086",
      phone: "13912345678",
      gender: "2",
      introducerId: 9,
      labels: [3],
      smsConsent: false,
    });
  });

  it("sends only the changed fields on update", () => {
    const file = {
      memId: 5,
      name: "张三",
      phone: "139****5678",
      areaCode: "0086",
      crmCode: "M1",
      gender: "2",
      birthday: "1990-01-02",
      cardNo: "",
      source: "01",
      labels: [{ id: 1, name: "VIP", color: "" }],
      occupation: "",
      income: "",
      education: "",
      maritalStatus: "",
      introducer: null,
      smsConsent: true,
      remark: "",
    } as unknown as MemberFile;
    const before = memberFormFrom(file);
    expect(before.phone).toBe("");
    expect(updateBody(5, before, before)).toEqual({ memId: 5 });
    expect(updateBody(5, before, { ...before, labels: [1] })).toEqual({ memId: 5 });
    expect(
      updateBody(5, before, {
        ...before,
        birthday: "",
        remark: " hi ",
        labels: [2, 1],
        smsConsent: false,
        phone: "13812345678",
      }),
    ).toEqual({
      memId: 5,
      birthday: null,
      remark: "hi",
      labels: [2, 1],
      smsConsent: false,
      areaCode: "0086",
      phone: "13812345678",
    });
    // A cleared choice is "": the server's choices are not nullable.
    expect(updateBody(5, before, { ...before, gender: "", source: "" })).toEqual({ memId: 5, gender: "", source: "" });
  });

  it("maps the server's fields and conflicts to the form", () => {
    expect(formFieldOf("introducerId")).toBe("introducer");
    expect(formFieldOf("phone")).toBe("phone");
    expect(formFieldOf("storeId")).toBeNull();
    expect(conflictField("MEM-40901")).toBe("phone");
    expect(conflictField("MEM-40903")).toBe("cardNo");
    expect(conflictField("SYS-40900")).toBeNull();
  });
});

describe("points, reasons, ranges and addresses", () => {
  it("takes a whole amount from 1 to 1,000,000 and signs it", () => {
    expect(pointsAmountError("100")).toBeNull();
    expect(pointsAmountError("0")).toBe("points.errors.amount");
    expect(pointsAmountError("1.5")).toBe("points.errors.amount");
    expect(pointsAmountError("1000001")).toBe("points.errors.amount");
    expect(pointsChange("add", "100")).toBe(100);
    expect(pointsChange("deduct", "20")).toBe(-20);
  });

  it("needs a reason within its length", () => {
    expect(reasonError(" ", 100)).toBe("errors.reasonRequired");
    expect(reasonError("x".repeat(101), 100)).toBe("errors.reasonTooLong");
    expect(reasonError("goodwill", 100)).toBeNull();
  });

  it("refuses an end before the start", () => {
    expect(rangeError("2025-01-02", "2025-01-01")).toBe("errors.endBeforeStart");
    expect(rangeError("2025-01-01", "")).toBeNull();
    expect(rangeError("2025-01-01", "2025-01-01")).toBeNull();
  });

  it("reads memId and the phone part", () => {
    expect(memIdFromSearch("?memId=12")).toBe(12);
    expect(memIdFromSearch("?memId=x")).toBeNull();
    expect(memIdFromSearch("")).toBeNull();
    expect(phonePartError("5678")).toBeNull();
    expect(phonePartError("567")).toBe("list.errors.phonePart");
    expect(phonePartError("")).toBeNull();
  });
});
