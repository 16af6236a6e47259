import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { i18n } from "../../i18n";
import { AppProviders } from "../../islands/mount";
import { queryClient } from "../../islands/queryClient";
import { fakeServer, ok } from "../../shell/testing/fakeServer";
import { sessionInfo } from "../../test/fixtures";
import { dismissAllNotices } from "../../test/notices";
import { HeadOfficeGoodsOrderPage } from "./HeadOfficeGoodsOrderPage";
import { GoodsOrderPage } from "./GoodsOrderPage";
import { HeadOfficeGoodsOrderListPage } from "./HeadOfficeGoodsOrderListPage";
import { GoodsOrderPaymentPage } from "./GoodsOrderPaymentPage";
import { GoodsInPage } from "./GoodsInPage";
import { GoodsInListPage } from "./GoodsInListPage";
import { StructureProductDetailPage } from "./StructureProductDetailPage";

const NOW = "2026-11-24T10:00:00+08:00";

function receiptRow(overrides: Record<string, unknown> = {}) {
  return {
    id: 31,
    number: "RK2026112400000031",
    type: "supplier",
    typeName: "from a supplier",
    status: "done",
    statusName: "done",
    supplier: "青丝供应链",
    sourceId: null,
    sourceNumber: "",
    lineCount: 1,
    totalQuantity: "2",
    amount: "104.00",
    remark: "",
    createdByName: "SY00002",
    createdAt: NOW,
    ...overrides,
  };
}

function product(overrides: Record<string, unknown> = {}) {
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
    useUnit: "瓶",
    usePerUnit: "1",
    tracksBatches: false,
    storePrice: "88.00",
    supplyPrice: "52.00",
    liveStock: "20",
    liveUseStock: "20",
    ...overrides,
  };
}

function receiptDetail(overrides: Record<string, unknown> = {}) {
  return {
    ...receiptRow(),
    storeName: "Store A",
    lines: [
      {
        lineId: 1,
        productId: 1,
        code: "P0001",
        name: "控油洗发水",
        barcode: "6970000000011",
        unit: "瓶",
        useUnit: "瓶",
        quantity: "2",
        useQuantity: "2",
        unitCost: "52.00",
        amount: "104.00",
        batchNo: "",
        expiryDate: null,
      },
    ],
    ...overrides,
  };
}

function orderLine(overrides: Record<string, unknown> = {}) {
  return {
    ...product(),
    lineId: 7,
    suggested: "4",
    quantity: "6",
    confirmedQuantity: null,
    shippedQuantity: null,
    unitPrice: "52.00",
    amount: "312.00",
    liveStock: "20",
    ...overrides,
  };
}

function order(overrides: Record<string, unknown> = {}) {
  return {
    id: 9,
    number: "DH2026112400000009",
    storeId: 10,
    storeName: "Store A",
    status: "submitted",
    statusName: "submitted",
    paymentStatus: "unpaid",
    paymentStatusName: "unpaid",
    lineCount: 1,
    amount: "312.00",
    remark: "",
    createdByName: "SY00002",
    createdAt: NOW,
    submittedAt: NOW,
    confirmedAt: null,
    shippedAt: null,
    receivedAt: null,
    receiptId: null,
    shippedAmount: "0.00",
    confirmedByName: "",
    shippedByName: "",
    receivedByName: "",
    paidByName: "",
    paidAt: null,
    paymentReference: "",
    cancelledByName: "",
    cancelledAt: null,
    cancelReason: "",
    lines: [orderLine()],
    ...overrides,
  };
}

function render_(node: ReactNode) {
  return render(<AppProviders>{node}</AppProviders>);
}

function signIn(btn: string[] = [], overrides: Record<string, unknown> = {}) {
  window.localStorage.setItem("erp.session", JSON.stringify(sessionInfo({ btn, ...overrides })));
}

beforeEach(() => signIn(["BTN-DHJL-ORDER-PLACE"]));

afterEach(async () => {
  queryClient.clear();
  vi.unstubAllGlobals();
  window.localStorage.clear();
  dismissAllNotices();
  await i18n.changeLanguage("en");
});

describe("GoodsInListPage", () => {
  it("lists the goods in and filters by type", async () => {
    const server = fakeServer({ "GET /rest/stockIn/list": () => ok({ list: [receiptRow()], total: 1 }) });
    render_(<GoodsInListPage />);
    const row = await screen.findByTestId("receipt-row-31");
    expect(within(row).getByText("From a supplier")).toBeInTheDocument();
    expect(within(row).getByRole("link", { name: "RK2026112400000031" })).toHaveAttribute(
      "href",
      "/storageDetail?id=31",
    );
    fireEvent.mouseDown(screen.getByRole("combobox", { name: "Type" }));
    fireEvent.click(await screen.findByRole("option", { name: "From head office" }));
    fireEvent.click(screen.getByRole("button", { name: "Search" }));
    await waitFor(() => expect(server.callsTo("GET /rest/stockIn/list").at(-1)?.query.get("type")).toBe("head_office"));
  });

  it("shows the empty state and the server's failure with a retry", async () => {
    let fail = true;
    fakeServer({
      "GET /rest/stockIn/list": () =>
        fail ? { status: 403, errcode: "AUTH-40300", errmsg: "no permission" } : ok({ list: [], total: 0 }),
    });
    render_(<GoodsInListPage />);
    expect(await screen.findByText("no permission")).toBeInTheDocument();
    fail = false;
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByText("No goods in found")).toBeInTheDocument();
  });

  it("speaks Chinese", async () => {
    await i18n.changeLanguage("zh-hans");
    fakeServer({ "GET /rest/stockIn/list": () => ok({ list: [receiptRow()], total: 1 }) });
    render_(<GoodsInListPage />);
    expect(await screen.findByRole("heading", { name: "入库记录" })).toBeInTheDocument();
    expect(await screen.findByText("供应商入库")).toBeInTheDocument();
  });
});

