import { describe, expect, it } from "vitest";
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, clampPageIndex, pageNo } from "./paging";

describe("paging", () => {
  it("offers 10, 20, 30, 40 rows a page, 10 by default", () => {
    expect(PAGE_SIZES).toEqual([10, 20, 30, 40]);
    expect(DEFAULT_PAGE_SIZE).toBe(10);
  });

  it("turns the table's page index into the server's pageNo", () => {
    expect(pageNo(0)).toBe(1);
    expect(pageNo(3)).toBe(4);
    expect(pageNo(-1)).toBe(1);
  });

  it("keeps the page index within the pages that have rows", () => {
    expect(clampPageIndex(5, 25, 10)).toBe(2);
    expect(clampPageIndex(1, 0, 10)).toBe(0);
    expect(clampPageIndex(1, 20, 10)).toBe(1);
  });
});
