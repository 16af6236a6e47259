import { describe, expect, it } from "vitest";
import { addDays, daysBetween, daysOf, mondayOf, storeDate, storeDateTime, storeTime, storeToday } from "./dates";

describe("dates in the store's zone", () => {
  it("counts and walks days", () => {
    expect(addDays("2026-02-27", 2)).toBe("2026-03-01");
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
    expect(daysBetween("2026-03-01", "2026-03-03")).toBe(2);
    expect(daysBetween("x", "2026-03-03")).toBeNull();
    expect(daysOf("2026-03-01", "2026-03-03")).toEqual(["2026-03-01", "2026-03-02", "2026-03-03"]);
    expect(mondayOf("2026-03-01")).toBe("2026-02-23"); // a Sunday
    expect(mondayOf("2026-03-02")).toBe("2026-03-02");
  });

  it("reads times in Asia/Shanghai whatever the offset they carry", () => {
    expect(storeTime("2026-03-01T01:30:00Z")).toBe("09:30");
    expect(storeDate("2026-03-01T20:00:00Z")).toBe("2026-03-02");
    expect(storeDateTime("2026-03-01T14:30:00+08:00")).toBe("2026-03-01 14:30");
    expect(storeToday(new Date("2026-03-01T17:00:00Z"))).toBe("2026-03-02");
  });
});

/** Every page's source, read as text: dates and times are formatted here, in lib/dates, and nowhere
 * on their own (issue 28 §9: "Sun, 06/12/2026" read as June, and times in the browser's zone). */
const sources = import.meta.glob<string>(["../**/*.{ts,tsx}", "!../**/*.test.{ts,tsx}", "!../api/generated/**"], {
  query: "?raw",
  import: "default",
  eager: true,
});

describe("one date format", () => {
  it("reads the sources", () => expect(Object.keys(sources).length).toBeGreaterThan(100));

  it("leaves no page to format a date in the browser's locale or zone", () => {
    // The locale's own formats, and a day or an hour read in the browser's zone (its "today").
    const local =
      /dateStyle|timeStyle|toLocaleDateString|toLocaleTimeString|toLocaleString\(|\.get(FullYear|Month|Date|Hours|Minutes)\(/;
    const found = Object.entries(sources)
      .filter(([, text]) => local.test(text))
      .map(([file]) => file);
    expect(found).toEqual([]);
  });
});
