import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { storeToday } from "../../../lib/dates";
import { saveTokens } from "../../../api/session";
import { AppProviders } from "../../../islands/mount";
import { queryClient } from "../../../islands/queryClient";
import { fakeServer, ok, type Routes } from "../../../shell/testing/fakeServer";
import { sessionInfo } from "../../../test/fixtures";
import { dismissAllNotices, noticeTexts } from "../../../test/notices";
import { enterPickerText, pickerInput } from "../../../test/pickers";
import { BillingListPage } from "./BillingListPage";
import { OrderDetailsPage } from "./OrderDetailsPage";

const QUEUED = "The export has 100,000 rows or more: the file is being prepared in the download centre";

function orderRow(orderId: number, overrides: Record<string, unknown> = {}) {
  return {
    orderId,
    orderNo: `SO2611${String(orderId).padStart(4, "0")}`,
    storeId: 10,
    memId: 7,
    name: "王芳",
    phone: "139****5678",
    walkIn: false,
    reservationId: null,
    status: "paid",
    statusName: "Paid",
    refundStatus: "none",
    refundStatusName: "",
    total: "300.00",
    discount: "20.00",
    sessions: 0,
    sessionsValue: "0.00",
    payable: "280.00",
    paid: "280.00",
    refunded: "0.00",
    net: "280.00",
    due: "0.00",
    businessDate: "2026-11-20",
    remark: "",
    operatorName: "Front desk",
    createdAt: "2026-11-20T10:00:00+08:00",
    paidAt: "2026-11-20T10:05:00+08:00",
    ...overrides,
  };
}

const SUMMARY = {
  count: 2,
  total: "600.00",
  discount: "40.00",
  sessionsValue: "0.00",
  payable: "560.00",
  paid: "280.00",
  refunded: "0.00",
  net: "280.00",
};

function orderDetail(overrides: Record<string, unknown> = {}) {
  return {
    ...orderRow(1),
    lines: [
      {
        orderLineId: 11,
        type: "project",
        itemId: 3,
        name: "头皮护理",
        qty: 1,
        unitPrice: "300.00",
        total: "300.00",
        discount: "20.00",
        sessionsValue: "0.00",
        amount: "280.00",
        cardId: null,
        discounts: [{ source: "promotion", name: "Autumn offer", amount: "20.00" }],
        staff: [{ employeeId: 4, name: "张敏", share: "0.5000" }],
      },
    ],
    tenders: [
      {
        tenderId: 21,
        method: "storedValue",
        methodName: "stored value",
        amount: "280.00",
        status: "succeeded",
        cardId: 5,
        cardNo: "C0000005",
        points: null,
        received: null,
        change: null,
        operatorName: "Front desk",
        createdAt: "2026-11-20T10:05:00+08:00",
      },
    ],
    refunds: [],
    signed: false,
    ...overrides,
  };
}

const drawn = [
  {
    cardId: 9,
    cardNo: "P0000009",
    projectId: 3,
    projectName: "头皮护理",
    sessions: 1,
    sessionsLeft: 4,
    storeId: 10,
    operatorName: "Front desk",
    createdAt: "2026-11-20T10:05:00+08:00",
  },
];

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

const listRoutes = (list = [orderRow(1), orderRow(2, { status: "unpaid", statusName: "Unpaid" })]): Routes => ({
  "GET /rest/order/orderList": () => ok({ list, total: list.length, summary: SUMMARY }),
  "GET /rest/staffList/list": () => ok({ list: [{ id: 4, name: "张敏" }], total: 1 }),
});

