import { describe, expect, it } from "vitest";
import {
  confirmedByText,
  disputeProblems,
  monthOf,
  percentText,
  previousMonth,
  ruleBody,
  ruleProblems,
  yesterdayOf,
} from "./checks";
import { cellLookup, storePositions } from "./matrix";

describe("the settlement pages' days and months", () => {
  it("starts on yesterday, this month and the month before", () => {
    expect(yesterdayOf("2026-03-01")).toBe("2026-02-28");
    expect(monthOf("2026-11-24")).toBe("2026-11");
    expect(previousMonth("2026-01-15")).toBe("2025-12");
    expect(previousMonth("2026-11-24")).toBe("2026-10");
  });

  it("names the stores that confirmed, and shows percentages plainly", () => {
    const confirmations = [
      { storeId: 1, storeName: "Store A", confirmedBy: "SY00001", confirmedAt: "2026-11-24T09:00:00+08:00" },
      { storeId: 2, storeName: "Store B", confirmedBy: "", confirmedAt: null },
    ];
    expect(confirmedByText({ confirmations })).toBe("Store A (SY00001)");
    expect(confirmedByText({ confirmations: [] })).toBe("");
    expect(percentText("80.00")).toBe("80%");
    expect(percentText("12.50")).toBe("12.5%");
    expect(percentText(null)).toBe("");
  });
});

describe("disputeProblems", () => {
  it("requires a correction within its bounds and a reason", () => {
    expect(disputeProblems({ correction: "", reason: "" })).toEqual({
      correction: "correctionRequired",
      reason: "reasonRequired",
    });
    expect(disputeProblems({ correction: "-20.00", reason: "  " })).toEqual({ reason: "reasonRequired" });
    expect(disputeProblems({ correction: "1.234", reason: "x" })).toEqual({ correction: "correctionBound" });
    expect(disputeProblems({ correction: "10000000", reason: "x" })).toEqual({ correction: "correctionBound" });
    expect(disputeProblems({ correction: "-9999999.99", reason: "x".repeat(201) })).toEqual({ reason: "tooLong" });
    expect(disputeProblems({ correction: "-20", reason: "the refund came back" })).toEqual({});
  });
});

describe("ruleProblems", () => {
  const draft = { effectiveFrom: "2026-11-25", share: "80", giftRatio: "0", note: "" };

  it("takes a start from the earliest day on and two percentages from 0 to 100", () => {
    expect(ruleProblems(draft, "2026-11-25")).toEqual({});
    expect(ruleProblems({ ...draft, effectiveFrom: "2026-11-24" }, "2026-11-25")).toEqual({
      effectiveFrom: "beforeEarliest",
    });
    expect(ruleProblems({ ...draft, effectiveFrom: "" }, "2026-11-25")).toEqual({ effectiveFrom: "dateRequired" });
    expect(ruleProblems({ ...draft, share: "100.01", giftRatio: "-1" }, "2026-11-25")).toEqual({
      share: "percent",
      giftRatio: "percent",
    });
    expect(ruleProblems({ ...draft, share: "", giftRatio: "12.345" }, "2026-11-25")).toEqual({
      share: "percentRequired",
      giftRatio: "percent",
    });
    expect(ruleProblems({ ...draft, share: "100", giftRatio: "0.5" }, "2026-11-25")).toEqual({});
  });

  it("sends the kind with the trimmed values", () => {
    expect(ruleBody("topUp", { effectiveFrom: "2026-12-01", share: " 90 ", giftRatio: "10", note: " n " })).toEqual({
      kind: "topUp",
      effectiveFrom: "2026-12-01",
      share: "90",
      giftRatio: "10",
      note: "n",
    });
  });
});

describe("the matrix", () => {
  const matrix = {
    stores: [
      { id: 10, name: "Store A" },
      { id: 11, name: "Store B" },
      { id: 12, name: "Store C" },
    ],
    cells: [
      { fromStoreId: 10, toStoreId: 11, amount: "1234.50" },
      { fromStoreId: 12, toStoreId: 11, amount: "0.10" },
      { fromStoreId: 12, toStoreId: 10, amount: "0.20" },
    ],
  };

  it("finds a pair's amount, blank when nothing", () => {
    const amountOf = cellLookup(matrix);
    expect(amountOf(10, 11)).toBe("1234.50");
    expect(amountOf(11, 10)).toBe("");
  });

  it("sums each store's totals and net position in cents", () => {
    expect(storePositions(matrix)).toEqual([
      { storeId: 10, name: "Store A", owes: "1234.50", owed: "0.20", net: "-1234.30" },
      { storeId: 11, name: "Store B", owes: "0.00", owed: "1234.60", net: "1234.60" },
      { storeId: 12, name: "Store C", owes: "0.30", owed: "0.00", net: "-0.30" },
    ]);
  });
});
