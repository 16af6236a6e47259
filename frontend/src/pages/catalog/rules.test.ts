import { describe, expect, it } from "vitest";
import { exportUrl, fileNameFrom, listQuery } from "../../api/catalog";
import { couponDetailRoute } from "./couponText";
import {
  brandOptions,
  categoryOptions,
  formatMoney,
  formatRate,
  idFilter,
  parseStorePrice,
  unusualStorePrice,
} from "./format";
import { blankRow, periodProblems, periodsToSave, rowsFrom, type PeriodRow } from "./periods";
import { idFromSearch } from "../../lib/address";
import { pageNo } from "../../lib/paging";

describe("formatMoney", () => {
  it.each([
    ["1234.50", "¥1,234.50"],
    ["199.00", "¥199.00"],
    ["0.5", "¥0.50"],
    ["1234567.89", "¥1,234,567.89"],
    ["-1234.5", "-¥1,234.50"],
    ["12", "¥12.00"],
    ["0.00", "¥0.00"],
    ["-0.001", "¥0.00"],
    ["9.995", "¥10.00"],
    ["1.005", "¥1.01"],
    ["007.10", "¥7.10"],
  ])("%s → %s", (amount, shown) => expect(formatMoney(amount)).toBe(shown));

  it("leaves nothing for null and odd text as it is", () => {
    expect(formatMoney(null)).toBe("");
    expect(formatMoney(undefined)).toBe("");
    expect(formatMoney("n/a")).toBe("n/a");
  });
});

describe("formatRate", () => {
  it.each([
    ["0.85", "85%"],
    ["0.8", "80%"],
    ["0.855", "85.5%"],
    ["1", "100%"],
  ])("%s → %s", (rate, shown) => expect(formatRate(rate)).toBe(shown));
  it("leaves nothing for null", () => expect(formatRate(null)).toBe(""));
});

describe("addresses", () => {
  it("takes a positive id", () => {
    expect(idFromSearch("?id=12")).toBe(12);
    expect(idFromSearch("?id=0")).toBeNull();
    expect(idFromSearch("?id=x")).toBeNull();
    expect(idFromSearch("")).toBeNull();
  });
  it("counts pages from one", () => expect(pageNo(0)).toBe(1));
  it("routes a coupon to its kind's detail", () => expect(couponDetailRoute("B", 7)).toBe("/couponDetailB?id=7"));
});

describe("list queries", () => {
  it("leaves out empty filters and trims the keyword", () => {
    expect(
      listQuery({
        pageNo: 1,
        pageSize: 10,
        keyword: "  shampoo ",
        categoryId: null,
        brand: "",
        useType: "",
        enabled: "false",
      }),
    ).toEqual({
      pageNo: 1,
      pageSize: 10,
      keyword: "shampoo",
      enabled: "false",
    });
  });
  it("exports with the filters and without the paging", () => {
    expect(
      exportUrl("/rest/commodity/productList/export", {
        pageNo: 3,
        pageSize: 50,
        keyword: "tonic",
        categoryId: 4,
        useType: "retail",
      }),
    ).toBe("/rest/commodity/productList/export?keyword=tonic&categoryId=4&useType=retail");
    expect(exportUrl("/x", { pageNo: 1, pageSize: 10, keyword: " " })).toBe("/x");
  });
  it("reads the file name of a download", () => {
    expect(fileNameFrom('attachment; filename="products.xlsx"', "x.xlsx")).toBe("products.xlsx");
    expect(fileNameFrom("attachment; filename*=UTF-8''%E4%BA%A7%E5%93%81.xlsx", "x.xlsx")).toBe("产品.xlsx");
    expect(fileNameFrom(null, "x.xlsx")).toBe("x.xlsx");
    // Django's own spelling, as every file of the API is sent (an attachment of a move-in, a photo).
    expect(fileNameFrom("attachment; filename*=utf-8''%E5%90%88%E5%90%8C.pdf", "x")).toBe("合同.pdf");
    expect(fileNameFrom('inline; filename="photo-3"', "x")).toBe("photo-3");
  });
  it("offers distinct categories and brands", () => {
    const rows = [
      { categoryId: 2, categoryName: "Tonic", brand: "B" },
      { categoryId: 1, categoryName: "Shampoo", brand: "A" },
      { categoryId: 2, categoryName: "Tonic", brand: "" },
    ];
    expect(categoryOptions(rows)).toEqual([
      { value: "1", label: "Shampoo" },
      { value: "2", label: "Tonic" },
    ]);
    expect(brandOptions(rows).map((option) => option.value)).toEqual(["A", "B"]);
    expect(idFilter("")).toBeNull();
    expect(idFilter("3")).toBe(3);
  });
  it("reads a store price", () => {
    expect(parseStorePrice("")).toEqual({ value: null });
    expect(parseStorePrice(" 1,299.5 ")).toEqual({ value: "1299.5" });
    expect(parseStorePrice("-1")).toEqual({ error: "negative" });
    expect(parseStorePrice("1.234")).toEqual({ error: "invalid" });
    expect(parseStorePrice("abc")).toEqual({ error: "invalid" });
    expect(parseStorePrice("100000")).toEqual({ value: "100000" });
    expect(parseStorePrice("100000.01")).toEqual({ error: "tooHigh" });
  });
});

