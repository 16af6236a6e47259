import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { i18n } from "../../../i18n";
import { queryClient } from "../../../islands/queryClient";
import { fakeServer, ok, type Routes } from "../../../shell/testing/fakeServer";
import { sessionInfo } from "../../../test/fixtures";
import { dismissAllNotices } from "../../../test/notices";
import { PaymentPage } from "./PaymentPage";
import { pendingProviderTender, providerTender } from "./ProviderTender";
import {
  QR,
  chooseProvider,
  orderPrice as price,
  paymentAnswer as payment,
  renderInApp as render_,
  tenderRow as row,
} from "./paymentTesting";

const routes: Routes = {
  "GET /rest/pay/detailPrice/7": () => ok(price()),
  "GET /rest/pay/signStatus/7": () => ok({ required: false, signed: false }),
  "GET /rest/pos/terminal": () =>
    ok([
      { terminalId: "T01", name: "Till 1", storeCode: "S001", online: true },
      { terminalId: "T03", name: "Front", storeCode: "S001", online: false },
    ]),
};

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

describe("provider tenders", () => {
  it("builds the provider tender the server reads: a scanned code, a QR, or a terminal", () => {
    expect(providerTender({ method: "", amount: "5", authCode: "", terminalId: "" })).toBeNull();
    expect(providerTender({ method: "wechat", amount: "5", authCode: "1345", terminalId: "T01" })).toEqual({
      method: "wechat",
      amount: "5",
      authCode: "1345",
    });
    expect(providerTender({ method: "alipay", amount: " 5 ", authCode: "", terminalId: "" })).toEqual({
      method: "alipay",
      amount: "5",
    });
    expect(providerTender({ method: "pos", amount: "5", authCode: "99", terminalId: "T01" })).toEqual({
      method: "pos",
      amount: "5",
      terminalId: "T01",
    });
    expect(pendingProviderTender([row({ status: "failed" }), row({ tenderId: 32 })] as never)?.tenderId).toBe(32);
  });

  it("pays by the customer's scanned code when the scanner types Enter, with cash beside it", async () => {
    const server = fakeServer({
      ...routes,
      "POST /rest/pay/excute": () =>
        ok(
          payment(
            [
              { tenderId: 30, method: "cash", amount: "40.00", status: "succeeded" },
              row({ amount: "60.00", status: "succeeded", mode: "code" }),
            ],
            { status: "paid", paid: "100.00", due: "0.00" },
          ),
          "paid",
        ),
    });
    render_(<PaymentPage />);
    fireEvent.change(await screen.findByLabelText("Cash received"), { target: { value: "40" } });
    await chooseProvider("WeChat Pay");
    fireEvent.change(screen.getByLabelText("Amount through the provider"), { target: { value: "60" } });
    const code = screen.getByLabelText("Customer's payment code");
    fireEvent.change(code, { target: { value: "134567890123456789" } });
    fireEvent.keyDown(code, { key: "Enter" });
    expect(await screen.findByText("WeChat Pay ¥60.00 received.")).toBeInTheDocument();
    const call = server.callsTo("POST /rest/pay/excute")[0];
    expect(call?.body).toEqual({
      orderId: 7,
      tenders: [
        { method: "wechat", amount: "60", authCode: "134567890123456789" },
        { method: "cash", amount: "40" },
      ],
    });
    expect(call?.headers.get("Idempotency-Key")).toBeTruthy();
  });

  it("shows the server's QR while waiting, polls the tender every 2 s and says when it is paid", async () => {
    let customerPaid = false;
    const server = fakeServer({
      ...routes,
      "POST /rest/pay/excute": () =>
        ok(payment([row({ method: "alipay", qrImage: QR, codeUrl: "https://qr.alipay.com/x" })], { pending: "60.00" })),
      "GET /rest/pay/tenderStatus/31": () => {
        const tender = row({
          method: "alipay",
          qrImage: customerPaid ? "" : QR,
          status: customerPaid ? "succeeded" : "pending",
        });
        return ok({ tender, order: payment([tender]) });
      },
    });
    render_(<PaymentPage />);
    await chooseProvider("Alipay");
    fireEvent.change(screen.getByLabelText("Amount through the provider"), { target: { value: "60" } });
    fireEvent.click(screen.getByRole("button", { name: "Pay" }));
    const dialog = await screen.findByRole("dialog", { name: "Confirm the payment" });
    expect(within(dialog).getByText("Alipay: ¥60.00")).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole("button", { name: "Confirm and pay" }));
    expect(await screen.findByText("Waiting for the customer: Alipay ¥60.00")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(screen.getByAltText("QR code for the customer to scan")).toHaveAttribute("src", QR);
    expect(screen.getByText(/¥60.00 is waiting for the provider/)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Pay" })).toBeDisabled();
    const asked = server.callsTo("GET /rest/pay/tenderStatus/31").length;
    customerPaid = true; // the customer scans and pays: the next poll, 2 s later, hears it
    await waitFor(() => expect(screen.getByText("Alipay ¥60.00 received.")).toBeInTheDocument());
    // The answer follows the poll: nothing waits for the provider any more.
    await waitFor(() => expect(screen.queryByText(/is waiting for the provider/)).not.toBeInTheDocument());
    expect(server.callsTo("GET /rest/pay/tenderStatus/31").length).toBeGreaterThan(asked);
  }, 15000);

  it("closes a pending tender when the customer walks away and shows the provider's reason", async () => {
    const server = fakeServer({
      ...routes,
      "POST /rest/pay/excute": () => ok(payment([row({ mode: "code" })], { pending: "60.00" })),
      "GET /rest/pay/tenderStatus/31": () => ok({ tender: row({ mode: "code" }), order: payment([row()]) }),
      "POST /rest/pay/cancel/31": () => {
        const tender = row({ status: "failed", message: "closed" });
        return ok({ tender, order: payment([tender]) }, "saved");
      },
    });
    render_(<PaymentPage />);
    await chooseProvider("WeChat Pay");
    fireEvent.change(screen.getByLabelText("Amount through the provider"), { target: { value: "60" } });
    const code = screen.getByLabelText("Customer's payment code");
    fireEvent.change(code, { target: { value: "1345 6789" } });
    expect(code).toHaveValue("13456789"); // a scanner's digits only
    fireEvent.keyDown(code, { key: "Enter" });
    expect(await screen.findByText("The customer is confirming the payment on the phone.")).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "Cancel this payment" }));
    await waitFor(() => expect(server.callsTo("POST /rest/pay/cancel/31")).toHaveLength(1));
    await waitFor(() => expect(screen.getByText("WeChat Pay ¥60.00 was not paid: closed")).toBeInTheDocument());
    expect(server.callsTo("POST /rest/pay/cancel/31")).toHaveLength(1);
  });

  it("shows a declined code's reason and a refused payment's message, in Chinese too", async () => {
    await i18n.changeLanguage("zh-hans");
    let attempts = 0;
    fakeServer({
      ...routes,
      "POST /rest/pay/excute": () => {
        attempts += 1;
        if (attempts === 1) return { status: 400, errcode: "PAY-40001", errmsg: "该门店未开通此支付方式" };
        return ok(payment([row({ status: "failed", mode: "code", message: "余额不足" })]));
      },
    });
    render_(<PaymentPage />);
    fireEvent.mouseDown(await screen.findByLabelText("微信、支付宝或刷卡"));
    fireEvent.click(within(await screen.findByRole("listbox")).getByText("微信支付"));
    fireEvent.change(screen.getByLabelText("支付平台收款金额"), { target: { value: "60" } });
    const code = screen.getByLabelText("顾客付款码");
    fireEvent.change(code, { target: { value: "134567890123456789" } });
    fireEvent.keyDown(code, { key: "Enter" });
    expect(await screen.findByText("该门店未开通此支付方式")).toBeInTheDocument();
    fireEvent.keyDown(code, { key: "Enter" });
    expect(await screen.findByText("微信支付 ¥60.00 未支付成功：余额不足")).toBeInTheDocument();
  });

  it("says what the cash does: the change it gives, what is still due, or that no cash is taken", async () => {
    fakeServer(routes);
    render_(<PaymentPage />);
    const cash = await screen.findByLabelText("Cash received");
    expect(
      screen.getByText(
        "The cash the customer hands over; what is above the amount left to pay is given back as change.",
      ),
    ).toBeInTheDocument();
    fireEvent.change(cash, { target: { value: "150" } });
    expect(screen.getByText("Change to give: ¥50.00")).toBeInTheDocument();
    fireEvent.change(cash, { target: { value: "30" } });
    expect(screen.getByText("No change: ¥70.00 is still due after this cash")).toBeInTheDocument();
    await chooseProvider("WeChat Pay");
    fireEvent.change(screen.getByLabelText("Amount through the provider"), { target: { value: "100" } });
    expect(screen.getByText("The other tenders already pay all that is due: no cash is taken")).toBeInTheDocument();
    expect(cash).toHaveAttribute("aria-invalid", "true");
    fireEvent.change(screen.getByLabelText("Amount through the provider"), { target: { value: "60" } });
    fireEvent.click(screen.getByRole("button", { name: "Pay" }));
    const dialog = await screen.findByRole("dialog", { name: "Confirm the payment" });
    expect(within(dialog).getByText("Cash received: ¥30.00")).toBeInTheDocument();
    expect(within(dialog).getByTestId("confirm-change")).toHaveTextContent("Change: ¥0.00");
    expect(within(dialog).getByText("Still due after this payment: ¥10.00")).toBeInTheDocument();
  });

  it("puts the order's state, the change and the money waiting for the provider on lines of their own", async () => {
    await i18n.changeLanguage("zh-hans");
    const waiting = row({ qrImage: QR });
    const cash = { tenderId: 30, method: "cash", amount: "40.00", status: "succeeded" };
    const order = { status: "partlyPaid", paid: "40.00", pending: "60.00", due: "60.00" };
    fakeServer({
      ...routes,
      "POST /rest/pay/excute": () => ok(payment([cash, waiting], { ...order, change: "10.00" })),
      "GET /rest/pay/tenderStatus/31": () => ok({ tender: waiting, order: payment([], order) }),
    });
    render_(<PaymentPage />);
    fireEvent.mouseDown(await screen.findByLabelText("微信、支付宝或刷卡"));
    fireEvent.click(within(await screen.findByRole("listbox")).getByText("微信支付"));
    fireEvent.change(screen.getByLabelText("支付平台收款金额"), { target: { value: "60" } });
    fireEvent.change(screen.getByLabelText("实收现金"), { target: { value: "50" } });
    expect(screen.getByText("应找零 ¥10.00")).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "收款" }));
    const dialog = await screen.findByRole("dialog", { name: "确认收款" });
    expect(within(dialog).getByTestId("confirm-change")).toHaveTextContent("找零：¥10.00");
    fireEvent.click(within(dialog).getByRole("button", { name: "确认收款" }));

    expect(await screen.findByText("部分支付：已付 ¥40.00，待付 ¥60.00。")).toBeInTheDocument();
    expect(screen.getByTestId("payment-change")).toHaveTextContent(/^应找零给顾客：¥10.00$/);
    expect(screen.getByText("¥60.00 正在等待支付平台确认（确认前仍计入待付）。")).toBeInTheDocument();
    expect(screen.getByText("等待顾客支付：微信支付 ¥60.00")).toBeInTheDocument();
    expect(screen.getByText("请顾客用手机扫描此二维码并确认支付。")).toBeInTheDocument();
  });

  it("lists the store's terminals for a card payment, offline ones not choosable", async () => {
    const server = fakeServer({
      ...routes,
      "POST /rest/pay/excute": () => ok(payment([row({ method: "pos", terminalId: "T01", mode: "code" })])),
      "GET /rest/pay/tenderStatus/31": () =>
        ok({ tender: row({ method: "pos", terminalId: "T01", mode: "code" }), order: payment([]) }),
    });
    render_(<PaymentPage />);
    await chooseProvider("Card terminal");
    fireEvent.change(screen.getByLabelText("Amount through the provider"), { target: { value: "60" } });
    fireEvent.mouseDown(screen.getByLabelText("Card terminal"));
    const options = await screen.findByRole("listbox");
    expect((await within(options).findByText("Front (T03, offline)")).closest("li")).toHaveAttribute(
      "aria-disabled",
      "true",
    );
    fireEvent.click(within(options).getByText("Till 1 (T01)"));
    fireEvent.click(screen.getByRole("button", { name: "Pay" }));
    fireEvent.click(
      within(await screen.findByRole("dialog", { name: "Confirm the payment" })).getByRole("button", {
        name: "Confirm and pay",
      }),
    );
    expect(await screen.findByText("The card terminal is waiting for the card.")).toBeInTheDocument();
    await waitFor(() =>
      expect(server.callsTo("POST /rest/pay/excute")[0]?.body).toEqual({
        orderId: 7,
        tenders: [{ method: "pos", amount: "60", terminalId: "T01" }],
      }),
    );
  });
});
