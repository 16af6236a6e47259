import { describe, expect, it } from "vitest";
import {
  formatMoney,
  messageReadFilter,
  messageTypeFilter,
  selectionState,
  taskReadFilter,
  taskTypeFilter,
  toggleAll,
  toggleId,
  unreadAmong,
} from "./listing";

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
    expect(taskTypeFilter("3")).toBe(3);
    expect(taskTypeFilter("4")).toBe(4); // a provider payment to check
    expect(taskTypeFilter("5")).toBe(5); // a group-buy write-off to check
    expect(taskTypeFilter("6")).toBe(6); // many whole phones viewed (the owner's)
    expect(taskTypeFilter("7")).toBe(7); // report figures corrected (issue 29's nightly check)
    expect(taskTypeFilter("8")).toBeNull();
    expect(taskTypeFilter("")).toBeNull();
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

describe("formatting", () => {
  it("formats money from its decimal string, with thousands separators", () => {
    expect(formatMoney("1234567.5")).toBe("¥1,234,567.50");
    expect(formatMoney("199.00")).toBe("¥199.00");
    expect(formatMoney("-12")).toBe("-¥12.00");
    expect(formatMoney(null)).toBe("");
    expect(formatMoney("n/a")).toBe("n/a");
  });
});