describe("BillingListPage", () => {
  it("lists the orders with links to their details and the server's totals", async () => {
    const server = fakeServer(listRoutes());
    render_(<BillingListPage search="" />);
    expect(await screen.findByRole("link", { name: "SO26110001" })).toHaveAttribute("href", "/orderDetails?orderId=1");
    const totals = screen.getByRole("region", { name: "Totals of the filtered orders" });
    expect(within(totals).getByText("¥560.00")).toBeInTheDocument();
    expect(within(totals).getByText("2")).toBeInTheDocument();
    expect(screen.getAllByText("139****5678")).toHaveLength(2);
    expect(Object.fromEntries(server.callsTo("GET /rest/order/orderList")[0]?.query ?? [])).toEqual({
      pageNo: "1",
      pageSize: "10",
    });
  });

  it("shows a refunded order as refunded with what went back and its net, and the sessions apart", async () => {
    const refunded = orderRow(3, {
      refundStatus: "partlyRefunded",
      refundStatusName: "Partly refunded",
      paid: "1556.00",
      refunded: "389.00",
      net: "1167.00",
    });
    const served = orderRow(4, {
      discount: "0.00",
      sessions: 1,
      sessionsValue: "498.00",
      payable: "0.00",
      paid: "0.00",
    });
    const summary = { ...SUMMARY, sessionsValue: "498.00", paid: "1556.00", refunded: "389.00", net: "1167.00" };
    fakeServer({
      ...listRoutes(),
      "GET /rest/order/orderList": () => ok({ list: [refunded, served], total: 2, summary }),
    });
    render_(<BillingListPage search="" />);
    const row = await screen.findByTestId("order-row-3");
    expect(within(row).getByText("Partly refunded")).toBeInTheDocument();
    expect(within(row).queryByText("Paid")).not.toBeInTheDocument();
    const heads = screen.getAllByRole("columnheader").map((head) => head.textContent);
    expect(heads).toEqual(expect.arrayContaining(["Paid by sessions", "Paid (gross)", "Refunded", "Net"]));
    const cells = within(row)
      .getAllByRole("cell")
      .map((cell) => cell.textContent);
    const at = (head: string) => cells[heads.indexOf(head)];
    expect([at("Paid (gross)"), at("Refunded"), at("Net")]).toEqual(["¥1,556.00", "¥389.00", "¥1,167.00"]);
    const sessionsRow = within(screen.getByTestId("order-row-4")).getAllByRole("cell");
    expect([
      sessionsRow[heads.indexOf("Discount")]?.textContent,
      sessionsRow[heads.indexOf("Paid by sessions")]?.textContent,
    ]).toEqual(["¥0.00", "¥498.00"]);
    const totals = screen.getByRole("region", { name: "Totals of the filtered orders" });
    expect(within(screen.getByTestId("total-Refunded")).getByText("¥389.00")).toBeInTheDocument();
    expect(within(screen.getByTestId("total-Net")).getByText("¥1,167.00")).toBeInTheDocument();
    expect(within(totals).getByTestId("total-Paid by sessions")).toHaveTextContent("¥498.00");
  });

  it("filters by dates, status, number and employee, and refuses an end before the start", async () => {
    const server = fakeServer(listRoutes());
    render_(<BillingListPage search="" />);
    await screen.findByRole("link", { name: "SO26110001" });
    enterPickerText(pickerInput("Created from"), "2026-11-01");
    enterPickerText(pickerInput("Created to"), "2026-10-01");
    expect(await screen.findByText("please choose a suitable end time")).toBeInTheDocument();
    enterPickerText(pickerInput("Created to"), "2026-11-30");
    fireEvent.mouseDown(screen.getByRole("combobox", { name: "Status" }));
    fireEvent.click(await screen.findByRole("option", { name: "Unpaid" }));
    fireEvent.mouseDown(screen.getByRole("combobox", { name: "Employee" }));
    fireEvent.click(await screen.findByRole("option", { name: "张敏" }));
    fireEvent.change(screen.getByLabelText("Order number"), { target: { value: " so2611 " } });
    fireEvent.click(screen.getByRole("button", { name: "Search" }));
    await waitFor(() =>
      expect(Object.fromEntries(server.callsTo("GET /rest/order/orderList").at(-1)?.query ?? [])).toEqual({
        pageNo: "1",
        pageSize: "10",
        startTime: "2026-11-01T00:00:00",
        endTime: "2026-11-30T23:59:59",
        status: "unpaid",
        orderNo: "so2611",
        employeeId: "4",
      }),
    );
  });

  it("keeps to one member when opened with memId", async () => {
    const server = fakeServer(listRoutes());
    render_(<BillingListPage search="?memId=7" />);
    await screen.findByRole("link", { name: "SO26110001" });
    expect(server.callsTo("GET /rest/order/orderList")[0]?.query.get("memId")).toBe("7");
    fireEvent.click(screen.getByRole("button", { name: "Reset" }));
    await waitFor(() => expect(server.callsTo("GET /rest/order/orderList").at(-1)?.query.get("memId")).toBeNull());
  });

  it("shows the empty state and a failure with a retry", async () => {
    let fail = true;
    fakeServer({
      ...listRoutes(),
      "GET /rest/order/orderList": () =>
        fail
          ? { status: 403, errcode: "AUTH-40300", errmsg: "no permission" }
          : ok({ list: [], total: 0, summary: { ...SUMMARY, count: 0 } }),
    });
    render_(<BillingListPage search="" />);
    expect(await screen.findByText("no permission")).toBeInTheDocument();
    fail = false;
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByText("No orders match.")).toBeInTheDocument();
  });

  it("sends an export of 100,000 orders or more to the download centre", async () => {
    const server = fakeServer({
      ...listRoutes(),
      "GET /rest/order/orderList": () => ok({ list: [orderRow(1)], total: 1, summary: { ...SUMMARY, count: 100_000 } }),
      "GET /rest/order/orderExport": () => ({ status: 202, ...ok({ jobId: 3 }, QUEUED) }),
    });
    render_(<BillingListPage search="" />);
    await screen.findByRole("link", { name: "SO26110001" });
    fireEvent.click(screen.getByRole("button", { name: "Export" }));
    await waitFor(() => expect(noticeTexts()).toContain(QUEUED));
    expect(server.callsTo("GET /rest/order/orderExport")).toHaveLength(1);
  });

  it("exports with the applied filters and shows the server's refusal", async () => {
    const server = fakeServer({
      ...listRoutes(),
      "GET /rest/order/orderExport": () => ({ status: 400, errcode: "VALID-40000", errmsg: "too many rows" }),
    });
    render_(<BillingListPage search="?memId=7" />);
    await screen.findByRole("link", { name: "SO26110001" });
    fireEvent.click(screen.getByRole("button", { name: "Export" }));
    await waitFor(() => expect(noticeTexts()).toContain("too many rows"));
    const call = server.callsTo("GET /rest/order/orderExport")[0];
    expect(Object.fromEntries(call?.query ?? [])).toEqual({ memId: "7" });
  });
});

