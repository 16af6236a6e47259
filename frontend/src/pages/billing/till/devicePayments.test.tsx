import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { i18n } from "../../../i18n";
import { queryClient } from "../../../islands/queryClient";
import { resendable } from "../../../api/terminalRefunds";
import { fakeServer, ok, type Routes } from "../../../shell/testing/fakeServer";
import { sessionInfo } from "../../../test/fixtures";
import { dismissAllNotices } from "../../../test/notices";
import { PaymentPage } from "./PaymentPage";
import { providerTender } from "./ProviderTender";
import { RefundDetailPage } from "../refunds/RefundDetailPage";
import { QR, chooseProvider, orderPrice, paymentAnswer, renderInApp as render_, tenderRow } from "./paymentTesting";

const NEW_QR =
  "data:image/svg+xml;charset=utf-8,%3Csvg%20xmlns%3D%27http%3A%2F%2Fwww.w3.org%2F2000%2Fsvg%27%20id%3D%27n%27%2F%3E";
const PAST = "2020-01-01T00:00:00+08:00";
const FUTURE = "2099-01-01T00:00:00+08:00";

const price = () => orderPrice();
const row = (overrides: Record<string, unknown> = {}) =>
  tenderRow({ method: "box", terminalId: "B01", mode: "code", ...overrides });
const payment = (tenders: Record<string, unknown>[], overrides: Record<string, unknown> = {}) =>
  paymentAnswer(tenders, { pending: "60.00", ...overrides });

const routes: Routes = {
  "GET /rest/pay/detailPrice/7": () => ok(price()),
  "GET /rest/pay/signStatus/7": () => ok({ required: false, signed: false }),
  "GET /rest/pay/boxList": () =>
    ok([
      { terminalId: "B01", name: "Counter box", storeCode: "S001", online: true },
      { terminalId: "B03", name: "Upstairs box", storeCode: "S001", online: false },
    ]),
};

async function confirmPay() {
  fireEvent.click(screen.getByRole("button", { name: "Pay" }));
  fireEvent.click(
    within(await screen.findByRole("dialog", { name: "Confirm the payment" })).getByRole("button", {
      name: "Confirm and pay",
    }),
  );
  await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
}

beforeEach(() => {
  window.localStorage.setItem("erp.session", JSON.stringify(sessionInfo({ menu: ["ERP-KDJC-PAG-0003-0000"] })));
  window.history.replaceState(null, "", "/payment?orderId=7");
});

afterEach(async () => {
  queryClient.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  window.localStorage.clear();
  dismissAllNotices();
  await i18n.changeLanguage("en");
});

describe("the payment box", () => {
  it("sends the box tender with the chosen box, never a scanned code", () => {
    expect(providerTender({ method: "box", amount: "5", authCode: "1345", terminalId: "B02" })).toEqual({
      method: "box",
      amount: "5",
      terminalId: "B02",
    });
    expect(providerTender({ method: "box", amount: "5", authCode: "", terminalId: "" })).toEqual({
      method: "box",
      amount: "5",
    });
  });

  it("lists the store's boxes, waits for the customer's code at the box and shows the wallet paid with", async () => {
    let paid = false;
    const server = fakeServer({
      ...routes,
      "POST /rest/pay/excute": () => ok(payment([row()])),
      "GET /rest/pay/tenderStatus/31": () => {
        const tender = row(paid ? { status: "succeeded", message: "alipay" } : {});
        return ok({ tender, order: payment([tender], paid ? { status: "paid", pending: "0.00" } : {}) });
      },
    });
    render_(<PaymentPage />);
    await chooseProvider("Payment box");
    fireEvent.change(screen.getByLabelText("Amount through the provider"), { target: { value: "60" } });
    fireEvent.mouseDown(screen.getByLabelText("Payment box"));
    const options = await screen.findByRole("listbox");
    expect((await within(options).findByText("Upstairs box (B03, offline)")).closest("li")).toHaveAttribute(
      "aria-disabled",
      "true",
    );
    fireEvent.click(within(options).getByText("Counter box (B01)"));
    expect(screen.queryByLabelText("Customer's payment code")).not.toBeInTheDocument(); // the box reads it
    await confirmPay();
    expect(
      await screen.findByText("The payment box (B01) shows the amount and is waiting for the customer's payment code."),
    ).toBeInTheDocument();
    expect(server.callsTo("POST /rest/pay/excute")[0]?.body).toEqual({
      orderId: 7,
      tenders: [{ method: "box", amount: "60", terminalId: "B01" }],
    });
    paid = true;
    await waitFor(() => expect(screen.getByText("Payment box (Alipay) ¥60.00 received.")).toBeInTheDocument());
  }, 15000);

  it("cancels a box payment the customer walked away from, and shows a declined code's reason", async () => {
    const server = fakeServer({
      ...routes,
      "POST /rest/pay/excute": () => ok(payment([row()])),
      "GET /rest/pay/tenderStatus/31": () => ok({ tender: row(), order: payment([row()]) }),
      "POST /rest/pay/cancel/31": () => {
        const tender = row({ status: "failed", message: "closed" });
        return ok({ tender, order: payment([tender], { pending: "0.00" }) }, "saved");
      },
    });
    render_(<PaymentPage />);
    await chooseProvider("Payment box");
    fireEvent.change(screen.getByLabelText("Amount through the provider"), { target: { value: "60" } });
    await confirmPay();
    fireEvent.click(await screen.findByRole("button", { name: "Cancel this payment" }));
    await waitFor(() => expect(screen.getByText("Payment box ¥60.00 was not paid: closed")).toBeInTheDocument());
    expect(server.callsTo("POST /rest/pay/cancel/31")).toHaveLength(1);
  });

  it("says why the box declined, in Chinese too", async () => {
    await i18n.changeLanguage("zh-hans");
    fakeServer({
      ...routes,
      "POST /rest/pay/excute": () => ok(payment([row({ status: "failed", message: "NOTENOUGH: 余额不足" })])),
    });
    render_(<PaymentPage />);
    fireEvent.mouseDown(await screen.findByLabelText("微信、支付宝或刷卡"));
    fireEvent.click(within(await screen.findByRole("listbox")).getByText("支付盒子"));
    fireEvent.change(screen.getByLabelText("支付平台收款金额"), { target: { value: "60" } });
    fireEvent.click(screen.getByRole("button", { name: "收款" }));
    fireEvent.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "确认收款" }));
    expect(await screen.findByText("支付盒子 ¥60.00 未支付成功：NOTENOUGH: 余额不足")).toBeInTheDocument();
  });
});

