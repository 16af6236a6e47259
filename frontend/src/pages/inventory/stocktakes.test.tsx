import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { i18n } from "../../i18n";
import { AppProviders } from "../../islands/mount";
import { queryClient } from "../../islands/queryClient";
import { fakeServer, ok, type Routes } from "../../shell/testing/fakeServer";
import { sessionInfo } from "../../test/fixtures";
import { dismissAllNotices } from "../../test/notices";
import { exportUrl } from "../../api/stocktakes";
import { StocktakeDetailPage, countError } from "./StocktakeDetailPage";
import { StocktakeListPage } from "./StocktakeListPage";

function stocktake(overrides: Record<string, unknown> = {}) {
  return {
    stocktakeId: 5,
    number: "PD2026112400000005",
    storeId: 10,
    storeName: "Store A",
    scope: "store",
    scopeName: "whole store",
    scopeNames: "",
    status: "counting",
    statusName: "counting",
    remark: "month end",
    rejectReason: "",
    createdByName: "SY00002",
    createdAt: "2026-11-24T10:00:00+08:00",
    countedByName: "",
    submittedByName: "",
    submittedAt: null,
    decidedByName: "",
    decidedAt: null,
    lineCount: 2,
    countedCount: 1,
    differenceCount: 1,
    gainValue: "0.00",
    lossValue: "-30.00",
    differenceValue: "-30.00",
    approvalRequestId: null,
    approvalStatus: null,
    ...overrides,
  };
}

function line(productId: number, overrides: Record<string, unknown> = {}) {
  return {
    lineId: productId * 10,
    productId,
    code: `P${productId}`,
    name: `洗发水${productId}`,
    barcode: `690000${productId}`,
    specification: "500ml",
    unit: "瓶",
    useUnit: "瓶",
    usePerUnit: "1",
    snapshot: "20",
    snapshotUse: "20",
    counted: null,
    difference: null,
    differenceUse: null,
    unitCost: "30.00",
    differenceValue: null,
    added: false,
    countedAt: null,
    ...overrides,
  };
}

function render_(node: ReactNode) {
  return render(<AppProviders>{node}</AppProviders>);
}

beforeEach(() => window.localStorage.setItem("erp.session", JSON.stringify(sessionInfo())));

afterEach(async () => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
  window.localStorage.clear();
  dismissAllNotices();
  await i18n.changeLanguage("en");
});

describe("stocktake rules", () => {
  it("takes counts of 0 or more with up to three decimals", () => {
    expect(countError("")).toBe(false);
    expect(countError("12")).toBe(false);
    expect(countError("1.5")).toBe(false);
    expect(countError("-1")).toBe(true);
    expect(countError("1.2345")).toBe(true);
    expect(countError("abc")).toBe(true);
  });

  it("exports the list's filters without the page", () => {
    expect(exportUrl({ status: "approved", pageNo: 2, pageSize: 10, keyword: null })).toBe(
      "/rest/stocktaking/list/export?status=approved",
    );
    expect(exportUrl({})).toBe("/rest/stocktaking/list/export");
  });
});

