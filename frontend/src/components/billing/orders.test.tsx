import { describe, expect, it } from "vitest";
import { i18n } from "../../i18n";
import { orderColumns } from "./orders";

const t = i18n.getFixedT("en", "bills");

describe("orderColumns", () => {
  it("gives the store's list whose order it is, its total and discount, and its gross, refunded and net", () => {
    const columns = orderColumns(t, true);
    expect(columns.map((column) => column.key)).toEqual([
      "orderNo",
      "createdAt",
      "customer",
      "status",
      "total",
      "discount",
      "sessionsValue",
      "payable",
      "paid",
      "refunded",
      "net",
      "due",
      "operator",
    ]);
    expect(columns.find((column) => column.key === "paid")?.label).toBe(t("fields.paidGross"));
  });

  it("leaves them out of a member's own list, in the same words", () => {
    const columns = orderColumns(t, false);
    expect(columns.map((column) => column.key)).toEqual([
      "orderNo",
      "createdAt",
      "status",
      "payable",
      "paid",
      "due",
      "operator",
    ]);
    expect(columns.map((column) => column.label)).not.toContain("fields.orderNo");
    const shared = ["orderNo", "createdAt", "status", "payable", "due", "operator"];
    expect(columns.filter((column) => shared.includes(column.key)).map((column) => column.label)).toEqual(
      orderColumns(t, true)
        .filter((column) => shared.includes(column.key))
        .map((column) => column.label),
    );
    expect(columns.find((column) => column.key === "paid")?.label).toBe(t("fields.paid"));
  });
});
