/** What the payment page's tests share: order 7's price and payment answers, a tender row, the
 * page rendered in the app's providers, and choosing a provider (tests only). */
import { fireEvent, render, screen, within } from "@testing-library/react";
import type { ReactNode } from "react";
import { AppProviders } from "../../../islands/mount";

export const QR = "data:image/svg+xml;charset=utf-8,%3Csvg%20xmlns%3D%27http%3A%2F%2Fwww.w3.org%2F2000%2Fsvg%27%2F%3E";

type Fields = Record<string, unknown>;

/** Order 7's price answer: 100.00 due, nothing paid. */
export function orderPrice(overrides: Fields = {}) {
  return {
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
    ...overrides,
  };
}

/** A pending provider tender of 60.00 (a WeChat Pay QR unless told otherwise). */
export function tenderRow(overrides: Fields = {}) {
  return {
    tenderId: 31,
    method: "wechat",
    amount: "60.00",
    status: "pending",
    message: "",
    terminalId: "",
    mode: "qr",
    codeUrl: "",
    qrImage: "",
    expiresAt: null,
    ...overrides,
  };
}

/** Order 7's answer to a payment, with its tenders. */
export function paymentAnswer(tenders: Fields[], overrides: Fields = {}) {
  return {
    orderId: 7,
    status: "unpaid",
    paid: "0.00",
    pending: "0.00",
    due: "100.00",
    change: "0.00",
    tenders,
    ...overrides,
  };
}

export function renderInApp(node: ReactNode) {
  return render(<AppProviders>{node}</AppProviders>);
}

export async function chooseProvider(name: string) {
  fireEvent.mouseDown(await screen.findByLabelText("WeChat Pay, Alipay or card"));
  fireEvent.click(within(await screen.findByRole("listbox")).getByText(name));
}
