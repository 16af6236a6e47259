import { describe, expect, it } from "vitest";
import { idFromSearch } from "./address";

describe("the address", () => {
  it("reads a positive id", () => {
    expect(idFromSearch("?id=12")).toBe(12);
    expect(idFromSearch("?x=1&id=3")).toBe(3);
    expect(idFromSearch("?id=007")).toBe(7);
  });

  it("reads the id of the name it is given", () => {
    expect(idFromSearch("?orderId=41", "orderId")).toBe(41);
    expect(idFromSearch("?id=5&memId=9", "memId")).toBe(9);
    expect(idFromSearch("?id=5", "memId")).toBeNull();
  });

  it("refuses anything else", () => {
    expect(idFromSearch("")).toBeNull();
    expect(idFromSearch("?id=")).toBeNull();
    expect(idFromSearch("?id=0")).toBeNull();
    expect(idFromSearch("?id=-1")).toBeNull();
    expect(idFromSearch("?id=1e3")).toBeNull();
    expect(idFromSearch("?id=abc")).toBeNull();
    expect(idFromSearch("?id=12.0")).toBeNull();
    expect(idFromSearch("?id=%2B5")).toBeNull();
  });
});
