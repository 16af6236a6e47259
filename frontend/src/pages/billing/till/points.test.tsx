import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AppProviders } from "../../../islands/mount";
import { queryClient } from "../../../islands/queryClient";
import { fakeServer, ok } from "../../../shell/testing/fakeServer";
import { sessionInfo } from "../../../test/fixtures";
import { dismissAllNotices } from "../../../test/notices";
import { AccountPointsPage } from "./AccountPointsPage";
import { OrderPointsDetailsPage } from "./OrderPointsDetailsPage";
import { PaymentPointsPage } from "./PaymentPointsPage";

const alice = {
  memId: 1,
  name: "Alice",
  phone: "138****5678",
  areaCode: "0086",
  crmCode: "M1",
  dependencyStore: "Store A",
  dependencyStoreId: 10,
  myself: true,
};
const shampoo = { id: 4, code: "P4", name: "Shampoo", effectivePrice: "100.00", storeEnabled: true };
const line = { name: "Shampoo", qty: 1, unitPrice: "100.00", amount: "100.00" };
const quote = { memId: 1, memberName: "Alice", pointsPerYuan: 100, points: 10000, memberPoints: 15000, enough: true };
const spend = {
  id: 8,
  memId: 1,
  memberName: "Alice",
  phone: "138****5678",
  change: -10000,
  balanceAfter: 5000,
  kind: "spend",
  kindName: "Spent",
  reason: "order SO1",
  operatorName: "Owner",
  storeName: "Store A",
  createdAt: "2026-11-24T10:00:00+08:00",
};

function orderPrice(overrides: Record<string, unknown> = {}) {
  return {
    orderId: 5,
    orderNo: "SO1",
    status: "unpaid",
    total: "100.00",
    discount: "0.00",
    payable: "100.00",
    paid: "0.00",
    due: "100.00",
    discounts: [],
    lines: [
      {
        ...line,
        orderLineId: 1,
        type: "product",
        itemId: 4,
        total: "100.00",
        discount: "0.00",
        cardId: null,
        discounts: [],
      },
    ],
    ...quote,
    entries: [],
    ...overrides,
  };
}

function keyOf(server: ReturnType<typeof fakeServer>, path: string): string | undefined {
  const index = server.calls.findIndex((call) => `${call.method} ${call.path}` === path);
  return (server.fetch.mock.calls[index]?.[1]?.headers as Record<string, string> | undefined)?.["Idempotency-Key"];
}

function render_(node: ReactNode) {
  return render(<AppProviders>{node}</AppProviders>);
}

beforeEach(() => window.localStorage.setItem("erp.session", JSON.stringify(sessionInfo())));

afterEach(() => {
  queryClient.clear();
  vi.unstubAllGlobals();
  window.localStorage.clear();
  dismissAllNotices();
});

async function pickAlice() {
  fireEvent.click(screen.getByRole("button", { name: "Choose the member" }));
  const dialog = await screen.findByRole("dialog", { name: "Find a member" });
  fireEvent.change(within(dialog).getByLabelText("Name"), { target: { value: "Alice" } });
  fireEvent.submit(within(dialog).getByLabelText("Name"));
  fireEvent.click(await within(dialog).findByText("Alice"));
  fireEvent.click(within(dialog).getByRole("button", { name: "Select" }));
  await waitFor(() => expect(screen.queryByRole("dialog", { name: "Find a member" })).not.toBeInTheDocument());
}