describe("GoodsInPage", () => {
  it("adds a scanned product as a line, tells an unknown barcode, confirms, then receives once with a key", async () => {
    const server = fakeServer({
      "GET /rest/scancodestock/product": (call) =>
        call.query.get("barcode") === "6970000000011"
          ? ok(product())
          : { status: 404, errcode: "STOCK-40401", errmsg: "no product has the barcode 123" },
      "POST /rest/stockIn/create": () => ({ status: 201, data: receiptDetail(), errmsg: "goods received" }),
      "GET /rest/stockIn/detail": () => ok(receiptDetail()),
    });
    render_(<GoodsInPage search="" />);
    const scan = screen.getByTestId("scan-field");
    fireEvent.change(scan, { target: { value: "123" } });
    fireEvent.submit(scan);
    expect(await screen.findByText("no product has the barcode 123")).toBeInTheDocument();
    for (let i = 0; i < 2; i += 1) {
      fireEvent.change(scan, { target: { value: "6970000000011" } });
      fireEvent.submit(scan);
      await screen.findByTestId("receipt-line-1");
    }
    await waitFor(() => expect(screen.getByLabelText("Quantity 控油洗发水")).toHaveValue("2"));
    fireEvent.click(screen.getByRole("button", { name: "Receive goods" }));
    expect(await screen.findByText("please enter the supplier")).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText("Supplier"), { target: { value: "青丝供应链" } });
    fireEvent.click(screen.getByRole("button", { name: "Receive goods" }));
    const dialog = await screen.findByRole("dialog", { name: "Receive these goods?" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Yes" }));
    expect((await screen.findAllByRole("heading", { name: /RK2026112400000031/ })).length).toBeGreaterThan(0);
    const [call] = server.callsTo("POST /rest/stockIn/create");
    expect(call?.body).toEqual({
      type: "supplier",
      supplier: "青丝供应链",
      remark: "",
      lines: [{ productId: 1, quantity: "2" }],
    });
    expect(call?.headers.get("Idempotency-Key")).toBeTruthy();
    expect(server.callsTo("POST /rest/stockIn/create")).toHaveLength(1);
  });

  it("receives a shipped goods order: a scan checks its line, another product is refused", async () => {
    const shipped = order({ status: "shipped", lines: [orderLine({ confirmedQuantity: "6", shippedQuantity: "6" })] });
    const server = fakeServer({
      "GET /rest/bookProd/detail": () => ok(shipped),
      "POST /rest/bookProd/receive": () => ({
        status: 201,
        data: { order: { ...shipped, status: "received" }, receipt: receiptDetail({ type: "head_office" }) },
        errmsg: "goods received",
      }),
      "GET /rest/stockIn/detail": () => ok(receiptDetail({ type: "head_office" })),
    });
    render_(<GoodsInPage search="?orderId=9" />);
    const scan = await screen.findByTestId("scan-field");
    fireEvent.change(scan, { target: { value: "0000" } });
    fireEvent.submit(scan);
    expect(await screen.findByText("0000 is not on this goods order")).toBeInTheDocument();
    fireEvent.change(scan, { target: { value: "6970000000011" } });
    fireEvent.submit(scan);
    expect(await screen.findByText("1 of 1 lines checked by scanning")).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText("Batch 控油洗发水"), { target: { value: "B-1" } });
    fireEvent.click(screen.getByRole("button", { name: "Receive goods" }));
    fireEvent.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Yes" }));
    await screen.findAllByRole("heading", { name: /RK2026112400000031/ });
    const [call] = server.callsTo("POST /rest/bookProd/receive");
    expect(call?.body).toEqual({ id: 9, lines: [{ lineId: 7, batchNo: "B-1" }] });
    expect(call?.headers.get("Idempotency-Key")).toBeTruthy();
  });
});