describe("StocktakeListPage", () => {
  it("lists the stocktakes and filters by status", async () => {
    const server = fakeServer({
      "GET /rest/stocktaking/list": () => ok({ list: [stocktake()], total: 1 }),
    });
    render_(<StocktakeListPage />);
    const row = await screen.findByTestId("stocktake-row-5");
    expect(within(row).getByText("PD2026112400000005")).toHaveAttribute("href", "/inventoryDetail?stocktakeId=5");
    expect(within(row).getByText("-¥30.00")).toBeInTheDocument();
    expect(within(row).getByText("1 / 2")).toBeInTheDocument();
    fireEvent.mouseDown(screen.getByLabelText("Status"));
    fireEvent.click(await screen.findByRole("option", { name: "Approved" }));
    fireEvent.click(screen.getByRole("button", { name: "Search" }));
    await waitFor(() =>
      expect(server.callsTo("GET /rest/stocktaking/list").some((call) => call.query.get("status") === "approved")).toBe(
        true,
      ),
    );
  });

  it("shows the error state with a retry, then the empty state", async () => {
    let fail = true;
    fakeServer({
      "GET /rest/stocktaking/list": () =>
        fail ? { status: 403, errcode: "AUTH-40300", errmsg: "no permission" } : ok({ list: [], total: 0 }),
    });
    render_(<StocktakeListPage />);
    expect(await screen.findByText("no permission")).toBeInTheDocument();
    fail = false;
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByText("No stocktakes found.")).toBeInTheDocument();
  });

  it("starts a stocktake only after the freeze is confirmed, then opens it", async () => {
    const server = fakeServer({
      "GET /rest/stocktaking/list": () => ok({ list: [], total: 0 }),
      "POST /rest/stocktaking/create": () => ok(stocktake({ stocktakeId: 9 }), "stocktake started"),
    });
    const navigate = vi.fn();
    render_(<StocktakeListPage navigate={navigate} />);
    fireEvent.click(await screen.findByRole("button", { name: "New stocktake" }));
    fireEvent.click(await screen.findByRole("button", { name: "Next" }));
    expect(await screen.findByText("Freeze the live stock?")).toBeInTheDocument();
    expect(server.callsTo("POST /rest/stocktaking/create")).toHaveLength(0);
    fireEvent.click(screen.getByRole("button", { name: "Yes" }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith("/inventoryDetail?stocktakeId=9"));
    const [call] = server.callsTo("POST /rest/stocktaking/create");
    expect(call?.body).toEqual({ scope: "store", remark: "" });
    expect(call?.headers.get("Idempotency-Key")).toBeTruthy();
  });

  it("starts a count of chosen products found in the catalogue", async () => {
    const server = fakeServer({
      "GET /rest/stocktaking/list": () => ok({ list: [], total: 0 }),
      "GET /rest/commodity/productList": () => ok({ list: [{ id: 31, code: "P31", name: "护发素" }], total: 1 }),
      "POST /rest/stocktaking/create": () => ok(stocktake({ stocktakeId: 9, scope: "products" }), "stocktake started"),
    });
    const navigate = vi.fn();
    render_(<StocktakeListPage navigate={navigate} />);
    fireEvent.click(await screen.findByRole("button", { name: "New stocktake" }));
    fireEvent.click(await screen.findByRole("radio", { name: "Chosen products" }));
    fireEvent.click(screen.getByRole("button", { name: "Next" }));
    expect(await screen.findByText("Choose the products to count.")).toBeInTheDocument();
    fireEvent.click(await screen.findByRole("checkbox", { name: "P31 护发素" }));
    fireEvent.click(screen.getByRole("button", { name: "Next" }));
    fireEvent.click(await screen.findByRole("button", { name: "Yes" }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith("/inventoryDetail?stocktakeId=9"));
    expect(server.callsTo("POST /rest/stocktaking/create")[0]?.body).toEqual({
      scope: "products",
      productIds: [31],
      remark: "",
    });
  });

  it("reads in Chinese", async () => {
    await i18n.changeLanguage("zh-hans");
    fakeServer({ "GET /rest/stocktaking/list": () => ok({ list: [stocktake()], total: 1 }) });
    render_(<StocktakeListPage />);
    expect(await screen.findByText("盘点记录", { selector: "h1" })).toBeInTheDocument();
    expect(await screen.findByText("盘点中")).toBeInTheDocument();
  });
});

const detailRoutes = (overrides: Routes = {}): Routes => ({
  "GET /rest/stocktaking/detail": () => ok(stocktake()),
  "GET /rest/stocktaking/lines": (call) =>
    ok(
      call.query.get("differencesOnly") === "true"
        ? {
            list: [line(2, { counted: "19", difference: "-1", differenceUse: "-1", differenceValue: "-30.00" })],
            total: 1,
          }
        : {
            list: [
              line(1),
              line(2, { counted: "19", difference: "-1", differenceUse: "-1", differenceValue: "-30.00" }),
            ],
            total: 2,
          },
    ),
  ...overrides,
});

describe("StocktakeDetailPage", () => {
  it("shows the totals, saves a typed count and counts a scan", async () => {
    const server = fakeServer(
      detailRoutes({
        "POST /rest/stocktaking/count": () => ok({ counted: 1, stocktake: stocktake() }, "saved"),
        "POST /rest/stocktaking/scan": () => ok({ line: line(1, { counted: "1" }), stocktake: stocktake() }, "counted"),
      }),
    );
    render_(<StocktakeDetailPage search="?stocktakeId=5" />);
    expect(await screen.findByTestId("stocktake-net-value")).toHaveTextContent("-¥30.00");
    const input = await screen.findByTestId("count-1");
    fireEvent.change(input, { target: { value: "18" } });
    fireEvent.keyDown(input, { key: "Enter" });
    await waitFor(() => expect(server.callsTo("POST /rest/stocktaking/count")).toHaveLength(1));
    expect(server.callsTo("POST /rest/stocktaking/count")[0]?.body).toEqual({
      stocktakeId: 5,
      lines: [{ productId: 1, counted: "18" }],
    });
    fireEvent.change(screen.getByTestId("stocktake-scan"), { target: { value: "6900001" } });
    fireEvent.click(screen.getByRole("button", { name: "Add" }));
    expect(await screen.findByTestId("stocktake-scan-result")).toHaveTextContent("洗发水1: counted 1 瓶");
    const [scan] = server.callsTo("POST /rest/stocktaking/scan");
    expect(scan?.body).toEqual({ stocktakeId: 5, barcode: "6900001" });
    expect(scan?.headers.get("Idempotency-Key")).toBeTruthy();
  });

  it("shows a counter without the cost code the value difference the approval shows, but no line's value", async () => {
    fakeServer(
      detailRoutes({
        "GET /rest/stocktaking/detail": () =>
          ok(stocktake({ status: "submitted", gainValue: "12.00", lossValue: "-170.00", differenceValue: "-158.00" })),
        "GET /rest/stocktaking/lines": () =>
          ok({ list: [line(2, { counted: "19", difference: "-1", differenceUse: "-1", unitCost: null })], total: 1 }),
      }),
    );
    render_(<StocktakeDetailPage search="?stocktakeId=5" />);
    expect(await screen.findByTestId("stocktake-net-value")).toHaveTextContent("Difference value: -¥158.00");
    expect(screen.getByTestId("stocktake-totals")).toHaveTextContent("Found short: -¥170.00");
    const table = await screen.findByRole("table", { name: "Lines" });
    await within(table).findByTestId("line-2");
    expect(within(table).queryByRole("columnheader", { name: "Difference value" })).not.toBeInTheDocument();
  });

  it("shows a role that sees costs each line's value", async () => {
    window.localStorage.setItem("erp.session", JSON.stringify(sessionInfo({ btn: ["BTN-SPGL-COST-VIEW"] })));
    fakeServer(detailRoutes());
    render_(<StocktakeDetailPage search="?stocktakeId=5" />);
    const row = await screen.findByTestId("line-2");
    expect(within(row).getByText("-¥30.00")).toBeInTheDocument();
  });

  it("shows the differences only and refuses a bad count without calling", async () => {
    const server = fakeServer(detailRoutes());
    render_(<StocktakeDetailPage search="?stocktakeId=5" />);
    await screen.findByTestId("line-1");
    fireEvent.click(screen.getByRole("checkbox", { name: "Differences only" }));
    await waitFor(() => expect(screen.queryByTestId("line-1")).not.toBeInTheDocument());
    expect(screen.getByTestId("difference-2")).toHaveTextContent("-1 瓶");
    const input = screen.getByTestId("count-2");
    fireEvent.change(input, { target: { value: "-3" } });
    fireEvent.blur(input);
    expect(input).toHaveAttribute("aria-invalid", "true");
    expect(server.callsTo("POST /rest/stocktaking/count")).toHaveLength(0);
  });

  it("lets an owner approve a submitted stocktake after confirming", async () => {
    window.localStorage.setItem("erp.session", JSON.stringify(sessionInfo({ btn: ["BTN-KCGL-STOCKTAKE-APPROVE"] })));
    const server = fakeServer(
      detailRoutes({
        "GET /rest/stocktaking/detail": () => ok(stocktake({ status: "submitted", countedCount: 2 })),
        "POST /rest/stocktaking/approve": () => ok(stocktake({ status: "approved" }), "stocktake approved"),
      }),
    );
    render_(<StocktakeDetailPage search="?stocktakeId=5" />);
    fireEvent.click(await screen.findByRole("button", { name: "Approve" }));
    expect(await screen.findByText(/1 difference becomes a stock move/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "Yes" }));
    await waitFor(() => expect(server.callsTo("POST /rest/stocktaking/approve")).toHaveLength(1));
    expect(server.callsTo("POST /rest/stocktaking/approve")[0]?.body).toEqual({ stocktakeId: 5 });
  });

  it("shows that a submitted stocktake waits in the approval centre, with a link to its request", async () => {
    fakeServer(
      detailRoutes({
        "GET /rest/stocktaking/detail": () =>
          ok(stocktake({ status: "submitted", approvalRequestId: 42, approvalStatus: "pending" })),
      }),
    );
    render_(<StocktakeDetailPage search="?stocktakeId=5" />);
    const notice = await screen.findByTestId("stocktake-approval");
    expect(notice).toHaveTextContent("Waiting in the approval centre");
    expect(within(notice).getByRole("link", { name: "Open the request" })).toHaveAttribute(
      "href",
      "/approvalCenter?id=42",
    );
  });

  it("shows no approval-centre notice once the request is decided", async () => {
    fakeServer(
      detailRoutes({
        "GET /rest/stocktaking/detail": () =>
          ok(stocktake({ status: "approved", approvalRequestId: 42, approvalStatus: "approved" })),
      }),
    );
    render_(<StocktakeDetailPage search="?stocktakeId=5" />);
    expect(await screen.findByTestId("stocktake-status")).toHaveTextContent(/approved/i);
    expect(screen.queryByTestId("stocktake-approval")).not.toBeInTheDocument();
  });

  it("offers no approval without the owner's code and shows a refusal", async () => {
    fakeServer(
      detailRoutes({
        "GET /rest/stocktaking/detail": () => ok(stocktake({ status: "counting", countedCount: 1 })),
        "POST /rest/stocktaking/submit": () => ({ status: 409, errcode: "STOCK-40903", errmsg: "not allowed now" }),
      }),
    );
    render_(<StocktakeDetailPage search="?stocktakeId=5" />);
    fireEvent.click(await screen.findByRole("button", { name: "Submit" }));
    expect(await screen.findByText(/1 line is not counted yet and will count as 0/)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Approve" })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "Yes" }));
    expect(await screen.findByTestId("stocktake-error")).toHaveTextContent("not allowed now");
  });

  it("says when the stocktake is not found", async () => {
    fakeServer({ "GET /rest/stocktaking/detail": () => ({ status: 404, errcode: "SYS-40400", errmsg: "not found" }) });
    render_(<StocktakeDetailPage search="?stocktakeId=77" />);
    expect(await screen.findByText("This stocktake was not found.")).toBeInTheDocument();
  });
});
