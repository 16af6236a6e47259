import { fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { i18n } from "../../../i18n";
import { AppProviders } from "../../../islands/mount";
import { queryClient } from "../../../islands/queryClient";
import { fakeServer, ok, type Routes } from "../../../shell/testing/fakeServer";
import { sessionInfo } from "../../../test/fixtures";
import { dismissAllNotices } from "../../../test/notices";
import { PaymentPage } from "./PaymentPage";

const QR = "data:image/svg+xml;charset=utf-8,%3Csvg%20xmlns%3D%27http%3A%2F%2Fwww.w3.org%2F2000%2Fsvg%27%2F%3E";

function card(cardId: number, overrides: Record<string, unknown> = {}) {
  return {
    cardId,
    cardNo: `C00${cardId}`,
    kind: "storedValue",
    cardTypeId: 9,
    name: "Gold",
    balance: "500.00",
    giftBalance: "0.00",
    sessions: [],
    status: "active",
    expiresOn: "2027-01-01",
    storeId: 1,
    storeName: "Store A",
    ...overrides,
  };
}

const packageCard = card(2, { kind: "package", name: "Facial ×10", balance: "0.00" });

function routes(cards: unknown[]): Routes {
  return {
    "GET /rest/pay/detailPrice/7": () =>
      ok({
        orderId: 7,
        orderNo: "SO2026112400000007",
        status: "unpaid",
        total: "100.00",
        discount: "0.00",
        payable: "100.00",
        paid: "0.00",
        due: "100.00",
        discounts: [],
        lines: [],
      }),
    "GET /rest/pay/signStatus/7": () => ok({ required: false, signed: false }),
    "GET /rest/packageCard/findErpAllCard/1": () => ok(cards),
    "GET /rest/reservation/accountInfo/1": () =>
      ok({ memId: 1, name: "Member1", phone: "138****5678", points: 0, labels: [], lastVisitAt: null, upcoming: [] }),
  };
}

function renderPage() {
  return render(
    <AppProviders>
      <PaymentPage />
    </AppProviders>,
  );
}

function cardChoice() {
  return screen.getByLabelText("Stored-value card");
}

beforeEach(() => {
  window.localStorage.setItem("erp.session", JSON.stringify(sessionInfo({ menu: ["ERP-KDJC-PAG-0003-0000"] })));
  window.history.replaceState(null, "", "/payment?orderId=7&memId=1");
});

afterEach(async () => {
  queryClient.clear();
  vi.restoreAllMocks();
  window.localStorage.clear();
  dismissAllNotices();
  await i18n.changeLanguage("en");
});

describe("the stored-value choice", () => {
  it("says the member holds no stored-value card instead of opening an empty list", async () => {
    fakeServer(routes([packageCard]));
    renderPage();
    expect(await screen.findByText("The member holds no stored-value card: take another tender.")).toBeInTheDocument();
    expect(cardChoice()).toHaveAttribute("aria-disabled", "true");
    expect(screen.getByLabelText("Paid from the card")).toBeDisabled();
  });

  it("names each stored-value card that cannot pay and why, in both languages", async () => {
    fakeServer(routes([card(3, { status: "frozen" }), card(4, { status: "expired" }), packageCard]));
    renderPage();
    expect(
      await screen.findByText("None of the member's stored-value cards can pay: C003 (Frozen), C004 (Expired)."),
    ).toBeInTheDocument();
    await i18n.changeLanguage("zh-hans");
    expect(await screen.findByText("该会员的储值卡都不能支付：C003（已冻结）、C004（已过期）。")).toBeInTheDocument();
  });

  it("gives no hint while a card can pay", async () => {
    fakeServer(routes([card(1), card(3, { status: "frozen" })]));
    renderPage();
    expect(await screen.findByText("Order SO2026112400000007")).toBeInTheDocument();
    expect(cardChoice()).not.toHaveAttribute("aria-disabled");
    expect(screen.queryByText(/stored-value card/)).not.toBeInTheDocument();
  });
});

describe("the change", () => {
  it("says what the cash does: the change it gives, what is still due, or that no cash is taken", async () => {
    fakeServer(routes([card(1)]));
    renderPage();
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
    fireEvent.mouseDown(cardChoice());
    fireEvent.click(within(await screen.findByRole("listbox")).getByText(/C001/));
    fireEvent.change(screen.getByLabelText("Paid from the card"), { target: { value: "100" } });
    expect(screen.getByText("The other tenders already pay all that is due: no cash is taken")).toBeInTheDocument();
    expect(cash).toHaveAttribute("aria-invalid", "true");
  });

  it("lists the change under the tenders in the confirmation, and what is still due", async () => {
    fakeServer(routes([card(1)]));
    renderPage();
    fireEvent.change(await screen.findByLabelText("Cash received"), { target: { value: "40" } });
    fireEvent.click(screen.getByRole("button", { name: "Pay" }));
    const dialog = await screen.findByRole("dialog", { name: "Confirm the payment" });
    expect(within(dialog).getByText("Cash received: ¥40.00")).toBeInTheDocument();
    expect(within(dialog).getByTestId("confirm-change")).toHaveTextContent("Change: ¥0.00");
    expect(within(dialog).getByText("Still due after this payment: ¥60.00")).toBeInTheDocument();
  });

  it("reads in Chinese", async () => {
    await i18n.changeLanguage("zh-hans");
    fakeServer(routes([card(1)]));
    renderPage();
    fireEvent.change(await screen.findByLabelText("实收现金"), { target: { value: "120" } });
    expect(screen.getByText("应找零 ¥20.00")).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "收款" }));
    const dialog = await screen.findByRole("dialog", { name: "确认收款" });
    expect(within(dialog).getByTestId("confirm-change")).toHaveTextContent("找零：¥20.00");
  });
});