describe("the QR refresh", () => {
  function qrRow(overrides: Record<string, unknown> = {}) {
    return row({ method: "wechat", mode: "qr", terminalId: "", qrImage: QR, codeUrl: "weixin://a", ...overrides });
  }

  it("shows 'QR expired — refresh' once the QR's expiry passes and shows the new QR it answers", async () => {
    let refreshed = false;
    const server = fakeServer({
      ...routes,
      "POST /rest/pay/excute": () => ok(payment([qrRow({ expiresAt: PAST })])),
      "GET /rest/pay/tenderStatus/31": () => {
        const tender = refreshed ? qrRow({ qrImage: NEW_QR, expiresAt: FUTURE }) : qrRow({ expiresAt: PAST });
        return ok({ tender, order: payment([tender]) });
      },
      "POST /rest/pay/qrRefresh/31": () => {
        refreshed = true;
        const tender = qrRow({ qrImage: NEW_QR, codeUrl: "weixin://b", expiresAt: FUTURE });
        return ok({ tender, order: payment([tender]) }, "saved");
      },
    });
    render_(<PaymentPage />);
    await chooseProvider("WeChat Pay");
    fireEvent.change(screen.getByLabelText("Amount through the provider"), { target: { value: "60" } });
    await confirmPay();
    expect(await screen.findByText("QR expired — refresh it to show the customer a new one.")).toBeInTheDocument();
    expect(screen.queryByAltText("QR code for the customer to scan")).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "Refresh QR" }));
    await waitFor(() => expect(screen.getByAltText("QR code for the customer to scan")).toHaveAttribute("src", NEW_QR));
    expect(server.callsTo("POST /rest/pay/qrRefresh/31")).toHaveLength(1);
    expect(screen.queryByText(/QR expired/)).not.toBeInTheDocument();
  });

  it("offers a new QR before expiry when the customer lost it, and shows a paid-meanwhile tender as paid", async () => {
    fakeServer({
      ...routes,
      "POST /rest/pay/excute": () => ok(payment([qrRow({ expiresAt: FUTURE })])),
      "GET /rest/pay/tenderStatus/31": () => ok({ tender: qrRow({ expiresAt: FUTURE }), order: payment([qrRow()]) }),
      "POST /rest/pay/qrRefresh/31": () => {
        const tender = qrRow({ status: "succeeded", qrImage: "", codeUrl: "" });
        return ok({ tender, order: payment([tender], { status: "paid", pending: "0.00" }) }, "saved");
      },
    });
    render_(<PaymentPage />);
    await chooseProvider("WeChat Pay");
    fireEvent.change(screen.getByLabelText("Amount through the provider"), { target: { value: "60" } });
    await confirmPay();
    expect(await screen.findByAltText("QR code for the customer to scan")).toHaveAttribute("src", QR);
    fireEvent.click(screen.getByRole("button", { name: "The customer lost it: new QR" }));
    // The waiting part shows the end, then the page's own line replaces it: wait for the settled page.
    await waitFor(() => expect(screen.getByText("WeChat Pay ¥60.00 received.")).toBeInTheDocument());
    await waitFor(() => expect(screen.queryByRole("button", { name: /new QR/ })).not.toBeInTheDocument());
  });

  it("shows why a refresh was refused", async () => {
    fakeServer({
      ...routes,
      "POST /rest/pay/excute": () => ok(payment([qrRow({ expiresAt: PAST })])),
      "GET /rest/pay/tenderStatus/31": () => ok({ tender: qrRow({ expiresAt: PAST }), order: payment([qrRow()]) }),
      "POST /rest/pay/qrRefresh/31": () => ({
        status: 409,
        errcode: "PAY-40904",
        errmsg: "the payment provider could not be reached: try again in a moment",
      }),
    });
    render_(<PaymentPage />);
    await chooseProvider("WeChat Pay");
    fireEvent.change(screen.getByLabelText("Amount through the provider"), { target: { value: "60" } });
    await confirmPay();
    fireEvent.click(await screen.findByRole("button", { name: "Refresh QR" }));
    expect(
      await screen.findByText("the payment provider could not be reached: try again in a moment"),
    ).toBeInTheDocument();
  });
});

