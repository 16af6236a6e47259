import { describe, expect, it } from "vitest";
import { centsToText, toCents } from "./money";

describe("an amount in cents", () => {
  it("reads the server's and the cashier's decimals exactly", () => {
    expect(toCents("12.30")).toBe(1230);
    expect(toCents("12.3")).toBe(1230);
    expect(toCents("12")).toBe(1200);
    expect(toCents("0.29")).toBe(29);
    expect(toCents("1234567890.99")).toBe(123456789099);
    expect(toCents("-12.50")).toBe(-1250);
    expect(toCents("-0.05")).toBe(-5);
  });

  it("reads a blank as nothing and anything else as not a number, as Number does", () => {
    expect(toCents("")).toBe(0);
    expect(toCents("abc")).toBeNaN();
  });

  it("writes the bare decimal with two places and the sign of a negative", () => {
    expect(centsToText(1230)).toBe("12.30");
    expect(centsToText(5)).toBe("0.05");
    expect(centsToText(0)).toBe("0.00");
    expect(centsToText(-0)).toBe("0.00");
    expect(centsToText(-5)).toBe("-0.05");
    expect(centsToText(-1250)).toBe("-12.50");
    expect(centsToText(123456789099)).toBe("1234567890.99");
  });

  it("comes back to the same text", () => {
    for (const text of ["0.00", "0.01", "0.10", "9.99", "100.00", "-3.07"])
      expect(centsToText(toCents(text))).toBe(text);
  });
});
