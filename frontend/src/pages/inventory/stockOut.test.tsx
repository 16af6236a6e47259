import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { switchLanguage } from "../../i18n";
import { AppProviders } from "../../islands/mount";
import { queryClient } from "../../islands/queryClient";
import { fakeServer, ok, type Routes } from "../../shell/testing/fakeServer";
import { sessionInfo } from "../../test/fixtures";
import { dismissAllNotices, noticeTexts } from "../../test/notices";
import { GoodsOutPage } from "./GoodsOutPage";
import { GoodsOutListPage } from "./GoodsOutListPage";
import { StockLoanPage } from "./StockLoanPage";

const QUEUED = "The export has 100,000 rows or more: the file is being prepared in the download centre";

function row(id: number, overrides: Record<string, unknown> = {}) {
  return {
    id,
    number: `CK20261124${String(id).padStart(8, "0")}`,
    kind: "outbound",
    type: "store_use",
    typeName: "in-store use",
    status: "done",
    statusName: "done",
    storeId: 10,
    storeName: "静安店",
    otherStoreId: null,
    otherStoreName: "",
    supplier: "",
    remark: "",
    sourceId: null,
    lineCount: 1,
    quantity: "2.000",
    outstanding: "0.000",
    open: false,
    createdAt: "2026-11-24T10:00:00+08:00",
    createdByName: "SY00002",
    receivedByName: "",
    receivedAt: null,
    ...overrides,
  };
}

const LOAN = row(7, {
  number: "JC2026112400000007",
  kind: "loan",
  type: "loan_out",
  status: "in_transit",
  otherStoreId: 11,
  otherStoreName: "徐汇店",
  outstanding: "2.000",
  open: true,
});

function detail(base: ReturnType<typeof row>, overrides: Record<string, unknown> = {}) {
  return {
    ...base,
    canConfirm: false,
    canReturn: false,
    lines: [
      {
        lineId: 70,
        productId: 3,
        code: "P003",
        name: "洗发水",
        unit: "瓶",
        useUnit: "瓶",
        quantity: "2.000",
        useQuantity: "2.000",
        returned: "0.000",
        outstanding: base.kind === "loan" ? "2.000" : "0.000",
        batchNo: "",
        expiryDate: null,
        stock: "5.000",
      },
    ],
    ...overrides,
  };
}

const TYPES = {
  types: [
    { value: "store_use", label: "in-store use" },
    { value: "return", label: "return" },
    { value: "loan_out", label: "loan outbound" },
  ],
  recordTypes: [],
  borrowOutTargets: [{ id: 11, name: "徐汇店" }],
};

const SHAMPOO = {
  productId: 3,
  code: "P003",
  name: "洗发水",
  barcode: "6901234567890",
  specification: "",
  unit: "瓶",
  useUnit: "瓶",
  usePerUnit: "1.000",
  tracksBatches: false,
  stock: "5.000",
  useStock: "5.000",
};

function render_(node: ReactNode) {
  return render(<AppProviders>{node}</AppProviders>);
}

beforeEach(() => window.localStorage.setItem("erp.session", JSON.stringify(sessionInfo())));

afterEach(async () => {
  queryClient.clear();
  vi.unstubAllGlobals();
  window.localStorage.clear();
  dismissAllNotices();
  await switchLanguage("en");
});

const recordRoutes = (list = [row(1), LOAN]): Routes => ({
  "GET /rest/stockOut/list": () => ok({ list, total: list.length }),
  "GET /rest/stockOut/types": () => ok(TYPES),
});

