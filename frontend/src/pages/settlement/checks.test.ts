import { describe, expect, it } from "vitest";
import {
  cardText,
  confirmedByText,
  disputeProblems,
  monthOf,
  percentText,
  previousMonth,
  ruleBody,
  ruleProblems,
  yesterdayOf,
} from "./checks";
import {
  CHART_MAX_BARS,
  cellLookup,
  largestPositions,
  matrixPairs,
  storeFilterOffered,
  storePositions,
  type StorePosition,
} from "./matrix";

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

describe("an entry's card", () => {
  it("reads by its number; by its id only when the number is missing; blank without a card", () => {
    expect(cardText({ cardId: 33, cardNo: "SV20261001" })).toBe("SV20261001");
    expect(cardText({ cardId: 33, cardNo: "" })).toBe("#33");
    expect(cardText({ cardId: null, cardNo: "" })).toBe("");
  });
});

describe("a chain's matrix", () => {
  const position = (storeId: number, net: string): StorePosition => ({
    storeId,
    name: `Shop ${storeId}`,
    owes: "0.00",
    owed: "0.00",
    net,
  });

  it("charts the 20 largest of 25 stores' positions, either way, from the most owed to the most owing", () => {
    // -12, +12, -11, +11, … -1, +1, and one store at 0.
    const positions = Array.from({ length: 24 }, (_, index) => {
      const size = 12 - Math.floor(index / 2);
      return position(index + 1, `${index % 2 === 0 ? "-" : ""}${size}.00`);
    }).concat(position(25, "0.00"));
    const bars = largestPositions(positions, CHART_MAX_BARS);
    expect(bars).toHaveLength(20);
    // Left out: the five smallest, ±2, ±1 and 0.
    const left = positions.filter((one) => !bars.includes(one)).map((one) => one.net);
    expect(left.sort()).toEqual(["-1.00", "-2.00", "0.00", "1.00", "2.00"]);
    expect(bars.map((bar) => bar.net).slice(0, 3)).toEqual(["12.00", "11.00", "10.00"]);
    expect(bars.map((bar) => bar.net).slice(-3)).toEqual(["-10.00", "-11.00", "-12.00"]);
    // A chain of at most 20 keeps every store, in the matrix's order.
    expect(largestPositions(positions.slice(0, 20), CHART_MAX_BARS)).toEqual(positions.slice(0, 20));
  });

  it("lists the pairs, the largest amount first, compared in cents rather than as text", () => {
    const matrix = {
      stores: [
        { id: 1, name: "Shop A" },
        { id: 2, name: "Shop B" },
        { id: 3, name: "Shop C" },
      ],
      cells: [
        { fromStoreId: 1, toStoreId: 2, amount: "9.50" },
        { fromStoreId: 3, toStoreId: 2, amount: "100.00" },
        { fromStoreId: 3, toStoreId: 1, amount: "20.00" },
      ],
    };
    expect(matrixPairs(matrix).map((pair) => [pair.id, pair.fromStoreName, pair.toStoreName, pair.amount])).toEqual([
      ["3-2", "Shop C", "Shop B", "100.00"],
      ["3-1", "Shop C", "Shop A", "20.00"],
      ["1-2", "Shop A", "Shop B", "9.50"],
    ]);
  });

  it("offers a store filter above 30 stores, and only above the stores' level", () => {
    const stores = (count: number) => Array.from({ length: count }, (_, index) => ({ id: 101 + index, name: "" }));
    expect(storeFilterOffered({ stores: stores(31) }, true)).toBe(true);
    expect(storeFilterOffered({ stores: stores(30) }, true)).toBe(false);
    expect(storeFilterOffered({ stores: stores(31) }, false)).toBe(false);
  });
});
