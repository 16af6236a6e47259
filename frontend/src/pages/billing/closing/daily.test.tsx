import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { BTN_DAY_REOPEN, cashDifference, dayFromSearch } from "../../../api/daily";
import { i18n } from "../../../i18n";
import { AppProviders } from "../../../islands/mount";
import { queryClient } from "../../../islands/queryClient";
import { fakeServer, ok, type Routes } from "../../../shell/testing/fakeServer";
import { sessionInfo } from "../../../test/fixtures";
import { dismissAllNotices, noticeTexts } from "../../../test/notices";
import { DailyClosingHistoryPage } from "./DailyClosingHistoryPage";
import { DailyClosingPage } from "./DailyClosingPage";
import { DailyPerformancePage } from "./DailyPerformancePage";
import { DailyReportPage } from "./DailyReportPage";

const DAY = "2026-11-24";

function closing(overrides: Record<string, unknown> = {}) {
  return {
    closingId: 5,
    storeId: 10,
    date: DAY,
    status: "closed",
    cashExpected: "350.00",
    cashCounted: "340.00",
    difference: "-10.00",
    differenceReason: "change given twice",
    remark: "",
    closedBy: "SY00001",
    closedAt: "2026-11-24T21:00:00+08:00",
    reopenedBy: "",
    reopenedAt: null,
    reopenReason: "",
    carriedOver: [],
    ...overrides,
  };
}

function figures(overrides: Record<string, unknown> = {}) {
  const part = (count = 0, amount = "0.00", principal = "0.00", gift = "0.00", sessions = 0, returned = "0.00") => ({
    count,
    amount,
    returned,
    net: (Number(amount) - Number(returned)).toFixed(2),
    principal,
    gift,
    sessions,
  });
  const kind = (name: string, lines: number, qty: number, amount: string, returned = "0.00") => ({
    kind: name,
    lines,
    qty,
    amount,
    returned,
    net: (Number(amount) - Number(returned)).toFixed(2),
  });
  return {
    storeId: 10,
    date: DAY,
    takings: {
      methods: [
        {
          method: "cash",
          label: "cash",
          count: 2,
          gross: "400.00",
          refunded: "50.00",
          amount: "350.00",
          money: true,
          filedUnder: "moneyIn",
        },
        {
          method: "storedValue",
          label: "stored value",
          count: 1,
          gross: "150.00",
          refunded: "0.00",
          amount: "150.00",
          money: false,
          filedUnder: "memberHoldings",
        },
        {
          method: "groupBuy",
          label: "group-buy coupon",
          count: 1,
          gross: "99.00",
          refunded: "0.00",
          amount: "99.00",
          money: false,
          filedUnder: "groupBuy",
        },
      ],
      money: "350.00",
      moneyGross: "400.00",
      moneyRefunded: "50.00",
    },
    cash: { expected: "350.00" },
    pending: { count: 0, amount: "0.00", tenders: [] },
    refunds: {
      count: 0,
      amount: "0.00",
      methods: [],
      pending: { count: 0, amount: "0.00", tenders: [] },
      failed: { count: 0, amount: "0.00" },
    },
    reconciliation: [],
    sales: {
      kinds: [
        kind("products", 2, 2, "130.00", "50.00"),
        kind("projects", 1, 1, "120.00"),
        kind("packages", 0, 0, "0.00"),
        kind("sessions", 1, 2, "180.00"),
        kind("cardSales", 1, 1, "300.00"),
        kind("topUps", 0, 0, "0.00"),
      ],
      total: "730.00",
      returned: "50.00",
      net: "680.00",
    },
    orders: { paid: 3, open: 1, cancelled: 0 },
    cards: {
      sold: part(1, "300.00", "300.00"),
      toppedUp: part(),
      storedValueSpent: part(1, "150.00", "150.00"),
      sessionsUsed: part(1, "180.00", "0.00", "0.00", 2),
    },
    points: { earned: 350, spent: 0, adjusted: 0, tendered: "0.00" },
    deposits: {
      taken: { count: 0, amount: "0.00" },
      applied: { count: 0, amount: "0.00" },
      refunded: { count: 0, amount: "0.00" },
      returned: { count: 0, amount: "0.00" },
      held: "0.00",
    },
    revenue: {
      takings: "350.00",
      liabilityIn: "300.00",
      goodsAndServices: "200.00",
      sessionsValue: "180.00",
      returned: "0.00",
      liabilityOut: "0.00",
      earned: "380.00",
      paidFromStoredValue: "150.00",
      paidByPoints: "0.00",
      paidFromDeposits: "0.00",
    },
    staff: [
      {
        employeeId: 4,
        name: "张敏",
        service: "30.00",
        sale: "0.00",
        cardSale: "300.00",
        cardConsumption: "90.00",
        total: "420.00",
      },
      {
        employeeId: 6,
        name: "吴佳怡",
        service: "0.00",
        sale: "80.00",
        cardSale: "0.00",
        cardConsumption: "0.05",
        total: "80.05",
      },
    ],
    closing: null,
    openItems: [],
    reopenAsked: null,
    ...overrides,
  };
}

