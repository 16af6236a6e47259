import { describe, expect, it } from "vitest";
import { i18n } from "../../i18n";
import { orderColumns } from "./orders";

const t = i18n.getFixedT("en", "bills");

describe("orderColumns", () => {
  it("gives the store's list whose order it is and its total and discount", () => {
    expect(orderColumns(t, true).map((column) => column.key)).toEqual([
      "orderNo",
      "createdAt",
      "customer",
      "status",
      "total",
      "discount",
      "payable",
      "paid",
      "due",
      "operator",
    ]);
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
    expect(columns.map((column) => column.label)).toEqual(
      orderColumns(t, true)
        .filter((column) => !["customer", "total", "discount"].includes(column.key))
        .map((column) => column.label),
    );
  });
});
