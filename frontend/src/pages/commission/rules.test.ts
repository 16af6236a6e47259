import { describe, expect, it } from "vitest";
import { monthBounds, previousMonth } from "./months";
import { tiersText, versionBody, versionProblems, type VersionDraft } from "./rules";

function draft(overrides: Partial<VersionDraft> = {}): VersionDraft {
  return {
    effectiveFrom: "2026-12-01",
    tierMode: "whole",
    perSession: "",
    tiers: [
      { fromAmount: "0", rate: "5" },
      { fromAmount: "10000", rate: "8" },
    ],
    note: "",
    ...overrides,
  };
}

describe("versionProblems", () => {
  it("accepts tiers from 0, ascending, with rates up to 100", () => {
    expect(versionProblems(draft(), "2026-11-01")).toEqual({});
  });

  it("names each broken rule", () => {
    expect(versionProblems(draft({ tiers: [{ fromAmount: "100", rate: "5" }] }), null).tiers).toBe("firstFromZero");
    expect(
      versionProblems(
        draft({
          tiers: [
            { fromAmount: "0", rate: "5" },
            { fromAmount: "0", rate: "6" },
          ],
        }),
        null,
      ).tiers,
    ).toBe("ascending");
    expect(versionProblems(draft({ tiers: [{ fromAmount: "0", rate: "101" }] }), null).tiers).toBe("rate");
    expect(versionProblems(draft({ tiers: [{ fromAmount: "0", rate: "5.123" }] }), null).tiers).toBe("number");
    expect(versionProblems(draft({ tiers: [] }), null).tiers).toBe("noTier");
    expect(versionProblems(draft({ perSession: "-1" }), null).perSession).toBe("amount");
    expect(versionProblems(draft({ effectiveFrom: "" }), null).effectiveFrom).toBe("dateRequired");
  });

  it("refuses a start inside a closed month", () => {
    expect(versionProblems(draft({ effectiveFrom: "2026-10-31" }), "2026-11-01").effectiveFrom).toBe("beforeOpen");
    expect(versionProblems(draft({ effectiveFrom: "2026-11-01" }), "2026-11-01")).toEqual({});
  });
});

describe("versionBody and tiersText", () => {
  it("sends trimmed numbers and 0 for no fixed amount", () => {
    expect(versionBody(draft({ perSession: " ", note: " 新 " }))).toEqual({
      effectiveFrom: "2026-12-01",
      tierMode: "whole",
      perSession: "0",
      tiers: [
        { fromAmount: "0", rate: "5" },
        { fromAmount: "10000", rate: "8" },
      ],
      note: "新",
    });
  });

  it("writes the tiers on one line", () => {
    expect(
      tiersText([
        { fromAmount: "0.00", rate: "5.00" },
        { fromAmount: "10000.00", rate: "8.50" },
      ]),
    ).toBe("¥0.00 → 5% · ¥10,000.00 → 8.5%");
  });
});

describe("months", () => {
  it("steps back across a year and knows each month's last day", () => {
    expect(previousMonth("2026-01-15")).toBe("2025-12");
    expect(previousMonth("2026-12-06")).toBe("2026-11");
    expect(monthBounds("2024-02")).toEqual(["2024-02-01", "2024-02-29"]);
    expect(monthBounds("2026-11")).toEqual(["2026-11-01", "2026-11-30"]);
  });
});
