import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AppProviders } from "../../islands/mount";
import { queryClient } from "../../islands/queryClient";
import { fakeServer, ok, type Routes } from "../../shell/testing/fakeServer";
import { dismissAllNotices } from "../../test/notices";
import { LiveStockPage } from "./LiveStockPage";
import { SafetyStockPage, changedItems, validSafety } from "./SafetyStockPage";

function row(code: string, overrides: Record<string, unknown> = {}) {
  return {
    productId: code === "P-1" ? 1 : 2,
    code,
    name: `Product ${code}`,
    barcode: "",
    brand: "Aveda",
    categoryId: 5,
    categoryName: "Hair care",
    specification: "",
    useType: "retail",
    useTypeName: "retail",
    unit: "瓶",
    useUnit: "ml",
    usePerUnit: "500",
    quantity: "4985",
    stockQuantity: "9.97",
    display: "9 瓶 485 ml",
    safetyStock: "2",
    safetyDefault: 2,
    safetySet: false,
    belowSafety: false,
    enabled: true,
    cost: "80.00",
    value: "797.60",
    ...overrides,
  };
}

const MOVE = {
  id: 77,
  kind: "receipt",
  kindName: "goods in",
  quantity: "5000",
  quantityDisplay: "10 瓶",
  after: "5000",
  afterDisplay: "10 瓶",
  documentKind: "document",
  documentKindName: "goods in",
  documentId: 12,
  documentNumber: "RK2026112400000012",
  stockDocumentKind: "receipt",
  batchNo: "",
  expiryDate: null,
  otherStoreId: null,
  otherStoreName: "",
  remark: "",
  operatorName: "SY00002",
  createdAt: "2026-11-24T09:05:00+08:00",
};

/** Refunded goods that came back damaged: written off with the reason the cashier gave. */
const WRITTEN_OFF = {
  ...MOVE,
  id: 78,
  kind: "return_damaged",
  kindName: "refunded goods written off as damaged",
  quantity: "-500",
  quantityDisplay: "1 瓶",
  documentKind: "refund",
  documentId: 5,
  documentNumber: "",
  stockDocumentKind: null,
  remark: "瓶身破裂",
};

function routes(overrides: Routes = {}): Routes {
  return {
    "GET /rest/stock/stores": () =>
      ok({
        chosenStoreId: 10,
        stores: [{ id: 10, code: "S-1", name: "Store A" }],
        brands: ["Aveda"],
        seesCost: true,
      }),
    "GET /rest/commodity/productFilterOptions": () =>
      ok({ categories: [{ categoryId: 5, categoryName: "Hair care" }], brands: ["Aveda"] }),
    "GET /rest/stock/live": (call) =>
      ok({
        list: call.query.get("belowSafety") === "true" ? [row("P-2", { belowSafety: true })] : [row("P-1"), row("P-2")],
        total: call.query.get("belowSafety") === "true" ? 1 : 2,
      }),
    "GET /rest/stock/moves": () => ok({ product: row("P-1"), list: [WRITTEN_OFF, MOVE], total: 2 }),
    ...overrides,
  };
}

function render_(node: React.ReactNode) {
  return render(<AppProviders>{node}</AppProviders>);
}

beforeEach(() => {
  window.localStorage.setItem("erp.session", JSON.stringify({ storeId: 10 }));
});

afterEach(() => {
  queryClient.clear();
  vi.unstubAllGlobals();
  window.localStorage.clear();
  dismissAllNotices();
});