describe("time periods", () => {
  const row = (weekday: number | null, start: string, end: string, capacity = "1"): PeriodRow => ({
    key: `${weekday}-${start}`,
    weekday,
    start,
    end,
    capacity,
  });

  it("accepts periods that touch but do not overlap", () => {
    expect(periodProblems([row(0, "09:00", "10:00"), row(0, "10:00", "11:00"), row(1, "09:30", "10:30")])).toEqual([]);
  });
  it("wants the end after the start and a capacity of at least 1", () => {
    expect(periodProblems([row(0, "10:00", "10:00"), row(1, "09:00", "10:00", "0"), row(2, "09:00", "", "x")])).toEqual(
      [
        { kind: "endBeforeStart", n: 1, row: 0 },
        { kind: "capacity", n: 2, row: 1 },
        { kind: "time", n: 3, row: 2 },
        { kind: "capacity", n: 3, row: 2 },
      ],
    );
  });
  it("finds overlaps on a day, an every-day period overlapping each weekday", () => {
    expect(
      periodProblems([
        row(0, "09:00", "11:00"),
        row(0, "10:00", "12:00"),
        row(null, "10:30", "10:45"),
        row(3, "12:00", "13:00"),
      ]),
    ).toEqual([
      { kind: "overlap", a: 1, b: 2, row: 1 },
      { kind: "overlap", a: 1, b: 3, row: 2 },
      { kind: "overlap", a: 2, b: 3, row: 2 },
    ]);
  });
  it("round-trips the server's periods", () => {
    const rows = rowsFrom([{ id: 4, weekday: null, start: "09:00", end: "12:00", capacity: 3 }]);
    expect(periodsToSave(rows)).toEqual([{ weekday: null, start: "09:00", end: "12:00", capacity: 3 }]);
    const next = blankRow(rows);
    expect(next).toMatchObject({ weekday: null, start: "12:00", end: "13:00", capacity: "1" });
    expect(periodProblems([...rows, next])).toEqual([]);
  });
});

describe("unusualStorePrice", () => {
  it("asks for 0, below half and above twice head office's price, compared exactly in cents", () => {
    expect(unusualStorePrice("0", "1280.00")).toBe("zero");
    expect(unusualStorePrice("0.00", "0")).toBe("zero");
    expect(unusualStorePrice("639.99", "1280.00")).toBe("low");
    expect(unusualStorePrice("640", "1280.00")).toBeNull();
    expect(unusualStorePrice("2560", "1280.00")).toBeNull();
    expect(unusualStorePrice("2560.01", "1280.00")).toBe("high");
    expect(unusualStorePrice("1,188.5", "1280.00")).toBeNull();
    expect(unusualStorePrice("5", "0")).toBe("high");
  });
});
