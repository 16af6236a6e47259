import { describe, expect, it } from "vitest";
import { i18n } from "../../i18n";
import {
  BOARD_MAX_SPAN_DAYS,
  boardRows,
  defaultFilters,
  exportUrl,
  memIdFromSearch,
  phoneFilterError,
  timeRangeError,
} from "./historyRules";
import { filterQuery, normalizeCounts, pageQuery } from "../../api/bookingHistory";

describe("timeRangeError (spec §5)", () => {
  it.each([
    ["", "2026-03-01", "range.startRequired"],
    ["", "", "range.startRequired"],
    ["2026-03-01", "", "range.endRequired"],
    ["2026-03-02", "2026-03-01", "range.endBeforeStart"],
    ["2026-01-01", "2026-04-04", "range.tooLong"], // 93 days apart
    ["2026-01-01", "2026-04-03", null], // 92 days apart: allowed
    ["2026-03-01", "2026-03-01", null],
  ])("%s → %s gives %s", (from, to, expected) => {
    expect(timeRangeError(from, to)).toBe(expected);
  });

  it("has the board's 7-day limit", () => {
    expect(timeRangeError("2026-03-02", "2026-03-08", BOARD_MAX_SPAN_DAYS)).toBeNull();
    expect(timeRangeError("2026-03-02", "2026-03-09", BOARD_MAX_SPAN_DAYS)).toBe("range.tooLong");
  });

  it("reads the spec's sentences in English and Chinese", async () => {
    const en = i18n.getFixedT("en", "bookingHistory");
    expect(en("range.startRequired")).toBe("please enter start time");
    expect(en("range.endRequired")).toBe("please enter end time");
    expect(en("range.endBeforeStart")).toBe("please choose a suitable end time");
    expect(en("range.tooLong")).toBe("selected time exceeds range");
    const zh = i18n.getFixedT("zh-hans", "bookingHistory");
    expect(zh("range.startRequired")).toBe("请输入开始时间");
    expect(zh("range.endRequired")).toBe("请输入结束时间");
    expect(zh("range.endBeforeStart")).toBe("请选择合适的结束时间");
    expect(zh("range.tooLong")).toBe("所选时间超出范围");
  });
});

describe("phones", () => {
  it("accepts the whole phone or its last 4+ digits", () => {
    expect(phoneFilterError("")).toBeNull();
    expect(phoneFilterError("5678")).toBeNull();
    expect(phoneFilterError("13812345678")).toBeNull();
    expect(phoneFilterError("567")).toBe("filters.phoneInvalid");
    expect(phoneFilterError("12ab")).toBe("filters.phoneInvalid");
  });
});

describe("queries", () => {
  const filters = { ...defaultFilters("2026-03-15"), nurseId: "4", status: "", source: "phone", phone: " 5678 " };

  it("sends only the filters that are set, with paging", () => {
    expect(defaultFilters("2026-03-15")).toMatchObject({ dateFrom: "2026-02-13", dateTo: "2026-04-14" });
    expect(filterQuery(filters)).toEqual({
      dateFrom: "2026-02-13",
      dateTo: "2026-04-14",
      nurseId: "4",
      source: "phone",
      phone: "5678",
    });
    expect(pageQuery(filters, 2, 20)).toEqual({ pageNo: 2, pageSize: 20, ...filterQuery(filters) });
    expect(exportUrl(filters)).toBe(
      "/rest/reservation/findRecord/export?dateFrom=2026-02-13&dateTo=2026-04-14&nurseId=4&source=phone&phone=5678",
    );
    expect(memIdFromSearch("?memId=12")).toBe("12");
    expect(memIdFromSearch("?memId=x")).toBe("");
  });

  it("reads counts as an object or a list", () => {
    expect(normalizeCounts({ booked: 2, done: 1, total: 3 })).toEqual({ booked: 2, done: 1, total: 3 });
    expect(
      normalizeCounts([
        { status: "booked", count: 2 },
        { code: "noShow", count: 1 },
      ]),
    ).toEqual({ booked: 2, noShow: 1, total: 3 });
  });
});

describe("boardRows", () => {
  it("puts reservations in nurse rows and day cells, any nurse last", () => {
    const items = [
      { id: 1, nurseId: 2, nurseName: "Li", startTime: "2026-03-02T11:00:00+08:00" },
      { id: 2, nurseId: 2, nurseName: "Li", startTime: "2026-03-02T09:00:00+08:00" },
      { id: 3, nurseId: null, nurseName: "", startTime: "2026-03-03T09:00:00+08:00" },
      { id: 4, nurseId: 1, nurseName: "Chen", startTime: "2026-03-03T09:00:00+08:00" },
      { id: 5, nurseId: 1, nurseName: "Chen", startTime: "2026-03-20T09:00:00+08:00" },
    ];
    const rows = boardRows(items, ["2026-03-02", "2026-03-03"]);
    expect(rows.map((row) => row.key)).toEqual(["1", "2", ""]);
    expect(rows[1]?.cells["2026-03-02"]?.map((item) => item.id)).toEqual([2, 1]);
    expect(rows[0]?.cells["2026-03-03"]?.map((item) => item.id)).toEqual([4]);
  });
});
