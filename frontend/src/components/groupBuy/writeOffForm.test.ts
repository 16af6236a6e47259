import { describe, expect, it } from "vitest";
import { i18n } from "../../i18n";
import { emptyWriteOffForm, phoneFits, writeOffBody, writeOffError, type WriteOffFormValues } from "./writeOffForm";

function form(overrides: Partial<WriteOffFormValues> = {}): WriteOffFormValues {
  return { ...emptyWriteOffForm(), platformId: 7, checkCode: "1234567890", phone: "13812345678", ...overrides };
}

const review = (overrides: Partial<WriteOffFormValues> = {}) => form({ platformId: 19, ...overrides });

describe("the write-off form's rules (spec §5), in order", () => {
  it("asks for the platform first", () => {
    expect(writeOffError(form({ platformId: null, checkCode: "", phone: "" }))).toBe("rules.platformRequired");
  });

  it("then the coupon code (blank is missing)", () => {
    expect(writeOffError(form({ checkCode: "   ", phone: "" }))).toBe("rules.codeRequired");
  });

  it("then the customer phone", () => {
    expect(writeOffError(form({ phone: " " }))).toBe("rules.phoneRequired");
  });

  it.each([
    ["0086", "13812345678", null],
    ["0086", "19912345678", null],
    ["0086", "12812345678", "rules.phoneFormat"],
    ["0086", "1381234567", "rules.phoneFormat"],
    ["0086", "138123456789", "rules.phoneFormat"],
    ["00852", "91234567", null],
    ["00852", "9123456", "rules.phoneFormat"],
    ["00853", "66123456", null],
    ["00853", "661234567", "rules.phoneFormat"],
    ["00853", "6612345a", "rules.phoneFormat"],
  ] as const)("with %s, %s → %s", (areaCode, phone, expected) => {
    expect(writeOffError(form({ areaCode, phone }))).toBe(expected);
  });

  it("fails an unknown area code's phone", () => {
    expect(phoneFits("0044", "13812345678")).toBe(false);
  });

  it("skips the phone format for a member picked from today's reservations", () => {
    expect(writeOffError(form({ phone: "138****5678", fromReservation: true, memId: 3 }))).toBeNull();
  });

  it("needs a project, package or card on the review platforms 19 and 21 only", () => {
    expect(writeOffError(review())).toBe("rules.selectionRequired");
    expect(writeOffError(review({ platformId: 21 }))).toBe("rules.selectionRequired");
    expect(writeOffError(review({ selection: { type: "card", id: 4 } }))).toBeNull();
    expect(writeOffError(form({ platformId: 20 }))).toBeNull();
  });

  it("checks the phone before the selection", () => {
    expect(writeOffError(review({ phone: "123" }))).toBe("rules.phoneFormat");
  });
});

describe("the rules' messages", () => {
  const keys = [
    "rules.platformRequired",
    "rules.codeRequired",
    "rules.phoneRequired",
    "rules.phoneFormat",
    "rules.selectionRequired",
  ];

  it("say the spec's sentences in English", () => {
    const t = i18n.getFixedT("en", "groupBuy");
    expect(keys.map((key) => t(key))).toEqual([
      "please select platform",
      "please enter coupon code",
      "please enter customer phone",
      "phone format incorrect, cannot write off",
      "please select project package / project / card",
    ]);
  });

  it("and in Chinese (顾客, the glossary's word for a customer)", () => {
    const t = i18n.getFixedT("zh-hans", "groupBuy");
    expect(keys.map((key) => t(key))).toEqual([
      "请选择平台",
      "请输入券码",
      "请输入顾客手机号",
      "手机号格式不正确，无法核销",
      "请选择项目套餐/项目/卡",
    ]);
  });
});

describe("the write-off body (contract §9)", () => {
  it("carries the trimmed form and the chosen item", () => {
    expect(writeOffBody(review({ checkCode: " ab-12 ", selection: { type: "package", id: 9 } }))).toEqual({
      platformType: 1,
      platformId: 19,
      checkCode: "ab-12",
      areaCode: "0086",
      phone: "13812345678",
      commodityType: "package",
      commodityId: 9,
    });
  });

  it("names the reserved member, and a confirmation of a frequent phone", () => {
    const body = writeOffBody(form({ phone: "138****5678", fromReservation: true, memId: 3 }), {
      authorizationCode: "123456",
    });
    expect(body).toMatchObject({ fromReservation: true, memId: 3, authorizationCode: "123456", commodityId: null });
    expect(writeOffBody(form(), { frequencyConfirmed: true }).frequencyConfirmed).toBe(true);
  });
});
