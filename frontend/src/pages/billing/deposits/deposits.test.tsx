import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { amountError, applicableAmount } from "../../../api/deposits";
import { i18n } from "../../../i18n";
import { AppProviders } from "../../../islands/mount";
import { queryClient } from "../../../islands/queryClient";
import { fakeServer, ok } from "../../../shell/testing/fakeServer";
import { sessionInfo } from "../../../test/fixtures";
import { dismissAllNotices } from "../../../test/notices";
import { DepositRecordPage, recordRangeError } from "./DepositRecordPage";
import { DepositPage } from "./DepositPage";
import { DepositListPage } from "./DepositListPage";
import { DepositRefundPage } from "./DepositRefundPage";
import { DepositTakePage } from "./DepositTakePage";
import { PaymentPage } from "../till/PaymentPage";

function deposit(overrides: Record<string, unknown> = {}) {
  return {
    depositId: 5,
    depositNo: "DJ2026112400000005",
    storeId: 10,
    memberId: 1,
    memberName: "王芳",
    phone: "139****5678",
    orderId: 40,
    orderNo: "SO2026112400000040",
    status: "partlyUsed",
    statusName: "partly used",
    amount: "500.00",
    applied: "200.00",
    refunded: "0.00",
    left: "300.00",
    remark: "",
    operatorName: "cashier",
    createdAt: "2026-11-24T10:00:00+08:00",
    takenAt: "2026-11-24T10:01:00+08:00",
    ...overrides,
  };
}

function entry(overrides: Record<string, unknown> = {}) {
  return {
    entryId: 1,
    depositId: 5,
    depositNo: "DJ2026112400000005",
    memberName: "王芳",
    phone: "139****5678",
    kind: "taken",
    kindName: "taken",
    change: "500.00",
    left: "500.00",
    orderId: 40,
    orderNo: "SO2026112400000040",
    refundId: null,
    refundNo: "",
    businessDate: "2026-11-24",
    operatorName: "cashier",
    createdAt: "2026-11-24T10:01:00+08:00",
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

describe("deposit rules", () => {
  it("applies at most what is left and what is due, and checks amounts", () => {
    expect(applicableAmount("300.00", "120.50")).toBe("120.50");
    expect(applicableAmount("80.00", "120.50")).toBe("80.00");
    expect(amountError("80", "80.00")).toBeNull();
    expect(amountError("80.01", "80.00")).toBe("errors.tooMuch");
    expect(amountError("0", "80.00")).toBe("errors.amount");
    expect(amountError("1.234", "80.00")).toBe("errors.amount");
    expect(recordRangeError("", "")).toBe("errors.startRequired");
    expect(recordRangeError("2026-11-01", "")).toBe("errors.endRequired");
    expect(recordRangeError("2026-11-02", "2026-11-01")).toBe("errors.endBeforeStart");
    expect(recordRangeError("2026-11-01", "2026-11-02")).toBeNull();
  });
});

describe("DepositListPage (/stoIntention)", () => {
  it("lists the store's deposits with what is left, and links to pay, refund and details", async () => {
    const server = fakeServer({
      "GET /rest/intention/list": () =>
        ok({ list: [deposit(), deposit({ depositId: 6, status: "unpaid", orderId: 41, left: "0.00" })], total: 2 }),
    });
    render_(<DepositListPage />);
    const row = await screen.findByTestId("deposit-row-5");
    expect(within(row).getByText("¥300.00")).toBeInTheDocument();
    expect(within(row).getByText("Partly used")).toBeInTheDocument();
    expect(within(row).getByTestId("refund-5")).toHaveAttribute("href", "/refundIntention?depositId=5");
    expect(screen.getByTestId("pay-6")).toHaveAttribute("href", "/payment?orderId=41");
    expect(screen.queryByTestId("refund-6")).not.toBeInTheDocument();
    expect(screen.getByTestId("take-deposit")).toHaveAttribute("href", "/payIntentionMent");
    fireEvent.change(screen.getByLabelText("Phone, name or deposit number"), { target: { value: " 13912345678 " } });
    fireEvent.click(screen.getByRole("button", { name: "Search" }));
    await waitFor(() =>
      expect(server.callsTo("GET /rest/intention/list").at(-1)?.query.get("keyword")).toBe("13912345678"),
    );
  });

  it("shows the empty list, and speaks Chinese", async () => {
    await i18n.changeLanguage("zh-hans");
    fakeServer({ "GET /rest/intention/list": () => ok({ list: [], total: 0 }) });
    render_(<DepositListPage />);
    expect(await screen.findByText("没有符合条件的意向金。")).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "意向金" })).toBeInTheDocument();
  });
});