describe("GoodsOutListPage", () => {
  it("lists every outbound type with a link to each document, a loan on the lending page", async () => {
    const server = fakeServer(recordRoutes());
    render_(<GoodsOutListPage />);
    expect(await screen.findByRole("link", { name: "CK2026112400000001" })).toHaveAttribute(
      "href",
      "/outboundDetail?id=1",
    );
    expect(screen.getByRole("link", { name: "JC2026112400000007" })).toHaveAttribute("href", "/storageLendDetail?id=7");
    expect(screen.getByText("In transit")).toBeInTheDocument();
    expect(await screen.findByRole("link", { name: "New loan outbound" })).toHaveAttribute(
      "href",
      "/outboundDetail?type=loan",
    );
    expect(Object.fromEntries(server.callsTo("GET /rest/stockOut/list")[0]?.query ?? [])).toEqual({
      pageNo: "1",
      pageSize: "10",
    });
  });

  it("filters by type, status, number and open loans", async () => {
    const server = fakeServer(recordRoutes());
    render_(<GoodsOutListPage />);
    await screen.findByRole("link", { name: "CK2026112400000001" });
    fireEvent.mouseDown(screen.getByRole("combobox", { name: "Type" }));
    fireEvent.click(await screen.findByRole("option", { name: "Loan outbound" }));
    fireEvent.mouseDown(screen.getByRole("combobox", { name: "Status" }));
    fireEvent.click(await screen.findByRole("option", { name: "In transit" }));
    fireEvent.change(screen.getByLabelText("Number"), { target: { value: " JC2026 " } });
    fireEvent.click(screen.getByRole("checkbox", { name: "Open loans only" }));
    fireEvent.click(screen.getByRole("button", { name: "Search" }));
    await waitFor(() =>
      expect(Object.fromEntries(server.callsTo("GET /rest/stockOut/list").at(-1)?.query ?? [])).toEqual({
        pageNo: "1",
        pageSize: "10",
        type: "loan_out",
        status: "in_transit",
        number: "JC2026",
        openOnly: "true",
      }),
    );
  });

  it("shows the empty state, a failure with a retry, and sends an export of 100,000 rows to the centre", async () => {
    let fail = true;
    const server = fakeServer({
      ...recordRoutes(),
      "GET /rest/stockOut/export": () => ({ status: 202, ...ok({ jobId: 3 }, QUEUED) }),
      "GET /rest/stockOut/list": () =>
        fail ? { status: 403, errcode: "AUTH-40300", errmsg: "no permission" } : ok({ list: [], total: 100_000 }),
    });
    render_(<GoodsOutListPage />);
    expect(await screen.findByText("no permission")).toBeInTheDocument();
    fail = false;
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByText("No outbound documents match.")).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "Export" }));
    await waitFor(() => expect(noticeTexts()).toContain(QUEUED));
    expect(server.callsTo("GET /rest/stockOut/export")).toHaveLength(1);
  });

  it("reads in Chinese", async () => {
    await switchLanguage("zh-hans");
    fakeServer(recordRoutes());
    render_(<GoodsOutListPage />);
    expect(await screen.findByRole("heading", { name: "出库记录" })).toBeInTheDocument();
    expect(await screen.findByText("在途")).toBeInTheDocument();
  });
});

