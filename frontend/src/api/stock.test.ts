import { describe, expect, it } from "vitest";
import { documentHref } from "./stock";

describe("documentHref", () => {
  it.each([
    [{ documentKind: "document", documentId: 12, stockDocumentKind: "receipt" as const }, "/storageDetail?id=12"],
    [{ documentKind: "order", documentId: 8, stockDocumentKind: null }, "/orderDetails?orderId=8"],
    [{ documentKind: "refund", documentId: 3, stockDocumentKind: null }, "/refundDetail?recedeId=3"],
    [{ documentKind: "stocktake", documentId: 1, stockDocumentKind: null }, "/inventoryDetail?stocktakeId=1"],
    [{ documentKind: "owed", documentId: 5, stockDocumentKind: null }, null],
  ])("opens %o at %s", (move, href) => {
    expect(documentHref(move)).toBe(href);
  });
});
