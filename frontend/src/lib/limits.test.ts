import { describe, expect, it } from "vitest";
import { overLimits, tooLong } from "./limits";

describe("limits", () => {
  it("counts what was typed without surrounding spaces", () => {
    expect(tooLong("a".repeat(20), 20)).toBe(false);
    expect(tooLong(`  ${"a".repeat(20)}  `, 20)).toBe(false);
    expect(tooLong("a".repeat(21), 20)).toBe(true);
    expect(tooLong(undefined, 0)).toBe(false);
  });

  it("names the fields over their limit", () => {
    expect(overLimits({ name: "王".repeat(21), phone: "139123456789", note: "x" }, { name: 20, phone: 11 })).toEqual([
      "name",
      "phone",
    ]);
    expect(overLimits({ name: "王芳" }, { name: 20, phone: 11 })).toEqual([]);
  });
});
