/** The rules of the goods-in and goods-order forms as plain functions (the server checks them
 * again, with the same messages): quantities, lines added by scanning, batches, the order's cart. */

import type { CatalogueRow, GoodsOrderLine, StockProduct } from "../../api/goodsIn";
import { withinBound } from "../../lib/bounds";

/** A quantity in stock units: above 0, at most 3 decimal places and 99,999 units (the server's). */
export function quantityOk(text: string): boolean {
  return withinBound(text, "stockUnits", "0.001");
}

/** A line of the goods-in form. */
export interface ReceiptLine {
  key: string;
  productId: number;
  code: string;
  name: string;
  barcode: string;
  unit: string;
  useUnit: string;
  usePerUnit: string;
  tracksBatches: boolean;
  quantity: string;
  batchNo: string;
  expiryDate: string;
}

export function lineOf(product: StockProduct, key: string): ReceiptLine {
  return {
    key,
    productId: product.productId,
    code: product.code,
    name: product.name,
    barcode: product.barcode,
    unit: product.unit,
    useUnit: product.useUnit,
    usePerUnit: product.usePerUnit,
    tracksBatches: product.tracksBatches,
    quantity: "1",
    batchNo: "",
    expiryDate: "",
  };
}

/** A scanned (or picked) product: one more of it on its line, or a new line. A product that tracks
 * batches gets a line per scan of a new batch only when its last line already has a batch typed. */
export function addProduct(lines: readonly ReceiptLine[], product: StockProduct, key: string): ReceiptLine[] {
  const index = lines.findLastIndex((line) => line.productId === product.productId);
  const existing = index >= 0 ? lines[index] : undefined;
  if (existing && !(existing.tracksBatches && existing.batchNo.trim())) {
    const quantity = quantityOk(existing.quantity) ? Number(existing.quantity) + 1 : 1;
    return lines.map((line, at) => (at === index ? { ...line, quantity: String(quantity) } : line));
  }
  return [...lines, lineOf(product, key)];
}

/** The lines of products that track batches still missing their batch or expiry date. */
export function linesMissingBatch(lines: readonly Pick<ReceiptLine, "tracksBatches" | "batchNo" | "expiryDate">[]) {
  return lines.filter((line) => line.tracksBatches && (!line.batchNo.trim() || !line.expiryDate));
}

/** What stops the form from being sent, as an i18n key under stock:detail, or null. */
export function receiptProblem(type: string, supplier: string, lines: readonly ReceiptLine[]): string | null {
  if (lines.length === 0) return "noLines";
  if (type === "supplier" && !supplier.trim()) return "needsSupplier";
  if (lines.some((line) => !quantityOk(line.quantity))) return "badQuantity";
  if (linesMissingBatch(lines).length > 0) return "needsBatch";
  return null;
}

export function receiptLinesBody(lines: readonly ReceiptLine[]) {
  return lines.map((line) => ({
    productId: line.productId,
    quantity: line.quantity.trim(),
    ...(line.batchNo.trim() ? { batchNo: line.batchNo.trim() } : {}),
    ...(line.expiryDate ? { expiryDate: line.expiryDate } : {}),
  }));
}

// --- receiving a goods order ---------------------------------------------------------------------

/** The batch of one shipped line, and whether a scan checked it. */
export interface ReceiveEntry {
  batchNo: string;
  expiryDate: string;
  checked: boolean;
}

/** The order's line a scanned barcode belongs to, or null when the product is not on the order. */
export function lineForBarcode(lines: readonly GoodsOrderLine[], barcode: string): GoodsOrderLine | null {
  const code = barcode.trim();
  return lines.find((line) => line.barcode === code && Number(line.shippedQuantity ?? 0) > 0) ?? null;
}

export function receiveProblem(lines: readonly GoodsOrderLine[], entries: Record<number, ReceiveEntry>): string | null {
  const missing = lines.filter((line) => {
    const entry = entries[line.lineId];
    return line.tracksBatches && Number(line.shippedQuantity ?? 0) > 0 && (!entry?.batchNo.trim() || !entry.expiryDate);
  });
  return missing.length > 0 ? "needsBatch" : null;
}

// --- the goods order's cart ----------------------------------------------------------------------

/** productId → quantity typed (stock units, as text). */
export type Cart = Record<number, string>;

export function cartWithSuggested(cart: Cart, rows: readonly CatalogueRow[]): Cart {
  const next = { ...cart };
  for (const row of rows) {
    if (Number(row.suggested ?? 0) > 0) next[row.productId] = row.suggested ?? "0";
  }
  return next;
}

export function cartFromLines(lines: readonly Pick<GoodsOrderLine, "productId" | "quantity">[]): Cart {
  return Object.fromEntries(lines.map((line) => [line.productId, line.quantity]));
}

/** The cart's lines with a quantity; null when one is not a quantity. */
export function cartLines(cart: Cart): { productId: number; quantity: string }[] | null {
  const lines = Object.entries(cart)
    .filter(([, quantity]) => quantity.trim() !== "" && Number(quantity) !== 0)
    .map(([productId, quantity]) => ({ productId: Number(productId), quantity: quantity.trim() }));
  return lines.every((line) => quantityOk(line.quantity)) ? lines : null;
}