describe("the answer while a QR waits", () => {
  it("puts the order's state, the change and the money waiting for the provider on lines of their own", async () => {
    const pending = {
      tenderId: 31,
      method: "wechat",
      amount: "60.00",
      status: "pending",
      message: "",
      terminalId: "",
      mode: "qr",
      codeUrl: "",
      qrImage: QR,
      expiresAt: null,
    };
    const cash = { tenderId: 30, method: "cash", amount: "40.00", status: "succeeded" };
    const order = { orderId: 7, status: "partlyPaid", paid: "40.00", pending: "60.00", due: "60.00" };
    fakeServer({
      ...routes([card(1)]),
      "POST /rest/pay/excute": () => ok({ ...order, change: "10.00", tenders: [cash, pending] }),
      "GET /rest/pay/tenderStatus/31": () => ok({ tender: pending, order: { ...order, change: "0.00", tenders: [] } }),
    });
    await i18n.changeLanguage("zh-hans");
    renderPage();
    fireEvent.change(await screen.findByLabelText("实收现金"), { target: { value: "50" } });
    fireEvent.mouseDown(screen.getByLabelText("微信、支付宝或刷卡"));
    fireEvent.click(within(await screen.findByRole("listbox")).getByText("微信支付"));
    fireEvent.change(screen.getByLabelText("支付平台收款金额"), { target: { value: "60" } });
    fireEvent.click(screen.getByRole("button", { name: "收款" }));
    const dialog = await screen.findByRole("dialog", { name: "确认收款" });
    fireEvent.click(within(dialog).getByRole("button", { name: "确认收款" }));

    expect(await screen.findByText("部分支付：已付 ¥40.00，待付 ¥60.00。")).toBeInTheDocument();
    expect(screen.getByTestId("payment-change")).toHaveTextContent(/^应找零给顾客：¥10.00$/);
    expect(screen.getByText("¥60.00 正在等待支付平台确认（确认前仍计入待付）。")).toBeInTheDocument();
    expect(screen.getByText("等待顾客支付：微信支付 ¥60.00")).toBeInTheDocument();
    expect(screen.getByText("请顾客用手机扫描此二维码并确认支付。")).toBeInTheDocument();
  });
});
