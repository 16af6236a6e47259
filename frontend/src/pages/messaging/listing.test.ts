import { describe, expect, it } from "vitest";
import {
  DEFAULT_PAGE_SIZE,
  PAGE_SIZES,
  clampPageIndex,
  formatDate,
  formatDateTime,
  formatMoney,
  idFromSearch,
  messageReadFilter,
  messageTypeFilter,
  pageNo,
  selectionState,
  taskReadFilter,
  taskTypeFilter,
  toggleAll,
  toggleId,
  unreadAmong,
} from "./listing";

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

describe("filters", () => {
  it("maps the read state to the message calls' 1 (read) and 2 (unread)", () => {
    expect(messageReadFilter("read")).toBe(1);
    expect(messageReadFilter("unread")).toBe(2);
    expect(messageReadFilter("")).toBeNull();
  });

  it("maps the read state to the task calls' true and false", () => {
    expect(taskReadFilter("read")).toBe(true);
    expect(taskReadFilter("unread")).toBe(false);
    expect(taskReadFilter("")).toBeNull();
  });

  it("accepts only known task types and positive message types", () => {
    expect(taskTypeFilter("1")).toBe(1);
    expect(taskTypeFilter("2")).toBe(2);
    expect(taskTypeFilter("3")).toBeNull();
    expect(messageTypeFilter("4")).toBe(4);
    expect(messageTypeFilter("")).toBeNull();
    expect(messageTypeFilter("x")).toBeNull();
    expect(messageTypeFilter("0")).toBeNull();
  });
});

describe("selection", () => {
  it("toggles one row", () => {
    expect(toggleId([1, 2], 3)).toEqual([1, 2, 3]);
    expect(toggleId([1, 2], 1)).toEqual([2]);
  });

  it("selects the whole page, then clears it", () => {
    expect(toggleAll([], [1, 2, 3])).toEqual([1, 2, 3]);
    expect(toggleAll([2], [1, 2, 3])).toEqual([2, 1, 3]);
    expect(toggleAll([1, 2, 3], [1, 2, 3])).toEqual([]);
    expect(toggleAll([], [])).toEqual([]);
  });

  it("tells the header checkbox's state", () => {
    expect(selectionState([], [1, 2])).toBe("none");
    expect(selectionState([1], [1, 2])).toBe("some");
    expect(selectionState([1, 2], [1, 2])).toBe("all");
  });

  it("marks only the selected unread rows", () => {
    const rows = [
      { id: 1, isRead: false },
      { id: 2, isRead: true },
      { id: 3, isRead: false },
    ];
    expect(unreadAmong(rows, [1, 2])).toEqual([1]);
    expect(unreadAmong(rows, [2])).toEqual([]);
  });
});

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

describe("formatting", () => {
  it("formats a time in the page's language", () => {
    const iso = "2025-03-01T09:05:00+08:00";
    expect(formatDateTime(iso, "en", "Asia/Shanghai")).toBe("1 Mar 2025, 09:05");
    expect(formatDateTime(iso, "zh-hans", "Asia/Shanghai")).toBe("2025年3月1日 09:05");
  });

  it("leaves an empty or unreadable time as it is", () => {
    expect(formatDateTime(null, "en")).toBe("");
    expect(formatDateTime("soon", "en")).toBe("soon");
  });

  it("formats a calendar date as that day", () => {
    expect(formatDate("2025-03-01", "en")).toBe("1 Mar 2025");
    expect(formatDate("2025-03-01", "zh-hans")).toBe("2025年3月1日");
    expect(formatDate(null, "en")).toBe("");
  });

  it("formats money from its decimal string, with thousands separators", () => {
    expect(formatMoney("1234567.5")).toBe("¥1,234,567.50");
    expect(formatMoney("199.00")).toBe("¥199.00");
    expect(formatMoney("-12")).toBe("-¥12.00");
    expect(formatMoney(null)).toBe("");
    expect(formatMoney("n/a")).toBe("n/a");
  });
});