describe("a terminal refund sent again from /refundDetail", () => {
  function terminalTender(overrides: Record<string, unknown> = {}) {
    return {
      tenderId: 23,
      method: "pos",
      methodName: "card terminal",
      amount: "30.00",
      status: "failed",
      cardId: null,
      cardNo: "",
      principal: "0.00",
      gift: "0.00",
      points: null,
      sessions: null,
      tillChange: "0.00",
      providerMessage: "REFUND_NOT_FOUND: the gateway made no refund",
      ...overrides,
    };
  }

  function detail(tender: Record<string, unknown>, status = "failed") {
    return {
      recedeId: 41,
      refundNo: "RF2026112400000041",
      orderId: 1,
      orderNo: "SO2611200001",
      memId: 7,
      name: "王芳",
      phone: "139****5678",
      status,
      statusName: status,
      amount: "30.00",
      reason: "过敏",
      operatorName: "SY00002",
      approved: false,
      businessDate: "2026-11-24",
      createdAt: "2026-11-24T10:00:00+08:00",
      pointsTakenBack: 0,
      pointsUnrecovered: 0,
      lines: [],
      tenders: [tender],
    };
  }

  function answer(status: string, attempts: number) {
    return {
      refundId: 41,
      refundNo: "RF2026112400000041",
      refundStatus: status === "succeeded" ? "done" : status,
      tenderId: 23,
      method: "pos",
      amount: "30.00",
      status,
      providerMessage: "",
      attempts,
      outRefundNo: "R20261124ABC",
      providerState: status,
    };
  }

  it("knows which refund tenders the terminal can be asked again about", () => {
    expect(resendable({ method: "pos", status: "failed", tenderId: 1 })).toBe(true);
    expect(resendable({ method: "box", status: "pending", tenderId: 1 })).toBe(true);
    expect(resendable({ method: "pos", status: "succeeded", tenderId: 1 })).toBe(false);
    expect(resendable({ method: "wechat", status: "failed", tenderId: 1 })).toBe(false);
  });

  it("sends a failed terminal refund again once per press and reads the refund again", async () => {
    window.localStorage.setItem("erp.session", JSON.stringify(sessionInfo({ btn: ["BTN-YLTH-REFUND"] })));
    let sent = false;
    const server = fakeServer({
      "GET /rest/recede/recedeDetail": () =>
        ok(
          sent
            ? detail(terminalTender({ status: "succeeded", providerMessage: "" }), "done")
            : detail(terminalTender()),
        ),
      "POST /rest/pos/refund": () => {
        sent = true;
        return ok(answer("succeeded", 2), "saved");
      },
    });
    render_(<RefundDetailPage search="?recedeId=41" />);
    const tenders = await screen.findByRole("table", { name: "Money back" });
    expect(within(tenders).getByText(/Refused by the provider \(REFUND_NOT_FOUND/)).toBeInTheDocument();
    fireEvent.click(within(tenders).getByRole("button", { name: "Send to the terminal again" }));
    expect(await screen.findByText("The terminal returned the money.")).toBeInTheDocument();
    const call = server.callsTo("POST /rest/pos/refund")[0];
    expect(call?.body).toEqual({ refundId: 41, tenderId: 23 });
    expect(call?.headers.get("Idempotency-Key")).toBeTruthy();
    await waitFor(() => expect(within(tenders).getByText("Returned")).toBeInTheDocument());
    expect(within(tenders).queryByRole("button", { name: "Send to the terminal again" })).not.toBeInTheDocument();
  });

  it("asks the terminal about a pending refund, and offers no resend without the refund code", async () => {
    const server = fakeServer({
      "GET /rest/recede/recedeDetail": () =>
        ok(detail(terminalTender({ status: "pending", providerMessage: "" }), "pending")),
      "POST /rest/pos/refundQuery": () => ok(answer("pending", 1)),
    });
    render_(<RefundDetailPage search="?recedeId=41" />);
    const tenders = await screen.findByRole("table", { name: "Money back" });
    expect(within(tenders).queryByRole("button", { name: "Send to the terminal again" })).not.toBeInTheDocument();
    fireEvent.click(within(tenders).getByRole("button", { name: "Ask the terminal" }));
    await waitFor(() => expect(server.callsTo("POST /rest/pos/refundQuery")).toHaveLength(1));
    expect(server.callsTo("POST /rest/pos/refundQuery")[0]?.headers.get("Idempotency-Key")).toBeFalsy();
  });
});