describe("AccountPointsPage", () => {
  it("prices the chosen items in points beside the member's balance and commits after a confirmation", async () => {
    let enough = false;
    const navigate = vi.fn();
    const server = fakeServer({
      "GET /rest/member/search": () => ok([alice]),
      "GET /rest/commodity/productList": () => ok({ list: [shampoo], total: 1 }),
      "POST /rest/pricingEngine/pointsPrice": () =>
        ok({
          total: "100.00",
          discount: "0.00",
          payable: "100.00",
          discounts: [],
          lines: [line],
          ...quote,
          memberPoints: enough ? 15000 : 50,
          enough,
        }),
      "POST /rest/order/commit": () =>
        ok({
          orderId: 5,
          orderNo: "SO1",
          status: "unpaid",
          total: "100.00",
          discount: "0.00",
          payable: "100.00",
          lines: [],
        }),
    });
    render_(<AccountPointsPage navigate={navigate} />);
    await pickAlice();
    fireEvent.click(await screen.findByRole("button", { name: "Shampoo (¥100.00)" }));
    expect(await screen.findByText("10000 points")).toBeInTheDocument();
    expect(screen.getByText("The member holds 50 points, fewer than the 10000 needed.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Commit the order" })).toBeDisabled();
    expect(server.callsTo("POST /rest/pricingEngine/pointsPrice")[0]?.body).toEqual({
      memId: 1,
      lines: [{ type: "product", itemId: 4, qty: 1 }],
    });

    enough = true;
    fireEvent.change(screen.getByLabelText("Qty"), { target: { value: "2" } });
    await waitFor(() => expect(screen.getByRole("button", { name: "Commit the order" })).toBeEnabled());
    fireEvent.click(screen.getByRole("button", { name: "Commit the order" }));
    const confirm = await screen.findByRole("dialog", { name: "Commit the points order?" });
    fireEvent.click(within(confirm).getByRole("button", { name: "Yes" }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith("/paymentPoints?orderId=5"));
    expect(server.callsTo("POST /rest/order/commit")[0]?.body).toEqual({
      memId: 1,
      lines: [{ type: "product", itemId: 4, qty: 2 }],
    });
    expect(keyOf(server, "POST /rest/order/commit")).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe("PaymentPointsPage", () => {
  it("pays what the server says is due by points after a confirmation", async () => {
    const navigate = vi.fn();
    const server = fakeServer({
      "GET /rest/pay/pointsPrice/5": () => ok(orderPrice()),
      "POST /rest/pay/excute": () =>
        ok({ orderId: 5, status: "paid", paid: "100.00", due: "0.00", change: "0.00", tenders: [] }),
    });
    render_(<PaymentPointsPage search="?orderId=5" navigate={navigate} />);
    expect(await screen.findByText("Order SO1")).toBeInTheDocument();
    expect(screen.getByText("10000 points")).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "Pay by points" }));
    const confirm = await screen.findByRole("dialog", { name: "Pay by points?" });
    expect(confirm).toHaveTextContent("Take 10000 points from Alice for order SO1? 5000 points are left.");
    fireEvent.click(within(confirm).getByRole("button", { name: "Yes" }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith("/orderPointsDetails?orderId=5"));
    expect(server.callsTo("POST /rest/pay/excute")[0]?.body).toEqual({
      orderId: 5,
      tenders: [{ method: "points", amount: "100.00" }],
    });
    expect(keyOf(server, "POST /rest/pay/excute")).toBeTruthy();
  });

  it("says when the points are short, and without an order", async () => {
    fakeServer({ "GET /rest/pay/pointsPrice/5": () => ok(orderPrice({ memberPoints: 20, enough: false })) });
    render_(<PaymentPointsPage search="?orderId=5" />);
    expect(await screen.findByText("The member holds 20 points, fewer than the 10000 needed.")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Pay by points" })).not.toBeInTheDocument();
  });
});

describe("OrderPointsDetailsPage", () => {
  it("shows the points tender and the ledger entry naming the order", async () => {
    fakeServer({
      "GET /rest/pay/pointsPrice/5": () =>
        ok(orderPrice({ status: "paid", paid: "100.00", due: "0.00", points: 0, entries: [spend] })),
      "GET /rest/order/orderDetails": () =>
        ok({
          ...orderPrice({ status: "paid", paid: "100.00", due: "0.00" }),
          storeId: 10,
          memId: 1,
          name: "Alice",
          phone: "138****5678",
          walkIn: false,
          reservationId: null,
          statusName: "Paid",
          businessDate: "2026-11-24",
          remark: "",
          operatorName: "Owner",
          createdAt: "2026-11-24T10:00:00+08:00",
          paidAt: "2026-11-24T10:01:00+08:00",
          tenders: [
            {
              tenderId: 3,
              method: "points",
              amount: "100.00",
              status: "succeeded",
              cardId: null,
              points: 10000,
              received: null,
              change: null,
              operatorName: "Owner",
              createdAt: "2026-11-24T10:01:00+08:00",
            },
          ],
          refunds: [],
        }),
    });
    render_(<OrderPointsDetailsPage search="?orderId=5" />);
    const tenders = await screen.findByRole("table", { name: "Payment" });
    expect(within(tenders).getByRole("cell", { name: "Points" })).toBeInTheDocument();
    expect(within(tenders).getByText("10000")).toBeInTheDocument();
    const ledger = screen.getByRole("table", { name: "Points ledger" });
    expect(within(ledger).getByText("-10000")).toBeInTheDocument();
    expect(within(ledger).getByText("order SO1")).toBeInTheDocument();
  });

  it("asks for an order when none is named", () => {
    fakeServer({});
    render_(<OrderPointsDetailsPage search="" />);
    expect(screen.getByText("No order was named: open this page from points billing.")).toBeInTheDocument();
  });
});
