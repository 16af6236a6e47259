import { describe, expect, it } from "vitest";
import { idFromSearch } from "./address";

describe("the address", () => {
  it("reads a positive id", () => {
    expect(idFromSearch("?id=12")).toBe(12);
    expect(idFromSearch("?x=1&id=3")).toBe(3);
  });

  it("refuses anything else", () => {
    expect(idFromSearch("")).toBeNull();
    expect(idFromSearch("?id=")).toBeNull();
    expect(idFromSearch("?id=0")).toBeNull();
    expect(idFromSearch("?id=-1")).toBeNull();
    expect(idFromSearch("?id=1e3")).toBeNull();
    expect(idFromSearch("?id=abc")).toBeNull();
  });
});