describe("DepositTakePage (/payIntentionMent)", () => {
  it("asks for a member and an amount, takes the deposit once and goes to pay its order", async () => {
    const navigate = vi.fn();
    const server = fakeServer({
      "GET /rest/member/search": () =>
        ok([
          {
            memId: 1,
            name: "Alice",
            phone: "138****5678",
            areaCode: "0086",
            crmCode: "M1",
            dependencyStore: "Store A",
            dependencyStoreId: 10,
            myself: true,
          },
        ]),
      "POST /rest/intention/take": () =>
        ok({ deposit: deposit({ status: "unpaid", left: "0.00" }), orderId: 40 }, "saved"),
    });
    render_(<DepositTakePage navigate={navigate} />);
    fireEvent.click(screen.getByTestId("deposit-take"));
    expect(await screen.findByText("Please choose a member first")).toBeInTheDocument();
    expect(screen.getByText("Please enter an amount above 0 with at most two decimal places")).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "Choose member" }));
    const dialog = await screen.findByRole("dialog", { name: "Find a member" });
    fireEvent.change(within(dialog).getByLabelText("Name"), { target: { value: "Alice" } });
    fireEvent.submit(within(dialog).getByLabelText("Name"));
    fireEvent.click(await within(dialog).findByText("Alice"));
    fireEvent.click(within(dialog).getByRole("button", { name: "Select" }));
    fireEvent.change(screen.getByTestId("deposit-amount"), { target: { value: "500" } });
    fireEvent.click(screen.getByTestId("deposit-take"));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith("/payment?orderId=40"));
    const calls = server.callsTo("POST /rest/intention/take");
    expect(calls).toHaveLength(1);
    expect(calls[0]?.body).toEqual({ memId: 1, amount: "500", remark: "" });
    expect(calls[0]?.headers.get("Idempotency-Key")).toBeTruthy();
  });
});

describe("DepositRefundPage (/refundIntention)", () => {
  beforeEach(() => window.history.replaceState(null, "", "/refundIntention?depositId=5"));

  it("refunds what is left after a confirmation, never more, with a reason", async () => {
    const server = fakeServer({
      "GET /rest/intention/detail": () => ok({ ...deposit(), entries: [], orders: [] }),
      "POST /rest/intention/refund": () =>
        ok(
          {
            deposit: deposit({ status: "refunded", left: "0.00", refunded: "300.00" }),
            refund: { refundNo: "RF2026112400000001", amount: "300.00" },
          },
          "refunded",
        ),
    });
    render_(<DepositRefundPage />);
    const amount = await screen.findByTestId("refund-amount");
    expect(amount).toHaveValue("300.00");
    fireEvent.change(amount, { target: { value: "300.01" } });
    expect(screen.getByText("At most 300.00")).toBeInTheDocument();
    fireEvent.change(amount, { target: { value: "300" } });
    fireEvent.click(screen.getByTestId("refund-submit"));
    expect(await screen.findByText("Please give a reason")).toBeInTheDocument();
    fireEvent.change(screen.getByTestId("refund-reason"), { target: { value: "moved away" } });
    fireEvent.click(screen.getByTestId("refund-submit"));
    const dialog = await screen.findByRole("dialog", { name: "Refund this deposit?" });
    fireEvent.click(within(dialog).getByTestId("refund-confirm"));
    expect(await screen.findByTestId("refund-done")).toHaveTextContent("RF2026112400000001");
    const calls = server.callsTo("POST /rest/intention/refund");
    expect(calls).toHaveLength(1);
    expect(calls[0]?.body).toEqual({ depositId: 5, amount: "300", reason: "moved away" });
    expect(calls[0]?.headers.get("Idempotency-Key")).toBeTruthy();
  });

  it("says when the refund was sent for the owner's approval (202)", async () => {
    fakeServer({
      "GET /rest/intention/detail": () => ok({ ...deposit(), entries: [], orders: [] }),
      "POST /rest/intention/refund": () => ({
        status: 202,
        errmsg: "sent to the owner for approval",
        data: { approvalId: 3, status: "waiting", amount: "300.00" },
      }),
    });
    render_(<DepositRefundPage />);
    fireEvent.change(await screen.findByTestId("refund-reason"), { target: { value: "x" } });
    fireEvent.click(screen.getByTestId("refund-submit"));
    fireEvent.click(within(await screen.findByRole("dialog")).getByTestId("refund-confirm"));
    const asked = await screen.findByTestId("refund-asked");
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(within(asked).getByRole("link", { name: "The approval" })).toHaveAttribute("href", "/approvalCenter?id=3");
  });

  it("shows the server's refusal", async () => {
    fakeServer({
      "GET /rest/intention/detail": () => ok({ ...deposit(), entries: [], orders: [] }),
      "POST /rest/intention/refund": () => ({
        status: 409,
        errcode: "DEP-40901",
        errmsg: "more than is left of the intention deposit",
      }),
    });
    render_(<DepositRefundPage />);
    fireEvent.change(await screen.findByTestId("refund-reason"), { target: { value: "x" } });
    fireEvent.click(screen.getByTestId("refund-submit"));
    fireEvent.click(within(await screen.findByRole("dialog")).getByTestId("refund-confirm"));
    expect(await screen.findByText("more than is left of the intention deposit")).toBeInTheDocument();
  });
});

