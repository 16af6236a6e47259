import { describe, expect, it } from "vitest";
import { formatDate, formatDateTime, maskPhone } from "./format";

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

  it("masks per spec §6 unless masked already", () => {
    expect(maskPhone("13812345678")).toBe("138****5678");
    expect(maskPhone("91234578")).toBe("91****78");
    expect(maskPhone("138****5678")).toBe("138****5678");
  });
});