const UNPAID = {
  kind: "order",
  ref: "31",
  title: "SO2026112400000031 王芳",
  detail: "not paid",
  amount: "120.00",
  carriable: true,
  route: "/payment?orderId=31",
};
const ARRIVED = {
  kind: "reservation",
  ref: "8",
  title: "14:00 陈晓",
  detail: "arrived at 14:05, not billed (张敏)",
  amount: null,
  carriable: true,
  route: "/account?reservationId=8",
};

function render_(node: ReactNode) {
  return render(<AppProviders>{node}</AppProviders>);
}

function signIn(btn: string[] = []) {
  window.localStorage.setItem("erp.session", JSON.stringify(sessionInfo({ btn })));
}

beforeEach(() => signIn());

afterEach(async () => {
  queryClient.clear();
  vi.unstubAllGlobals();
  window.localStorage.clear();
  dismissAllNotices();
  await i18n.changeLanguage("en");
});

describe("cashDifference and the day of a page", () => {
  it("subtracts in cents and refuses what is not an amount", () => {
    expect(cashDifference("350.00", "340")).toBe("-10.00");
    expect(cashDifference("0.10", "0.3")).toBe("0.20");
    expect(cashDifference("350.00", "350.00")).toBe("0.00");
    expect(cashDifference("350.00", "")).toBeNull();
    expect(cashDifference("350.00", "-1")).toBeNull();
    expect(cashDifference("350.00", "1.234")).toBeNull();
  });

  it("reads ?date= and falls back to today", () => {
    expect(dayFromSearch("?date=2026-11-20")).toBe("2026-11-20");
    expect(dayFromSearch("?date=yesterday")).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});

describe("DailyClosingPage", () => {
  it("shows the day's figures with takings told apart from revenue", async () => {
    const server = fakeServer({ "GET /rest/daily/preview": () => ok(figures()) });
    render_(<DailyClosingPage search={`?date=${DAY}`} />);
    const takings = await screen.findByRole("table", { name: "Takings by tender" });
    expect(within(takings).getByText("Cash")).toBeInTheDocument();
    expect(within(takings).getByText("From what the member holds")).toBeInTheDocument();
    // A coupon the customer paid on its platform is neither money in nor the member's assets.
    const coupon = within(takings).getByText("Group-buy coupon").closest("tr");
    expect(coupon).not.toBeNull();
    expect(within(coupon as HTMLElement).getByText("Group-buy (the platform settles)")).toBeInTheDocument();
    const revenue = screen.getByTestId("revenue");
    expect(within(revenue).getByText("¥380.00")).toBeInTheDocument();
    expect(within(revenue).getByText("¥300.00")).toBeInTheDocument();
    const sales = screen.getByRole("table", { name: "Sales by kind" });
    expect(within(sales).getByText("Package sessions used (at list price)")).toBeInTheDocument();
    // Gross, what refunds gave back, and net, side by side; the same card sales in the cards.
    const row = (table: HTMLElement, label: string) =>
      Array.from(
        within(table).getByText(label).closest("tr")?.querySelectorAll("td") ?? [],
        (cell) => cell.textContent,
      );
    expect(row(takings, "Cash")).toEqual(["Cash", "2", "¥400.00", "¥50.00", "¥350.00", "Money in"]);
    expect(row(sales, "Products")).toEqual(["Products", "2", "2", "¥130.00", "¥50.00", "¥80.00"]);
    expect(row(sales, "Total")).toEqual(["Total", "", "", "¥730.00", "¥50.00", "¥680.00"]);
    const cards = screen.getByRole("table", { name: "Cards sold and consumed" });
    expect(row(cards, "Cards sold (orders)")?.slice(1, 5)).toEqual(row(sales, "Cards sold")?.slice(2, 6));
    expect(within(screen.getByTestId("revenue")).getByText("Revenue, net of refunds")).toBeInTheDocument();
    expect(server.callsTo("GET /rest/daily/preview")[0]?.query.get("date")).toBe(DAY);
  });

  it("shows the day's clearing with other stores, read for the page's day and store", async () => {
    const server = fakeServer({
      "GET /rest/daily/preview": () => ok(figures()),
      "GET /rest/settlement/dayClearing": () =>
        ok({ date: DAY, net: "-120.50", owedToStore: "80.00", owedByStore: "200.50", entries: 3 }),
    });
    render_(<DailyClosingPage search={`?date=${DAY}`} />);
    const clearing = await screen.findByTestId("day-clearing");
    expect(within(clearing).getByText("¥80.00")).toBeInTheDocument();
    expect(within(clearing).getByText("¥200.50")).toBeInTheDocument();
    expect(within(clearing).getByText("-¥120.50")).toBeInTheDocument();
    expect(within(clearing).getByText("3")).toBeInTheDocument();
    const [call] = server.callsTo("GET /rest/settlement/dayClearing");
    expect([call?.query.get("date"), call?.query.get("storeId")]).toEqual([DAY, "10"]);
  });

  it.each([
    ["refused", () => ({ status: 403, errcode: "AUTH-40300", errmsg: "no permission" })],
    ["empty", () => ok({ date: DAY, net: "0.00", owedToStore: "0.00", owedByStore: "0.00", entries: 0 })],
  ])("shows no clearing when the call is %s, and no notice", async (_, answer) => {
    const server = fakeServer({
      "GET /rest/daily/preview": () => ok(figures()),
      "GET /rest/settlement/dayClearing": answer,
    });
    render_(<DailyClosingPage search={`?date=${DAY}`} />);
    await screen.findByTestId("revenue");
    await waitFor(() => expect(server.callsTo("GET /rest/settlement/dayClearing")).toHaveLength(1));
    expect(screen.queryByTestId("day-clearing")).not.toBeInTheDocument();
    expect(screen.queryByText("Clearing with other stores")).not.toBeInTheDocument();
    expect(noticeTexts()).toEqual([]);
  });

  it("needs a reason for a cash difference, confirms, then closes once with a key", async () => {
    let closed = false;
    const server = fakeServer({
      "GET /rest/daily/preview": () => ok(figures(closed ? { closing: closing() } : {})),
      "POST /rest/daily/close": () => {
        closed = true;
        return { status: 201, data: closing(), errmsg: "the day is closed" };
      },
    });
    render_(<DailyClosingPage search={`?date=${DAY}`} />);
    fireEvent.change(await screen.findByLabelText(/Cash counted/), { target: { value: "340" } });
    expect(screen.getByTestId("cash-difference")).toHaveTextContent("-¥10.00");
    fireEvent.click(screen.getByRole("button", { name: "Close the day" }));
    expect(
      await screen.findByText("The cash counted differs from the cash expected: please give the reason"),
    ).toBeInTheDocument();
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    fireEvent.change(screen.getByLabelText(/Reason for the difference/), { target: { value: "change given twice" } });
    fireEvent.click(screen.getByRole("button", { name: "Close the day" }));
    const dialog = await screen.findByRole("dialog", { name: "Close the day?" });
    expect(within(dialog).getByText(/difference -¥10.00/)).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole("button", { name: "Yes" }));
    expect(await screen.findByText("This day is closed.")).toBeInTheDocument();
    const [call] = server.callsTo("POST /rest/daily/close");
    expect(call?.body).toEqual({ date: DAY, cashCounted: "340", differenceReason: "change given twice" });
    expect(call?.headers.get("Idempotency-Key")).toBeTruthy();
    expect(server.callsTo("POST /rest/daily/close")).toHaveLength(1);
  });

  it("refuses an amount that is not money before any call", async () => {
    const server = fakeServer({ "GET /rest/daily/preview": () => ok(figures()) });
    render_(<DailyClosingPage search={`?date=${DAY}`} />);
    fireEvent.change(await screen.findByLabelText(/Cash counted/), { target: { value: "12.345" } });
    fireEvent.click(screen.getByRole("button", { name: "Close the day" }));
    expect(await screen.findByText("Enter an amount of 0 or more with at most 2 decimal places")).toBeInTheDocument();
    expect(server.callsTo("POST /rest/daily/close")).toHaveLength(0);
  });

  it("blocks closing while provider payments are pending and lists them", async () => {
    fakeServer({
      "GET /rest/daily/preview": () =>
        ok(
          figures({
            pending: {
              count: 1,
              amount: "60.00",
              tenders: [
                {
                  tenderId: 9,
                  orderNo: "SO202611240001",
                  method: "wechat",
                  amount: "60.00",
                  createdAt: "2026-11-24T15:00:00+08:00",
                },
              ],
            },
          }),
        ),
    });
    render_(<DailyClosingPage search={`?date=${DAY}`} />);
    expect(await screen.findByText("SO202611240001")).toBeInTheDocument();
    expect(screen.getByText(/Provider payments of the day are still pending/)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Close the day" })).toBeDisabled();
  });

  it("shows the day's refunds by tender and blocks closing while a provider refund is pending", async () => {
    fakeServer({
      "GET /rest/daily/preview": () =>
        ok(
          figures({
            refunds: {
              count: 2,
              amount: "80.00",
              methods: [{ method: "cash", label: "cash", count: 1, amount: "20.00" }],
              pending: {
                count: 1,
                amount: "30.00",
                tenders: [
                  {
                    refundNo: "RF2026112400000007",
                    orderNo: "SO202611240001",
                    method: "wechat",
                    amount: "30.00",
                    createdAt: "2026-11-24T16:00:00+08:00",
                  },
                ],
              },
              failed: { count: 1, amount: "30.00" },
            },
          }),
        ),
    });
    render_(<DailyClosingPage search={`?date=${DAY}`} />);
    const table = await screen.findByRole("table", { name: "Refunds" });
    expect(within(table).getByText("Cash")).toBeInTheDocument();
    expect(within(table).getByText("¥20.00")).toBeInTheDocument();
    const pending = screen.getByRole("table", { name: "Pending provider refunds" });
    expect(within(pending).getByText("RF2026112400000007")).toBeInTheDocument();
    expect(within(pending).getByText("WeChat Pay")).toBeInTheDocument();
    expect(screen.getByText(/1 provider refund\(s\) refused, ¥30.00/)).toBeInTheDocument();
    expect(screen.getByText(/Provider refunds of the day are still waiting/)).toBeInTheDocument();
    expect(screen.queryByText(/Provider payments of the day are still pending/)).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Close the day" })).toBeDisabled();
  });

  it("shows the reconciliation differences of the day, in Chinese too", async () => {
    const difference = {
      provider: "wechat",
      kind: "amount_differs",
      kindName: "the amounts differ",
      outTradeNo: "P2026112400AB",
      outRefundNo: "",
      ours: "10.00",
      theirs: "9.00",
    };
    fakeServer({ "GET /rest/daily/preview": () => ok(figures({ reconciliation: [difference] })) });
    render_(<DailyClosingPage search={`?date=${DAY}`} />);
    const table = await screen.findByRole("table", { name: "Reconciliation with the providers" });
    expect(within(table).getByText("P2026112400AB")).toBeInTheDocument();
    expect(within(table).getByText("The amounts differ")).toBeInTheDocument();
    expect(within(table).getByText("¥9.00")).toBeInTheDocument();
    expect(screen.getByText("No refunds on this day.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Close the day" })).toBeEnabled();
    await i18n.changeLanguage("zh-hans");
    expect(await screen.findByRole("table", { name: "与支付平台对账" })).toBeInTheDocument();
    expect(screen.getByText("金额不一致")).toBeInTheDocument();
  });

  it("shows a failure with a retry, then the figures", async () => {
    let fail = true;
    fakeServer({
      "GET /rest/daily/preview": () =>
        fail ? { status: 400, errcode: "VALID-40000", errmsg: "please choose a role at a store first" } : ok(figures()),
    });
    render_(<DailyClosingPage search={`?date=${DAY}`} />);
    expect(screen.getByRole("status")).toBeInTheDocument();
    expect(await screen.findByText("please choose a role at a store first")).toBeInTheDocument();
    fail = false;
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("table", { name: "Takings by tender" })).toBeInTheDocument();
  });

  it("lists what is still open and closes only once each is carried over with its reason", async () => {
    const server = fakeServer({
      "GET /rest/daily/preview": () => ok(figures({ openItems: [UNPAID, ARRIVED] })),
      "POST /rest/daily/close": () => ({ status: 201, data: closing(), errmsg: "the day is closed" }),
    });
    render_(<DailyClosingPage search={`?date=${DAY}`} />);
    const open = await screen.findByRole("table", { name: "Still open" });
    expect(within(open).getByRole("link", { name: "SO2026112400000031 王芳" })).toHaveAttribute(
      "href",
      "/payment?orderId=31",
    );
    expect(within(open).getByText("Arrived, not billed")).toBeInTheDocument();
    expect(within(open).getByText("¥120.00")).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText(/Cash counted/), { target: { value: "350" } });
    fireEvent.click(screen.getByRole("button", { name: "Close the day" }));
    expect(await screen.findByText(/Settle or carry over \(with its reason\) each item/)).toBeInTheDocument();
    expect(within(open).getAllByText("Settle it or carry it over")).toHaveLength(2);
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole("checkbox", { name: "Carry over SO2026112400000031 王芳" }));
    fireEvent.click(screen.getByRole("checkbox", { name: "Carry over 14:00 陈晓" }));
    const [orderReason, visitReason] = screen.getAllByLabelText(/Reason for carrying over/);
    fireEvent.change(orderReason as HTMLElement, { target: { value: "pays tomorrow" } });
    fireEvent.click(screen.getByRole("button", { name: "Close the day" }));
    expect(await screen.findByText("Please give the reason for carrying it over")).toBeInTheDocument();
    fireEvent.change(visitReason as HTMLElement, { target: { value: "left before the service" } });
    fireEvent.click(screen.getByRole("button", { name: "Close the day" }));
    const dialog = await screen.findByRole("dialog", { name: "Close the day?" });
    expect(dialog).toHaveTextContent("2 open item(s) are carried over with their reasons.");
    fireEvent.click(within(dialog).getByRole("button", { name: "Yes" }));
    await waitFor(() => expect(server.callsTo("POST /rest/daily/close")).toHaveLength(1));
    expect(server.callsTo("POST /rest/daily/close")[0]?.body).toEqual({
      date: DAY,
      cashCounted: "350",
      carryOver: [
        { kind: "order", ref: "31", reason: "pays tomorrow" },
        { kind: "reservation", ref: "8", reason: "left before the service" },
      ],
    });
  });

  it("never offers to carry over a provider payment on its way", async () => {
    const waiting = {
      ...UNPAID,
      kind: "providerPayment",
      ref: "4",
      carriable: false,
      detail: "WeChat Pay since 15:00",
    };
    const server = fakeServer({ "GET /rest/daily/preview": () => ok(figures({ openItems: [waiting] })) });
    render_(<DailyClosingPage search={`?date=${DAY}`} />);
    const row = await screen.findByTestId("open-item-providerPayment:4");
    expect(within(row).getByText(/it cannot be carried over/)).toBeInTheDocument();
    expect(within(row).queryByRole("checkbox")).not.toBeInTheDocument();
    fireEvent.change(screen.getByLabelText(/Cash counted/), { target: { value: "350" } });
    fireEvent.click(screen.getByRole("button", { name: "Close the day" }));
    expect(await screen.findByText(/Settle or carry over/)).toBeInTheDocument();
    expect(server.callsTo("POST /rest/daily/close")).toHaveLength(0);
  });

  it("shows what the closing carried over and lets a principal ask the owner to reopen the day", async () => {
    const carried = {
      kind: "order",
      ref: "31",
      title: "SO2026112400000031 王芳",
      amount: "120.00",
      reason: "pays tomorrow",
      carriedTo: "2026-11-25",
    };
    let asked = false;
    const request = {
      requestId: 12,
      closingId: 5,
      date: DAY,
      reason: "a sale was not rung up",
      status: "pending",
      applicantName: "李静",
      createdAt: "2026-11-24T21:30:00+08:00",
    };
    const server = fakeServer({
      "GET /rest/daily/preview": () =>
        ok(figures({ closing: closing({ carriedOver: [carried] }), reopenAsked: asked ? request : null })),
      "POST /rest/daily/askReopen": () => {
        asked = true;
        return { status: 201, data: request, errmsg: "sent to the owner for approval" };
      },
    });
    render_(<DailyClosingPage search={`?date=${DAY}`} />);
    const table = await screen.findByRole("table", { name: "Carried over" });
    expect(within(table).getByText("SO2026112400000031 王芳 (moved into 2026-11-25)")).toBeInTheDocument();
    expect(within(table).getByText("pays tomorrow")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Reopen" })).not.toBeInTheDocument();
    expect(screen.getByText(/Only the owner reopens a closed day/)).toBeInTheDocument();

    fireEvent.click(screen.getByRole("button", { name: "Ask the owner to reopen" }));
    const dialog = await screen.findByRole("dialog", { name: `Ask the owner to reopen ${DAY}` });
    fireEvent.click(within(dialog).getByRole("button", { name: "Send to the owner" }));
    expect(await within(dialog).findByText("Please enter the reason")).toBeInTheDocument();
    expect(server.callsTo("POST /rest/daily/askReopen")).toHaveLength(0);
    fireEvent.change(within(dialog).getByLabelText(/Reason/), { target: { value: "a sale was not rung up" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Send to the owner" }));
    await waitFor(() => expect(server.callsTo("POST /rest/daily/askReopen")).toHaveLength(1));
    const [call] = server.callsTo("POST /rest/daily/askReopen");
    expect(call?.body).toEqual({ date: DAY, reason: "a sale was not rung up" });
    expect(call?.headers.get("Idempotency-Key")).toBeTruthy();
    expect(await screen.findByTestId("reopen-asked")).toHaveTextContent(
      /李静 asked the owner to reopen this day .*\(a sale was not rung up\): waiting for the owner's decision/,
    );
    expect(screen.queryByRole("button", { name: "Ask the owner to reopen" })).not.toBeInTheDocument();
  });

  it("lets the owner reopen the closed day from the page", async () => {
    signIn([BTN_DAY_REOPEN]);
    const server = fakeServer({
      "GET /rest/daily/preview": () => ok(figures({ closing: closing() })),
      "POST /rest/daily/reopen": () => ok(closing({ status: "reopened" }), "the day is open again"),
    });
    render_(<DailyClosingPage search={`?date=${DAY}`} />);
    fireEvent.click(await screen.findByRole("button", { name: "Reopen" }));
    expect(screen.queryByRole("button", { name: "Ask the owner to reopen" })).not.toBeInTheDocument();
    const dialog = await screen.findByRole("dialog", { name: `Reopen ${DAY}?` });
    fireEvent.change(within(dialog).getByLabelText(/Reason/), { target: { value: "a sale was missed" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Reopen" }));
    await waitFor(() => expect(server.callsTo("POST /rest/daily/reopen")).toHaveLength(1));
    expect(server.callsTo("POST /rest/daily/reopen")[0]?.body).toEqual({ closingId: 5, reason: "a sale was missed" });
  });

  it("speaks Chinese", async () => {
    await i18n.changeLanguage("zh-hans");
    fakeServer({ "GET /rest/daily/preview": () => ok(figures({ closing: closing() })) });
    render_(<DailyClosingPage search={`?date=${DAY}`} />);
    expect(await screen.findByText("该营业日已日结。")).toBeInTheDocument();
    expect(screen.getAllByText("应有现金").length).toBeGreaterThan(0);
    expect(screen.getByText("收款与营收")).toBeInTheDocument();
  });
});

describe("DailyClosingHistoryPage", () => {
  const routes = (
    list = [
      closing(),
      closing({
        closingId: 4,
        status: "reopened",
        reopenedBy: "SY00001",
        reopenedAt: "2026-11-24T22:00:00+08:00",
        reopenReason: "missed a sale",
      }),
    ],
  ): Routes => ({
    "GET /rest/daily/history": () => ok({ list, total: list.length }),
  });

  it("lists the closings without a reopen button for a role without the owner's code", async () => {
    fakeServer(routes());
    render_(<DailyClosingHistoryPage />);
    expect(await screen.findByTestId("closing-row-5")).toBeInTheDocument();
    expect(screen.getByText(/missed a sale/)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Reopen" })).not.toBeInTheDocument();
  });

  it("lets an owner reopen an active closing with a reason after confirming", async () => {
    signIn([BTN_DAY_REOPEN]);
    const server = fakeServer({
      ...routes(),
      "POST /rest/daily/reopen": () => ok(closing({ status: "reopened" }), "the day is open again"),
    });
    render_(<DailyClosingHistoryPage />);
    const row = await screen.findByTestId("closing-row-5");
    expect(within(screen.getByTestId("closing-row-4")).queryByRole("button")).not.toBeInTheDocument();
    fireEvent.click(within(row).getByRole("button", { name: "Reopen" }));
    const dialog = await screen.findByRole("dialog", { name: `Reopen ${DAY}?` });
    fireEvent.click(within(dialog).getByRole("button", { name: "Reopen" }));
    expect(await within(dialog).findByText("Please enter the reason")).toBeInTheDocument();
    expect(server.callsTo("POST /rest/daily/reopen")).toHaveLength(0);
    fireEvent.change(within(dialog).getByLabelText(/Reason/), { target: { value: "a sale was not rung up" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Reopen" }));
    await waitFor(() => expect(server.callsTo("POST /rest/daily/reopen")).toHaveLength(1));
    const [call] = server.callsTo("POST /rest/daily/reopen");
    expect(call?.body).toEqual({ closingId: 5, reason: "a sale was not rung up" });
    expect(call?.headers.get("Idempotency-Key")).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });

  it("shows the empty state", async () => {
    fakeServer(routes([]));
    render_(<DailyClosingHistoryPage />);
    expect(await screen.findByText("No closings yet.")).toBeInTheDocument();
  });
});

describe("DailyReportPage and DailyPerformancePage", () => {
  it("prints the report with the closing and revenue apart from takings", async () => {
    fakeServer({ "GET /rest/daily/preview": () => ok(figures({ closing: closing() })) });
    const print = vi.fn();
    vi.stubGlobal("print", print);
    render_(<DailyReportPage search={`?date=${DAY}`} />);
    expect(await screen.findByText("change given twice")).toBeInTheDocument();
    expect(screen.getByText("Revenue, net of refunds")).toBeInTheDocument();
    expect(screen.getByText("Cards sold and topped up (still owed)")).toBeInTheDocument();
    expect(screen.getByText("Returned (refunded goods, services and sessions)")).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Refunds" })).toBeInTheDocument();
    expect(screen.getByText("No differences with the providers' bills.")).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "Print" }));
    expect(print).toHaveBeenCalledTimes(1);
  });

  it("shows each employee's shares by kind with the sums", async () => {
    fakeServer({ "GET /rest/daily/preview": () => ok(figures()) });
    render_(<DailyPerformancePage search={`?date=${DAY}`} />);
    const table = await screen.findByRole("table", { name: "Staff shares of the day" });
    const rows = within(table).getAllByRole("row");
    expect(within(rows[1] as HTMLElement).getByText("张敏")).toBeInTheDocument();
    const sums = rows.at(-1) as HTMLElement;
    expect(within(sums).getByText("¥90.05")).toBeInTheDocument();
    expect(within(sums).getByText("¥500.05")).toBeInTheDocument();
  });

  it("shows the empty state of a day without credits", async () => {
    fakeServer({ "GET /rest/daily/preview": () => ok(figures({ staff: [] })) });
    render_(<DailyPerformancePage search={`?date=${DAY}`} />);
    expect(await screen.findByText("No staff credits on this day.")).toBeInTheDocument();
  });
});
