import { describe, expect, it } from "vitest";

import { BOUNDS, highOf, withinBound } from "./bounds";

describe("withinBound", () => {
  it("takes a kind's numbers up to its high and its places", () => {
    expect(withinBound("99999", "stockUnits")).toBe(true);
    expect(withinBound(" 0.125 ", "stockUnits")).toBe(true);
    expect(withinBound("100000", "stockUnits")).toBe(false);
    expect(withinBound("9999999999.999", "stockUnits")).toBe(false);
    expect(withinBound("1.0001", "stockUnits")).toBe(false);
    expect(withinBound("1000000.00", "moneyOrder")).toBe(true);
    expect(withinBound("1000000.01", "moneyOrder")).toBe(false);
  });

  it("refuses below the kind's low or a narrower one, and what is not a plain number", () => {
    expect(withinBound("0", "stockUnits", "0.001")).toBe(false);
    expect(withinBound("-1", "places")).toBe(false);
    expect(withinBound("1.5", "places")).toBe(false);
    expect(withinBound("1e3", "stockUnits")).toBe(false);
    expect(withinBound("", "stockUnits")).toBe(false);
    expect(withinBound("-1000000", "points")).toBe(true);
  });

  it("reads a kind's high", () => {
    expect(highOf("places")).toBe(999);
    expect(BOUNDS.rate.places).toBe(4);
  });
});