describe("OrderDetailsPage", () => {
  const routes: Routes = {
    "GET /rest/order/orderDetails": () => ok(orderDetail()),
    "GET /rest/pay/drawDetail/1": () => ok(drawn),
  };

  it("shows the head, lines with discounts and staff, tenders, sessions and totals", async () => {
    fakeServer(routes);
    render_(<OrderDetailsPage search="?orderId=1" />);
    expect(await screen.findByText("SO26110001")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "王芳" })).toHaveAttribute("href", "/personalAccount?memId=7");
    expect(screen.getByText("139****5678")).toBeInTheDocument();
    const lines = screen.getByRole("table", { name: "Order lines" });
    expect(within(lines).getByText("Autumn offer -¥20.00")).toBeInTheDocument();
    expect(within(lines).getByText("张敏 50%")).toBeInTheDocument();
    const tenders = screen.getByRole("table", { name: "Tenders" });
    expect(within(tenders).getByText("C0000005")).toBeInTheDocument();
    expect(within(tenders).getByText("stored value")).toBeInTheDocument();
    const sessions = await screen.findByRole("table", { name: "Package sessions used" });
    expect(within(sessions).getByText("P0000009")).toBeInTheDocument();
    // A paid order is neither cancelled nor paid again; without a signature none is asked for.
    expect(screen.queryByRole("button", { name: "Cancel order" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Take payment" })).not.toBeInTheDocument();
    expect(screen.queryByRole("img", { name: "Member's signature" })).not.toBeInTheDocument();
  });

  it("says an order paid only by sessions took no money, and shows its refunds' figures", async () => {
    fakeServer({
      ...routes,
      "GET /rest/order/orderDetails": () =>
        ok(
          orderDetail({
            refundStatus: "refunded",
            refundStatusName: "refunded",
            discount: "0.00",
            sessions: 1,
            sessionsValue: "498.00",
            payable: "0.00",
            paid: "0.00",
            net: "0.00",
            tenders: [],
          }),
        ),
    });
    render_(<OrderDetailsPage search="?orderId=1" />);
    expect(await screen.findByText("Paid by package sessions: 1 used (¥498.00), nothing to take.")).toBeInTheDocument();
    expect(screen.queryByText("Not paid yet.")).not.toBeInTheDocument();
    expect(screen.getByText("refunded")).toBeInTheDocument(); // the chip, not "Paid"
    expect(screen.getByText("¥498.00 (1 sessions)")).toBeInTheDocument();
  });

  it("shows its times in the store's zone as YYYY-MM-DD HH:mm, as the receipt does, whatever the browser's", async () => {
    fakeServer({
      ...routes,
      "GET /rest/order/orderDetails": () =>
        ok(orderDetail({ createdAt: "2026-11-20T02:00:00Z", paidAt: "2026-11-20T16:05:00Z" })),
    });
    render_(<OrderDetailsPage search="?orderId=1" />);
    expect(await screen.findByText("2026-11-20 10:00")).toBeInTheDocument();
    expect(screen.getByText("2026-11-21 00:05")).toBeInTheDocument();
  });

  it("says so when the order is not found", async () => {
    fakeServer({ "GET /rest/order/orderDetails": () => ({ status: 404, errcode: "SYS-40400", errmsg: "not found" }) });
    render_(<OrderDetailsPage search="?orderId=99" />);
    expect(await screen.findByText("This order was not found.")).toBeInTheDocument();
  });

  it("cancels an unpaid order after a confirmation, with one Idempotency-Key per confirmation", async () => {
    let attempts = 0;
    const server = fakeServer({
      ...routes,
      "GET /rest/order/orderDetails": () =>
        ok(orderDetail({ status: "unpaid", statusName: "Unpaid", paid: "0.00", due: "280.00", tenders: [] })),
      "POST /rest/order/cancel": () =>
        ++attempts === 1
          ? { status: 500, errcode: "SYS-50000", errmsg: "try again" }
          : ok(orderRow(1, { status: "cancelled" }), "cancelled"),
    });
    render_(<OrderDetailsPage search="?orderId=1" />);
    fireEvent.click(await screen.findByRole("button", { name: "Cancel order" }));
    const dialog = await screen.findByRole("dialog", { name: "Cancel this order?" });
    expect(server.callsTo("POST /rest/order/cancel")).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel the order" }));
    await waitFor(() => expect(server.callsTo("POST /rest/order/cancel")).toHaveLength(1));
    await waitFor(() => expect(within(dialog).getByRole("button", { name: "Cancel the order" })).toBeEnabled());
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel the order" }));
    await waitFor(() => expect(server.callsTo("POST /rest/order/cancel")).toHaveLength(2));
    expect(server.callsTo("POST /rest/order/cancel")[0]?.body).toEqual({ orderId: 1 });
    const keys = server.fetch.mock.calls
      .filter(([url]) => String(url).includes("/rest/order/cancel"))
      .map(([, init]) => (init?.headers as Record<string, string>)["Idempotency-Key"]);
    expect(keys[0]).toBeTruthy();
    expect(keys[1]).toBe(keys[0]);
  });

  it("sends an unpaid order to the payment page", async () => {
    const navigate = vi.fn();
    fakeServer({
      ...routes,
      "GET /rest/order/orderDetails": () => ok(orderDetail({ status: "partlyPaid", statusName: "Partly paid" })),
    });
    render_(<OrderDetailsPage search="?orderId=1" navigate={navigate} />);
    fireEvent.click(await screen.findByRole("button", { name: "Take payment" }));
    expect(navigate).toHaveBeenCalledWith("/payment?orderId=1");
    expect(screen.queryByRole("button", { name: "Cancel order" })).not.toBeInTheDocument();
  });

  it("changes the staff of an unpaid order's line after the dialog, with an Idempotency-Key", async () => {
    let current = orderDetail({ status: "unpaid", statusName: "Unpaid", paid: "0.00", due: "280.00", tenders: [] });
    const server = fakeServer({
      ...routes,
      "GET /rest/order/orderDetails": () => ok(current),
      "GET /rest/staffList/list": () =>
        ok({
          list: [
            { id: 4, name: "张敏" },
            { id: 5, name: "吴佳怡" },
          ],
          total: 2,
        }),
      "POST /rest/order/changeNurse": () => {
        current = {
          ...current,
          lines: current.lines.map((line) => ({
            ...line,
            staff: [{ employeeId: 5, name: "吴佳怡", share: "1.0000" }],
          })),
        };
        return ok(current, "saved");
      },
    });
    render_(<OrderDetailsPage search="?orderId=1" />);
    fireEvent.click(await screen.findByRole("button", { name: "Change staff" }));
    const dialog = await screen.findByRole("dialog", { name: "Staff of 头皮护理" });
    expect(within(dialog).getByText(/not paid yet/)).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole("button", { name: "Remove 张敏" }));
    fireEvent.mouseDown(within(dialog).getByRole("combobox", { name: "Add an employee" }));
    fireEvent.click(await screen.findByRole("option", { name: "吴佳怡" }));
    expect(within(dialog).getByLabelText("Share of 吴佳怡")).toHaveValue("1");
    fireEvent.click(within(dialog).getByRole("button", { name: "Save the staff" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    const call = server.callsTo("POST /rest/order/changeNurse")[0];
    expect(call?.body).toEqual({ orderId: 1, orderLineId: 11, staff: [{ employeeId: 5, share: "1" }] });
    expect(call?.headers.get("Idempotency-Key")).toBeTruthy();
    expect(await screen.findByText("吴佳怡 100%")).toBeInTheDocument();
  });

  it("offers a staff change on a paid order on its business day only, to a role that may move credits", async () => {
    window.localStorage.setItem("erp.session", JSON.stringify(sessionInfo({ btn: ["BTN-KDJC-CREDIT-MOVE"] })));
    const today = storeToday();
    let detail = orderDetail({ businessDate: today });
    const server = fakeServer({
      ...routes,
      "GET /rest/order/orderDetails": () => ok(detail),
      "POST /rest/order/changeNurse": () => ok(detail, "saved"),
    });
    const { unmount } = render_(<OrderDetailsPage search="?orderId=1" />);
    fireEvent.click(await screen.findByRole("button", { name: "Change staff" }));
    const dialog = await screen.findByRole("dialog", { name: "Staff of 头皮护理" });
    expect(within(dialog).getByText(/credits of this line move/)).toBeInTheDocument();
    const save = within(dialog).getByRole("button", { name: "Save the staff" });
    expect(save).toBeDisabled(); // a paid order's credits move only with a reason
    fireEvent.change(within(dialog).getByLabelText(/Reason for moving the credits/), {
      target: { value: "the desk named the wrong nurse" },
    });
    expect(save).toBeEnabled();
    fireEvent.click(save);
    await waitFor(() => expect(server.callsTo("POST /rest/order/changeNurse")).toHaveLength(1));
    expect(server.callsTo("POST /rest/order/changeNurse")[0]?.body).toMatchObject({
      reason: "the desk named the wrong nurse",
    });
    unmount();
    queryClient.clear();
    detail = orderDetail(); // paid on 2026-11-20: its day is over
    const { unmount: close } = render_(<OrderDetailsPage search="?orderId=1" />);
    await screen.findByText("SO26110001");
    expect(screen.queryByRole("button", { name: "Change staff" })).not.toBeInTheDocument();
    close();
    queryClient.clear();
    window.localStorage.setItem("erp.session", JSON.stringify(sessionInfo())); // no credit code
    detail = orderDetail({ businessDate: today });
    render_(<OrderDetailsPage search="?orderId=1" />);
    await screen.findByText("SO26110001");
    expect(screen.queryByRole("button", { name: "Change staff" })).not.toBeInTheDocument();
  });

  it("shows the signature fetched with the session and opens the receipt", async () => {
    const openReceipt = vi.fn();
    saveTokens({ access: "access-1", refresh: "refresh-1", accountVersion: "3" });
    const server = fakeServer({ ...routes, "GET /rest/order/orderDetails": () => ok(orderDetail({ signed: true })) });
    const envelopeFetch = server.fetch.getMockImplementation();
    server.fetch.mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = String(input);
      if (path.startsWith("/rest/order/signatureImage/1"))
        return new Response("png", { headers: { "Content-Type": "image/png" } });
      if (path.startsWith("/rest/pay/print/1/1"))
        return new Response("<html></html>", { headers: { "Content-Type": "text/html" } });
      return envelopeFetch!(input, init);
    });
    vi.stubGlobal("URL", Object.assign(URL, { createObjectURL: () => "blob:signature" }));
    render_(<OrderDetailsPage search="?orderId=1" openReceipt={openReceipt} />);
    expect(await screen.findByRole("img", { name: "Member's signature" })).toHaveAttribute(
      "src",
      expect.stringMatching(/^data:image\/png;base64,/),
    );
    const signatureCall = server.fetch.mock.calls.find(([url]) => String(url).includes("signatureImage"));
    expect((signatureCall?.[1]?.headers as Record<string, string>).Authorization).toBe("Bearer access-1");
    fireEvent.click(screen.getByRole("button", { name: "Print receipt" }));
    await waitFor(() => expect(openReceipt).toHaveBeenCalledWith("blob:signature"));
  });
});