describe("GoodsOutPage", () => {
  it("adds a scanned product with its live stock and takes it out after a confirmation", async () => {
    const navigate = vi.fn();
    const server = fakeServer({
      "GET /rest/stockOut/types": () => ok(TYPES),
      "GET /rest/scancodeout/scan": (call) =>
        call.query.get("code") === "6901234567890"
          ? ok(SHAMPOO)
          : { status: 404, errcode: "SYS-40400", errmsg: "not found" },
      "POST /rest/stockOut/create": () => ok(detail(row(5)), "done"),
    });
    render_(<GoodsOutPage search="?type=use" navigate={navigate} />);
    const scan = await screen.findByLabelText("Scan a barcode");
    fireEvent.change(scan, { target: { value: "0000" } });
    fireEvent.keyDown(scan, { key: "Enter" });
    expect(await screen.findByText("No product has this barcode.")).toBeInTheDocument();
    fireEvent.change(scan, { target: { value: "6901234567890" } });
    fireEvent.keyDown(scan, { key: "Enter" });
    const line = await screen.findByTestId("outbound-line-3");
    expect(within(line).getByText("5 瓶")).toBeInTheDocument();
    fireEvent.keyDown(scan, { key: "Enter" }); // the field was cleared: nothing more is added
    fireEvent.change(within(line).getByLabelText("Quantity 洗发水"), { target: { value: "6" } });
    expect(within(line).getByText("More than the live stock")).toBeInTheDocument();
    fireEvent.change(within(line).getByLabelText("Quantity 洗发水"), { target: { value: "2" } });
    fireEvent.click(screen.getByRole("button", { name: "Take the goods out" }));
    const dialog = await screen.findByRole("dialog", { name: "Take the goods out?" });
    expect(server.callsTo("POST /rest/stockOut/create")).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole("button", { name: "Yes" }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith("/outboundDetail?id=5"));
    const [call] = server.callsTo("POST /rest/stockOut/create");
    expect(call?.body).toEqual({
      type: "store_use",
      lines: [{ productId: 3, quantity: "2" }],
      targetStoreId: null,
      supplier: "",
      remark: "",
    });
    expect(call?.headers.get("Idempotency-Key")).toBeTruthy();
  });

  it("lends to a borrow-out target and shows a stock refusal on the page", async () => {
    const server = fakeServer({
      "GET /rest/stockOut/types": () => ok(TYPES),
      "GET /rest/scancodeout/products": () => ok([SHAMPOO]),
      "POST /rest/stockOut/create": () => ({
        status: 409,
        errcode: "STOCK-40901",
        errmsg: "not enough stock of 洗发水",
      }),
    });
    render_(<GoodsOutPage search="?type=loan" navigate={vi.fn()} />);
    const find = await screen.findByLabelText("Find a product in stock");
    fireEvent.change(find, { target: { value: "洗发" } });
    fireEvent.keyDown(find, { key: "Enter" });
    fireEvent.click(await screen.findByRole("button", { name: "Add 洗发水" }));
    expect(screen.getByRole("button", { name: "Take the goods out" })).toBeDisabled();
    fireEvent.mouseDown(screen.getByRole("combobox", { name: "Lend to store" }));
    fireEvent.click(await screen.findByRole("option", { name: "徐汇店" }));
    fireEvent.click(screen.getByRole("button", { name: "Take the goods out" }));
    const dialog = await screen.findByRole("dialog", { name: "Take the goods out?" });
    expect(within(dialog).getByText(/in transit to 徐汇店/)).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole("button", { name: "Yes" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("not enough stock of 洗发水");
    expect(server.callsTo("POST /rest/stockOut/create")[0]?.body).toMatchObject({
      type: "loan_out",
      targetStoreId: 11,
    });
  });

  it("shows one document with its lines", async () => {
    fakeServer({ "GET /rest/stockOut/detail/1": () => ok(detail(row(1))) });
    render_(<GoodsOutPage search="?id=1" />);
    expect(await screen.findByRole("heading", { name: "CK2026112400000001" })).toBeInTheDocument();
    expect(screen.getByRole("cell", { name: "洗发水" })).toBeInTheDocument();
  });
});

describe("StockLoanPage", () => {
  it("lets the receiving store confirm the receipt after a prompt", async () => {
    const server = fakeServer({
      "GET /rest/stockOut/detail/7": () => ok(detail(LOAN, { canConfirm: true })),
      "POST /rest/stockOut/loanConfirm/7": () =>
        ok(detail(LOAN, { status: "received", receivedByName: "SY00001", canReturn: true }), "received"),
    });
    render_(<StockLoanPage search="?id=7" />);
    fireEvent.click(await screen.findByRole("button", { name: "Confirm receipt" }));
    const dialog = await screen.findByRole("dialog", { name: "Confirm receipt?" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Yes" }));
    expect(await screen.findByText("Received")).toBeInTheDocument();
    expect(server.callsTo("POST /rest/stockOut/loanConfirm/7")).toHaveLength(1);
    expect(screen.queryByRole("button", { name: "Confirm receipt" })).not.toBeInTheDocument();
    expect(screen.getByRole("table", { name: "Give back" })).toBeInTheDocument();
  });

  it("tells the lender it waits for the borrower, and shows a refused confirmation", async () => {
    fakeServer({ "GET /rest/stockOut/detail/7": () => ok(detail(LOAN)) });
    render_(<StockLoanPage search="?id=7" />);
    expect(await screen.findByText("Waiting for 徐汇店 to confirm receipt.")).toBeInTheDocument();
  });

  it("gives goods back up to what is still out", async () => {
    const received = detail({ ...LOAN, status: "received" }, { canReturn: true });
    const server = fakeServer({
      "GET /rest/stockOut/detail/7": () => ok(received),
      "POST /rest/stockOut/loanReturn/7": () =>
        ok(detail(row(8, { kind: "loan_return", type: "loan_return", number: "GH01", status: "in_transit" }))),
    });
    render_(<StockLoanPage search="?id=7" />);
    const field = await screen.findByLabelText("Give back 洗发水");
    fireEvent.change(field, { target: { value: "3" } });
    expect(screen.getByRole("button", { name: "Give back" })).toBeDisabled();
    fireEvent.change(field, { target: { value: "1" } });
    fireEvent.click(screen.getByRole("button", { name: "Give back" }));
    fireEvent.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Yes" }));
    await waitFor(() => expect(noticeTexts()).toContain("Given back as GH01, in transit."));
    expect(server.callsTo("POST /rest/stockOut/loanReturn/7")[0]?.body).toEqual({
      lines: [{ lineId: 70, quantity: "1" }],
      remark: "",
    });
  });

  it("lists the open loans of both directions by default", async () => {
    const server = fakeServer({ "GET /rest/stockOut/loanList": () => ok({ list: [LOAN], total: 1 }) });
    render_(<StockLoanPage search="" />);
    expect(await screen.findByRole("link", { name: "JC2026112400000007" })).toHaveAttribute(
      "href",
      "/storageLendDetail?id=7",
    );
    expect(server.callsTo("GET /rest/stockOut/loanList")[0]?.query.get("openOnly")).toBe("true");
  });
});
