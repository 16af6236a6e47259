import { act, renderHook } from "@testing-library/react";
import type { FormEvent } from "react";
import { describe, expect, it, vi } from "vitest";
import { reversedRange, useFilterForm, useKeywordFilters } from "./filterForm";

interface Input {
  keyword: string;
  from: string;
  to: string;
}

const EMPTY: Input = { keyword: "", from: "", to: "" };

function toSearch(input: Input) {
  return { keyword: input.keyword.trim() || null, dateFrom: input.from || null, dateTo: input.to || null };
}

function reversed(input: Input): string | null {
  return input.from && input.to && input.to < input.from ? "errors.endBeforeStart" : null;
}

function paging() {
  return { refilter: vi.fn((apply: () => void) => apply()) };
}

describe("useFilterForm", () => {
  it("searches the empty form until Search, and typing changes only the form", () => {
    const pages = paging();
    const { result } = renderHook(() => useFilterForm({ empty: EMPTY, toSearch, paging: pages }));
    expect(result.current.filters).toEqual({ keyword: null, dateFrom: null, dateTo: null });
    act(() => result.current.set("keyword", "  wang "));
    expect(result.current.input.keyword).toBe("  wang ");
    expect(result.current.filters.keyword).toBeNull();
    act(() => result.current.update({ from: "2026-11-01", to: "2026-11-24" }));
    expect(result.current.input).toEqual({ keyword: "  wang ", from: "2026-11-01", to: "2026-11-24" });
    expect(pages.refilter).not.toHaveBeenCalled();
  });

  it("applies the form on Search, back on the first page, and stops the browser's own submit", () => {
    const pages = paging();
    const { result } = renderHook(() => useFilterForm({ empty: EMPTY, toSearch, paging: pages }));
    act(() => result.current.set("keyword", " wang "));
    const event = { preventDefault: vi.fn() } as unknown as FormEvent;
    act(() => result.current.submit(event));
    expect(event.preventDefault).toHaveBeenCalled();
    expect(result.current.filters.keyword).toBe("wang");
    expect(result.current.tried).toBe(true);
    expect(pages.refilter).toHaveBeenCalledTimes(1);
  });

  it("keeps the last search while the check finds a fault, and names it", () => {
    const pages = paging();
    const { result } = renderHook(() => useFilterForm({ empty: EMPTY, toSearch, paging: pages, check: reversed }));
    act(() => result.current.setInput({ keyword: "x", from: "2026-11-24", to: "2026-11-01" }));
    expect(result.current.error).toBe("errors.endBeforeStart");
    act(() => result.current.submit());
    expect(result.current.filters).toEqual({ keyword: null, dateFrom: null, dateTo: null });
    expect(result.current.tried).toBe(true);
    expect(pages.refilter).not.toHaveBeenCalled();
  });

  it("empties the form and the search on Reset, or searches what it is told", () => {
    const pages = paging();
    const { result } = renderHook(() => useFilterForm({ empty: EMPTY, toSearch, paging: pages }));
    act(() => result.current.set("keyword", "wang"));
    act(() => result.current.submit());
    act(() => result.current.reset());
    expect(result.current.input).toEqual(EMPTY);
    expect(result.current.filters.keyword).toBeNull();
    expect(result.current.tried).toBe(false);
    act(() => result.current.resetTo({ keyword: "all", dateFrom: null, dateTo: null }));
    expect(result.current.filters.keyword).toBe("all");
    expect(pages.refilter).toHaveBeenCalledTimes(3);
  });

  it("searches what it is told at once, leaving the form as typed", () => {
    const pages = paging();
    const { result } = renderHook(() => useFilterForm({ empty: EMPTY, toSearch, paging: pages }));
    act(() => result.current.set("keyword", "wang"));
    act(() => result.current.apply({ keyword: null, dateFrom: "2026-11-01", dateTo: null }));
    expect(result.current.filters).toEqual({ keyword: null, dateFrom: "2026-11-01", dateTo: null });
    expect(result.current.input.keyword).toBe("wang");
    expect(pages.refilter).toHaveBeenCalledTimes(1);
  });

  it("searches nothing before the first Search when told so", () => {
    const { result } = renderHook(() =>
      useFilterForm<Input, ReturnType<typeof toSearch> | null>({
        empty: EMPTY,
        toSearch,
        paging: paging(),
        initial: null,
      }),
    );
    expect(result.current.filters).toBeNull();
    act(() => result.current.submit());
    expect(result.current.filters).toEqual({ keyword: null, dateFrom: null, dateTo: null });
  });
});

describe("useKeywordFilters", () => {
  const empty = { keyword: "", category: "" };

  it("applies a drop-down at once with the keyword last searched, and the keyword trimmed on Search", () => {
    const pages = paging();
    const { result } = renderHook(() => useKeywordFilters(empty, pages));
    act(() => result.current.set("keyword", " shampoo "));
    act(() => result.current.choose("category", "3"));
    expect(result.current.filters).toEqual({ keyword: "", category: "3" });
    expect(result.current.input).toEqual({ keyword: " shampoo ", category: "3" });
    act(() => result.current.submit());
    expect(result.current.filters).toEqual({ keyword: "shampoo", category: "3" });
    act(() => result.current.reset());
    expect(result.current.filters).toEqual(empty);
    expect(result.current.input).toEqual(empty);
    expect(pages.refilter).toHaveBeenCalledTimes(3);
  });

  it("does not search a keyword over its limit", () => {
    const { result } = renderHook(() => useKeywordFilters(empty, paging(), 5));
    act(() => result.current.set("keyword", "123456"));
    act(() => result.current.submit());
    expect(result.current.error).toBe("tooLong");
    expect(result.current.filters.keyword).toBe("");
  });
});

describe("reversedRange", () => {
  it("refuses only an end before the start", () => {
    expect(reversedRange({ from: "2026-11-24", to: "2026-11-01" })).toBe("errors.endBeforeStart");
    expect(reversedRange({ from: "2026-11-01", to: "2026-11-01" })).toBeNull();
    expect(reversedRange({ from: "", to: "2026-11-01" })).toBeNull();
    expect(reversedRange({ from: "2026-11-01", to: "" })).toBeNull();
  });
});
