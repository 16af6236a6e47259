import { describe, expect, it } from "vitest";
import type { CatalogueRow, GoodsOrderLine, StockProduct } from "../../api/goodsIn";
import {
  addProduct,
  cartLines,
  cartWithSuggested,
  lineForBarcode,
  quantityOk,
  receiptProblem,
  receiveProblem,
  type ReceiptLine,
} from "./stockRules";

function product(overrides: Partial<StockProduct> = {}): StockProduct {
  return {
    productId: 1,
    code: "P0001",
    name: "控油洗发水",
    barcode: "6970000000011",
    brand: "",
    specification: "",
    categoryName: "洗护",
    useType: "retail",
    unit: "瓶",
    useUnit: "ml",
    usePerUnit: "500",
    tracksBatches: false,
    storePrice: "88.00",
    supplyPrice: "52.00",
    liveStock: "20",
    liveUseStock: "10000",
    ...overrides,
  };
}

describe("quantities", () => {
  it("takes a quantity above 0 with at most 3 places", () => {
    expect(quantityOk("2")).toBe(true);
    expect(quantityOk("0.125")).toBe(true);
    expect(quantityOk("0")).toBe(false);
    expect(quantityOk("99999")).toBe(true);
    expect(quantityOk("100000")).toBe(false);
    expect(quantityOk("9999999999.999")).toBe(false);
    expect(quantityOk("1.2345")).toBe(false);
    expect(quantityOk("-1")).toBe(false);
    expect(quantityOk("two")).toBe(false);
  });
});

describe("lines added by scanning", () => {
  it("adds one more to a product's line, or a new line", () => {
    let lines: ReceiptLine[] = addProduct([], product(), "a");
    lines = addProduct(lines, product(), "b");
    expect(lines.map((line) => [line.key, line.quantity])).toEqual([["a", "2"]]);
    lines = addProduct(lines, product({ productId: 2 }), "c");
    expect(lines).toHaveLength(2);
  });

  it("starts a new line for a batch-tracked product once its batch is typed", () => {
    let lines = addProduct([], product({ tracksBatches: true }), "a");
    lines = [{ ...lines[0]!, batchNo: "B1" }];
    lines = addProduct(lines, product({ tracksBatches: true }), "b");
    expect(lines.map((line) => line.key)).toEqual(["a", "b"]);
  });

  it("names what stops the form", () => {
    const line = addProduct([], product(), "a");
    expect(receiptProblem("supplier", "青丝", [])).toBe("noLines");
    expect(receiptProblem("supplier", " ", line)).toBe("needsSupplier");
    expect(receiptProblem("head_office", "", [{ ...line[0]!, quantity: "0" }])).toBe("badQuantity");
    const tracked = addProduct([], product({ tracksBatches: true }), "t");
    expect(receiptProblem("head_office", "", tracked)).toBe("needsBatch");
    expect(receiptProblem("head_office", "", [{ ...tracked[0]!, batchNo: "B", expiryDate: "2028-01-01" }])).toBeNull();
  });
});

describe("receiving an order", () => {
  const line = { lineId: 5, barcode: "69001", shippedQuantity: "3", tracksBatches: true } as GoodsOrderLine;

  it("finds the shipped line of a barcode", () => {
    expect(lineForBarcode([line], " 69001 ")).toBe(line);
    expect(lineForBarcode([line], "69002")).toBeNull();
    expect(lineForBarcode([{ ...line, shippedQuantity: "0" }], "69001")).toBeNull();
  });

  it("needs the batch of a batch-tracked line", () => {
    expect(receiveProblem([line], {})).toBe("needsBatch");
    expect(receiveProblem([line], { 5: { batchNo: "B", expiryDate: "2028-01-01", checked: false } })).toBeNull();
  });
});

describe("the goods order's cart", () => {
  it("takes the suggested quantities and leaves out empty lines", () => {
    const rows = [
      { productId: 1, suggested: "4" },
      { productId: 2, suggested: "0" },
    ] as CatalogueRow[];
    const cart = cartWithSuggested({ 3: "1", 2: "" }, rows);
    expect(cartLines(cart)).toEqual([
      { productId: 1, quantity: "4" },
      { productId: 3, quantity: "1" },
    ]);
    expect(cartLines({ 1: "x" })).toBeNull();
  });
});