describe("DepositPage (/payIntentionDetail)", () => {
  beforeEach(() => window.history.replaceState(null, "", "/payIntentionDetail?depositId=5"));

  it("shows the deposit, its ledger and the orders it paid", async () => {
    fakeServer({
      "GET /rest/intention/detail": () =>
        ok({
          ...deposit(),
          entries: [
            entry(),
            entry({ entryId: 2, kind: "applied", change: "-200.00", left: "300.00", orderId: 50, orderNo: "SO50" }),
          ],
          orders: [{ orderId: 50, orderNo: "SO50", amount: "200.00", at: "2026-11-24T11:00:00+08:00" }],
        }),
    });
    render_(<DepositPage />);
    expect(await screen.findByTestId("entry-2")).toHaveTextContent("-¥200.00");
    expect(screen.getByRole("link", { name: "SO50" })).toHaveAttribute("href", "/orderDetails?orderId=50");
    expect(screen.getByRole("link", { name: "Refund" })).toHaveAttribute("href", "/refundIntention?depositId=5");
  });
});

describe("DepositRecordPage (/depositRecord)", () => {
  it("needs the date range (spec §5), then lists with the totals", async () => {
    const server = fakeServer({
      "GET /rest/depositRecord/list": () =>
        ok({
          list: [deposit()],
          total: 1,
          summary: { count: 1, taken: "500.00", applied: "200.00", refunded: "0.00", held: "300.00" },
        }),
    });
    render_(<DepositRecordPage />);
    expect(screen.getByText("Choose the start and end dates, then search.")).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "Search" }));
    expect(await screen.findByText("please enter start time")).toBeInTheDocument();
    expect(server.callsTo("GET /rest/depositRecord/list")).toHaveLength(0);
  });
});

describe("PaymentPage: use deposit", () => {
  beforeEach(() => window.history.replaceState(null, "", "/payment?orderId=7&memId=1"));

  it("pays part of the order from the member's deposit, at most what is due", async () => {
    const price = {
      orderId: 7,
      orderNo: "SO7",
      status: "unpaid",
      total: "120.00",
      discount: "0.00",
      payable: "120.00",
      paid: "0.00",
      due: "120.00",
      discounts: [],
      lines: [
        {
          orderLineId: 1,
          type: "product",
          itemId: 30,
          name: "Serum",
          qty: 1,
          unitPrice: "120.00",
          total: "120.00",
          discount: "0.00",
          amount: "120.00",
          cardId: null,
          discounts: [],
        },
      ],
    };
    const server = fakeServer({
      "GET /rest/pay/detailPrice/7": () => ok(price),
      "GET /rest/pay/signStatus/7": () => ok({ required: false, signed: false }),
      "GET /rest/intention/memberDeposits": () => ok([deposit()]),
      "POST /rest/intention/apply": () =>
        ok(
          {
            deposit: deposit({ left: "180.00" }),
            payment: { orderId: 7, status: "partlyPaid", paid: "100.00", due: "20.00", change: "0.00", tenders: [] },
          },
          "paid",
        ),
    });
    render_(<PaymentPage />);
    fireEvent.click(await screen.findByTestId("use-deposit"));
    const dialog = await screen.findByRole("dialog", { name: "Use deposit" });
    const amount = within(dialog).getByTestId("use-deposit-amount");
    expect(amount).toHaveValue("120.00");
    fireEvent.change(amount, { target: { value: "100" } });
    fireEvent.click(within(dialog).getByTestId("use-deposit-confirm"));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Use deposit" })).not.toBeInTheDocument());
    const calls = server.callsTo("POST /rest/intention/apply");
    expect(calls[0]?.body).toEqual({ orderId: 7, depositId: 5, amount: "100" });
    expect(calls[0]?.headers.get("Idempotency-Key")).toBeTruthy();
    expect(await screen.findByText(/due ¥20.00/)).toBeInTheDocument();
  });
});
