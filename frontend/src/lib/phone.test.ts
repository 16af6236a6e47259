import { describe, expect, it } from "vitest";
import { formatPhone, shownAreaCode } from "./phone";

describe("one way to show a phone", () => {
  it.each([
    ["0086", "138****5678", "138****5678"],
    ["86", "138****0003", "138****0003"],
    ["", "91****78", "91****78"],
    ["00852", "91****78", "+852 91****78"],
    ["852", "91****78", "+852 91****78"],
    ["+853", "6612****", "+853 6612****"],
    ["00852", "", ""],
  ])("%s %s reads %s", (areaCode, phone, shown) => {
    expect(formatPhone(areaCode, phone)).toBe(shown);
  });

  it("shows area codes of either stored form alike", () => {
    expect([shownAreaCode("00852"), shownAreaCode("852"), shownAreaCode("+852"), shownAreaCode(null)]).toEqual([
      "+852",
      "+852",
      "+852",
      "",
    ]);
  });
});

const locales = import.meta.glob<{ default: { areaCodes?: Record<string, string> } }>("../i18n/locales/*/*.json", {
  eager: true,
});

describe("area code choices", () => {
  it("name each area code as a phone shows it, in every form of every language", () => {
    const labels = Object.entries(locales).flatMap(([file, module]) =>
      Object.entries(module.default.areaCodes ?? {}).map(([code, label]) => ({ file, code, label })),
    );
    expect(labels.length).toBeGreaterThanOrEqual(12);
    const wrong = labels.filter(({ code, label }) => !label.startsWith(`${shownAreaCode(code)} `));
    expect(wrong).toEqual([]);
  });
});