describe("LiveStockPage", () => {
  it("shows the stock in both units, the value at cost and the below-safety flag", async () => {
    const server = fakeServer(routes());
    render_(<LiveStockPage />);
    expect(await screen.findByTestId("stock-P-1")).toHaveTextContent("9 瓶 485 ml");
    const first = screen.getByTestId("stock-row-P-1");
    expect(within(first).getByText(/797\.60/)).toBeInTheDocument();
    expect(within(first).getByText("9.97 瓶")).toBeInTheDocument();
    expect(server.callsTo("GET /rest/stock/live")[0]?.query.get("storeId")).toBe("10");
  });

  it("sends the filters and lists only what they keep", async () => {
    const server = fakeServer(routes());
    render_(<LiveStockPage />);
    await screen.findByTestId("stock-row-P-1");
    fireEvent.click(screen.getByLabelText("Below safety only"));
    fireEvent.change(screen.getByLabelText("Code, name or barcode"), { target: { value: " P- " } });
    fireEvent.click(screen.getByRole("button", { name: "Search" }));
    expect(await screen.findByTestId("below-P-2")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId("stock-row-P-1")).not.toBeInTheDocument());
    const last = server.callsTo("GET /rest/stock/live").at(-1);
    expect(last?.query.get("belowSafety")).toBe("true");
    expect(last?.query.get("search")).toBe("P-");
  });

  it("opens a product's history with its document link and both units", async () => {
    const server = fakeServer(routes());
    render_(<LiveStockPage />);
    fireEvent.click(await screen.findByTestId("history-P-1"));
    const drawer = await screen.findByTestId("moves-drawer");
    expect(await within(drawer).findByRole("link", { name: "goods in RK2026112400000012" })).toHaveAttribute(
      "href",
      "/storageDetail?id=12",
    );
    expect(within(drawer).getByText("+10 瓶")).toBeInTheDocument();
    const writeOff = within(drawer).getByText("refunded goods written off as damaged").closest("tr") as HTMLElement;
    expect(within(writeOff).getByText("瓶身破裂")).toBeInTheDocument();
    expect(within(drawer).getByText("Live stock: 9 瓶 485 ml")).toBeInTheDocument();
    expect(server.callsTo("GET /rest/stock/moves")[0]?.query.get("productId")).toBe("1");
  });

  it("shows the error state with a retry when the list fails, and the empty state", async () => {
    let fail = true;
    fakeServer(
      routes({
        "GET /rest/stock/live": () =>
          fail ? { status: 404, errcode: "SYS-40400", errmsg: "boom" } : ok({ list: [], total: 0 }),
      }),
    );
    render_(<LiveStockPage />);
    // The failed list shows its retry after the query settles: slow on a loaded machine.
    const retry = await screen.findByRole("button", { name: "Try again" });
    fail = false;
    fireEvent.click(retry);
    expect(await screen.findByText("No products match the filters.")).toBeInTheDocument();
  });
});

describe("SafetyStockPage", () => {
  it("checks a typed safety stock as the server does", () => {
    expect(validSafety("12")).toBe(true);
    expect(validSafety("1.125")).toBe(true);
    expect(validSafety("1.1255")).toBe(false);
    expect(validSafety("-1")).toBe(false);
    expect(validSafety("")).toBe(false);
    expect(validSafety("99999")).toBe(true);
    expect(validSafety("100000")).toBe(false);
    expect(changedItems({ 1: " 3 ", 2: null })).toEqual([
      { productId: 1, quantity: "3" },
      { productId: 2, quantity: null },
    ]);
  });

  it("sets the selected products' safety stock after a confirmation", async () => {
    const server = fakeServer(routes({ "POST /rest/stock/safety/set": () => ok({ changed: 2 }) }));
    render_(<SafetyStockPage />);
    await screen.findByTestId("safety-row-P-1");
    fireEvent.click(screen.getByLabelText("Select the page"));
    fireEvent.change(screen.getByLabelText("Safety stock for the selected"), { target: { value: "30" } });
    fireEvent.click(screen.getByRole("button", { name: "Set the selected (2)" }));
    fireEvent.click(screen.getByTestId("safety-save"));
    expect(await screen.findByText(/Set the safety stock of 2 products/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "Yes" }));
    await waitFor(() => expect(server.callsTo("POST /rest/stock/safety/set")).toHaveLength(1));
    expect(server.callsTo("POST /rest/stock/safety/set")[0]?.body).toEqual({
      storeId: 10,
      items: [
        { productId: 1, quantity: "30" },
        { productId: 2, quantity: "30" },
      ],
    });
  });

  it("refuses a bad value before any call and shows the server's refusal beside the form", async () => {
    const server = fakeServer(
      routes({
        "POST /rest/stock/safety/set": () => ({ status: 400, errcode: "VALID-40000", errmsg: "unknown product" }),
      }),
    );
    render_(<SafetyStockPage />);
    await screen.findByTestId("safety-row-P-1");
    fireEvent.change(screen.getByLabelText("Safety stock of P-1"), { target: { value: "x" } });
    fireEvent.click(screen.getByTestId("safety-save"));
    expect(await screen.findByTestId("safety-failure")).toHaveTextContent("Enter a number from 0");
    expect(server.callsTo("POST /rest/stock/safety/set")).toHaveLength(0);
    fireEvent.change(screen.getByLabelText("Safety stock of P-1"), { target: { value: "4" } });
    fireEvent.click(screen.getByTestId("safety-save"));
    fireEvent.click(await screen.findByRole("button", { name: "Yes" }));
    expect(await screen.findByTestId("safety-failure")).toHaveTextContent("unknown product");
  });
});
