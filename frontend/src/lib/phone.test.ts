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