describe("goods orders", () => {
  it("head office's list shows each store's orders", async () => {
    fakeServer({ "GET /rest/bookProd/headOfficeList": () => ok({ list: [order()], total: 1 }) });
    render_(<HeadOfficeGoodsOrderListPage />);
    const row = await screen.findByTestId("goods-order-row-9");
    expect(within(row).getByText("Store A")).toBeInTheDocument();
    expect(within(row).getByRole("link", { name: "DH2026112400000009" })).toHaveAttribute(
      "href",
      "/bookProdDetailNew?id=9",
    );
  });

  it("the store builds an order with the suggested quantities and submits it", async () => {
    const server = fakeServer({
      "GET /rest/bookProd/catalogue": () =>
        ok({
          list: [{ ...product(), liveStock: "1", safetyStock: "5", used30Days: "0", suggested: "4" }],
          total: 1,
        }),
      "POST /rest/bookProd/save": () => ok(order({ status: "draft" }), "saved"),
      "POST /rest/bookProd/submit": () => ok(order(), "the goods order is submitted"),
      "GET /rest/bookProd/detail": () => ok(order()),
    });
    render_(<GoodsOrderPage search="" />);
    await screen.findByTestId("catalogue-row-1");
    fireEvent.click(screen.getByRole("button", { name: "Take the suggested quantities" }));
    expect(screen.getByLabelText("Quantity 控油洗发水")).toHaveValue("4");
    fireEvent.click(screen.getByRole("button", { name: "Submit to head office" }));
    fireEvent.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Yes" }));
    expect((await screen.findAllByRole("heading", { name: "Goods order DH2026112400000009" })).length).toBeGreaterThan(
      0,
    );
    expect(server.callsTo("POST /rest/bookProd/save")[0]?.body).toEqual({ lines: [{ productId: 1, quantity: "4" }] });
    expect(server.callsTo("POST /rest/bookProd/submit")[0]?.body).toEqual({ id: 9 });
  });

  it("the store cancels its submitted order with a reason", async () => {
    let current = order();
    const server = fakeServer({
      "GET /rest/bookProd/detail": () => ok(current),
      "POST /rest/bookProd/cancel": () => {
        current = order({ status: "cancelled", cancelReason: "订错了" });
        return ok(current, "the goods order is cancelled");
      },
    });
    render_(<GoodsOrderPage search="?id=9" />);
    fireEvent.change(await screen.findByLabelText("Reason"), { target: { value: "订错了" } });
    fireEvent.click(screen.getByRole("button", { name: "Cancel the order" }));
    fireEvent.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Yes" }));
    expect(await screen.findByText("Cancelled")).toBeInTheDocument();
    expect(server.callsTo("POST /rest/bookProd/cancel")[0]?.body).toEqual({ id: 9, reason: "订错了" });
  });

  it("head office confirms with a changed quantity, then ships", async () => {
    signIn(["BTN-DHJL-ORDER-CONFIRM", "BTN-DHJL-ORDER-SHIP", "BTN-DHJL-ORDER-PAID"]);
    let current = order();
    const server = fakeServer({
      "GET /rest/bookProd/detail": () => ok(current),
      "POST /rest/bookProd/confirm": () => {
        current = order({ status: "confirmed", lines: [orderLine({ confirmedQuantity: "5" })] });
        return ok(current, "the goods order is confirmed");
      },
      "POST /rest/bookProd/ship": () => {
        current = order({ status: "shipped", lines: [orderLine({ confirmedQuantity: "5", shippedQuantity: "5" })] });
        return ok(current, "the goods order is shipped");
      },
    });
    render_(<HeadOfficeGoodsOrderPage search="?id=9" />);
    fireEvent.change(await screen.findByLabelText("Confirmed 控油洗发水"), { target: { value: "5" } });
    fireEvent.click(screen.getByRole("button", { name: "Confirm" }));
    fireEvent.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Yes" }));
    fireEvent.click(await screen.findByRole("button", { name: "Ship" }));
    fireEvent.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Yes" }));
    await waitFor(() => expect(server.callsTo("POST /rest/bookProd/ship")).toHaveLength(1));
    expect(server.callsTo("POST /rest/bookProd/confirm")[0]?.body).toEqual({
      id: 9,
      lines: [{ lineId: 7, quantity: "5" }],
    });
    expect(await screen.findByRole("button", { name: "Mark paid" })).toBeInTheDocument();
  });

  it("the payment page shows who marked the order paid", async () => {
    fakeServer({
      "GET /rest/bookProd/detail": () =>
        ok(order({ status: "shipped", paymentStatus: "paid", paidByName: "SY00004", paymentReference: "转账 0091" })),
    });
    render_(<GoodsOrderPaymentPage search="?id=9" />);
    expect(await screen.findByText("SY00004")).toBeInTheDocument();
    expect(screen.getByText("转账 0091")).toBeInTheDocument();
    expect(screen.getByText("Paid")).toBeInTheDocument();
  });

  it("a professional product's page offers it for the goods order", async () => {
    fakeServer({
      "GET /rest/bookProd/product": () =>
        ok({
          ...product({ useType: "professional" }),
          liveStock: "1",
          safetyStock: "3",
          used30Days: "2",
          suggested: "4",
        }),
    });
    render_(<StructureProductDetailPage search="?productId=1" />);
    expect(await screen.findByRole("heading", { name: "Professional product" })).toBeInTheDocument();
    await screen.findByText("P0001 控油洗发水");
    expect(screen.getByRole("link", { name: "Add to the goods order" })).toHaveAttribute(
      "href",
      "/bookProdDetail?productId=1&quantity=4",
    );
  });
});
