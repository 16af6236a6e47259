import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { i18n } from "../../../i18n";
import { AppProviders } from "../../../islands/mount";
import { queryClient } from "../../../islands/queryClient";
import { fakeServer, ok, type Routes } from "../../../shell/testing/fakeServer";
import { sessionInfo } from "../../../test/fixtures";
import { dismissAllNotices } from "../../../test/notices";
import type { Judged } from "../../../api/refunds";
import { OrderDetailsPage } from "../orders/OrderDetailsPage";
import { RefundDetailPage } from "./RefundDetailPage";
import { RefundListPage } from "./RefundListPage";
import { OrderRefundPage } from "./OrderRefundPage";
import { closesCards, initialPicks, lineMode, pickError, pickErrors, refundBody } from "./refundRules";

function judgedLine(orderLineId: number, overrides: Record<string, unknown> = {}) {
  return {
    orderLineId,
    type: "product",
    typeName: "Product",
    itemId: 3,
    name: `洗发水${orderLineId}`,
    qty: 1,
    amount: "60.00",
    paid: "60.00",
    refundedQty: 0,
    refundedAmount: "0.00",
    refundableQty: 1,
    refundableAmount: "60.00",
    byUnits: false,
    goods: false,
    takeLater: false,
    cardId: null,
    note: "",
    ...overrides,
  };
}

function judged(overrides: Record<string, unknown> = {}): Judged {
  return {
    orderId: 1,
    orderNo: "SO2611200001",
    status: "paid",
    statusName: "Paid",
    name: "王芳",
    phone: "139****5678",
    memId: 7,
    paid: "100.00",
    refunded: "0.00",
    refundable: "100.00",
    approvalAbove: null,
    wholeOnly: false,
    waitingApproval: null,
    tenders: [
      { tenderId: 21, method: "cash", methodName: "cash", amount: "50.00", left: "50.00", cardId: null },
      { tenderId: 22, method: "storedValue", methodName: "stored value", amount: "50.00", left: "50.00", cardId: 5 },
    ],
    lines: [judgedLine(11), judgedLine(12, { amount: "40.00", paid: "40.00", refundableAmount: "40.00" })],
    ...overrides,
  } as Judged;
}

function refundDetail(overrides: Record<string, unknown> = {}) {
  return {
    recedeId: 31,
    refundNo: "RF2026112400000031",
    orderId: 1,
    orderNo: "SO2611200001",
    memId: 7,
    name: "王芳",
    phone: "139****5678",
    status: "done",
    statusName: "refunded",
    amount: "60.00",
    reason: "wrong colour",
    operatorName: "SY00002",
    approved: false,
    businessDate: "2026-11-24",
    createdAt: "2026-11-24T10:00:00+08:00",
    pointsTakenBack: 30,
    pointsUnrecovered: 0,
    lines: [
      {
        orderLineId: 11,
        type: "product",
        typeName: "Product",
        itemId: 3,
        name: "洗发水11",
        qty: 1,
        amount: "60.00",
        cardId: null,
        cardNo: "",
        cardPrincipal: "0.00",
        cardGift: "0.00",
        goodsBack: "",
        goodsBackName: "",
        damageReason: "",
      },
    ],
    tenders: [
      {
        tenderId: 21,
        method: "cash",
        methodName: "cash",
        amount: "30.00",
        status: "succeeded",
        cardId: null,
        cardNo: "",
        principal: "0.00",
        gift: "0.00",
        points: null,
        sessions: null,
        tillChange: "-30.00",
      },
      {
        tenderId: 22,
        method: "storedValue",
        methodName: "stored value",
        amount: "30.00",
        status: "succeeded",
        cardId: 5,
        cardNo: "V000000005",
        principal: "27.27",
        gift: "2.73",
        points: null,
        sessions: null,
        tillChange: "0.00",
      },
    ],
    ...overrides,
  };
}

function render_(node: ReactNode) {
  return render(<AppProviders>{node}</AppProviders>);
}

beforeEach(() => window.localStorage.setItem("erp.session", JSON.stringify(sessionInfo())));

afterEach(async () => {
  queryClient.clear();
  vi.unstubAllGlobals();
  window.localStorage.clear();
  dismissAllNotices();
  await i18n.changeLanguage("en");
});

describe("refund rules", () => {
  it("returns a line by units or by amount as the server says", () => {
    expect(lineMode(judgedLine(1))).toBe("amount");
    expect(lineMode(judgedLine(1, { type: "cardType", byUnits: true }))).toBe("units");
    expect(lineMode(judgedLine(1, { type: "project", amount: "0.00", paid: "0.00", byUnits: true }))).toBe("units");
  });

  it("closes the cards of a card sale and of a banked package sale, not of one sold before banking", () => {
    expect(closesCards(judgedLine(1, { type: "cardType", byUnits: true }))).toBe(true);
    expect(closesCards(judgedLine(1, { type: "projectPackage", byUnits: true }))).toBe(true);
    expect(closesCards(judgedLine(1, { type: "projectPackage", byUnits: false }))).toBe(false);
    expect(closesCards(judgedLine(1, { type: "project", amount: "0.00", paid: "0.00", byUnits: true }))).toBe(false);
  });

  it("checks an amount up to what is refundable and units up to what is left", () => {
    const line = judgedLine(1, { refundableAmount: "30.00" });
    expect(pickError(line, { picked: true, value: "30" })).toBeNull();
    expect(pickError(line, { picked: true, value: "30.01" })).toBe("returns.amountError");
    expect(pickError(line, { picked: true, value: "0" })).toBe("returns.amountError");
    expect(pickError(line, { picked: true, value: "1.234" })).toBe("returns.amountError");
    expect(pickError(line, { picked: false, value: "abc" })).toBeNull();
    const card = judgedLine(2, { type: "cardType", qty: 2, refundableQty: 2, byUnits: true });
    expect(pickError(card, { picked: true, value: "2" })).toBeNull();
    expect(pickError(card, { picked: true, value: "3" })).toBe("returns.qtyError");
  });

  it("builds the body from the picked lines only", () => {
    const order = judged();
    const picks = { ...initialPicks(order), 11: { picked: true, value: "25.50" } };
    expect(refundBody(order, picks, "  broken ")).toEqual({
      orderId: 1,
      lines: [{ orderLineId: 11, amount: "25.50" }],
      reason: "broken",
    });
  });

  it("takes goods back by the units that come back, on the shelf unless written off with a reason", () => {
    const shampoo = judgedLine(11, { goods: true, qty: 3, refundableQty: 3, refundableAmount: "90.00" });
    expect(lineMode(shampoo)).toBe("goods");
    const order = judged({ lines: [shampoo] });
    const pick = initialPicks(order)[11];
    expect(pick).toEqual({ picked: false, value: "3", amount: "", goodsBack: "shelf" });
    const picked = { ...pick, picked: true, value: "2" };
    expect(pickErrors(shampoo, picked)).toEqual({});
    expect(refundBody(order, { 11: picked }, "不想要").lines).toEqual([
      { orderLineId: 11, qty: 2, goodsBack: "shelf" },
    ]);
    const damaged = { ...picked, goodsBack: "damaged" as const, damageReason: "  " };
    expect(pickErrors(shampoo, damaged)).toEqual({ damageReason: "returns.damageReasonRequired" });
    expect(refundBody(order, { 11: { ...damaged, damageReason: " 瓶身破裂 " } }, "破损").lines).toEqual([
      { orderLineId: 11, qty: 2, goodsBack: "damaged", damageReason: "瓶身破裂" },
    ]);
    // Money only: the goods stay with the customer, so nothing goes back on the shelf or is written off.
    const moneyOnly = { ...picked, value: "0", amount: "10" };
    expect(pickErrors(shampoo, moneyOnly)).toEqual({});
    expect(refundBody(order, { 11: moneyOnly }, "补差价").lines).toEqual([{ orderLineId: 11, qty: 0, amount: "10" }]);
    expect(pickErrors(shampoo, { ...moneyOnly, amount: "" })).toEqual({ value: "returns.goodsNothing" });
    expect(pickErrors(shampoo, { ...moneyOnly, goodsBack: "damaged", damageReason: "x" })).toEqual({
      value: "returns.damagedNeedsUnits",
    });
    expect(pickErrors(shampoo, { ...picked, value: "4" })).toEqual({ value: "returns.goodsQtyError" });
    expect(pickErrors(shampoo, { ...picked, amount: "90.01" })).toEqual({ amount: "returns.amountError" });
  });

  it("picks every line of a partly paid order", () => {
    const picks = initialPicks(judged({ wholeOnly: true }));
    expect(Object.values(picks).every((pick) => pick.picked)).toBe(true);
  });
});

function quoted(overrides: Record<string, unknown> = {}) {
  const { tenders } = refundDetail();
  return {
    orderId: 1,
    orderNo: "SO2611200001",
    amount: "30.00",
    approvalNeeded: false,
    lines: [{ orderLineId: 11, name: "洗发水11", qty: 0, amount: "30.00" }],
    tenders: [
      { ...tenders[0], amount: "15.00", tillChange: "-15.00" },
      { ...tenders[1], amount: "15.00", principal: "13.64", gift: "1.36" },
    ],
    ...overrides,
  };
}

const returnRoutes = (overrides: Routes = {}): Routes => ({
  "GET /rest/recede/judgeStatus": () => ok(judged()),
  "POST /rest/recede/quote": () => ok(quoted()),
  "POST /rest/recede/recede": () => ok(refundDetail(), "refunded"),
  ...overrides,
});

describe("OrderRefundPage", () => {
  it("asks for an order when none is given", async () => {
    fakeServer(returnRoutes());
    render_(<OrderRefundPage search="" />);
    expect(await screen.findByText("Enter the number of the paid order to refund.")).toBeInTheDocument();
  });

  it("shows what each line can give back, refuses without a reason, confirms and refunds once", async () => {
    const server = fakeServer(returnRoutes());
    const navigate = vi.fn();
    render_(<OrderRefundPage search="?orderId=1" navigate={navigate} />);
    const row = await screen.findByTestId("return-line-11");
    expect(within(row).getAllByText("¥60.00").length).toBeGreaterThan(0);
    fireEvent.click(screen.getByRole("button", { name: "Refund" }));
    expect(await screen.findByText("Please choose the lines to refund")).toBeInTheDocument();
    fireEvent.click(screen.getByRole("checkbox", { name: "Return 洗发水11" }));
    fireEvent.change(screen.getByLabelText("洗发水11: Amount"), { target: { value: "30" } });
    fireEvent.click(screen.getByRole("button", { name: "Refund" }));
    expect(await screen.findByText("Please give a reason")).toBeInTheDocument();
    fireEvent.change(screen.getByRole("textbox", { name: "Reason" }), { target: { value: "wrong colour" } });
    fireEvent.click(screen.getByRole("button", { name: "Refund" }));
    const dialog = await screen.findByRole("dialog", { name: "Refund this money?" });
    // What goes back is the server's quote of this very refund, tender by tender.
    expect(await within(dialog).findByText(/¥30\.00 of order SO2611200001 goes back/)).toBeInTheDocument();
    const tenders = within(dialog).getByRole("table", { name: "What goes back" });
    const rows = within(tenders).getAllByRole("row");
    expect(rows).toHaveLength(3);
    expect(within(rows[1] as HTMLElement).getByText("cash")).toBeInTheDocument();
    expect(within(rows[2] as HTMLElement).getByText("V000000005")).toBeInTheDocument();
    expect(within(rows[2] as HTMLElement).getByText("¥13.64")).toBeInTheDocument();
    expect(within(rows[2] as HTMLElement).getByText("¥1.36")).toBeInTheDocument();
    const [quoteCall] = server.callsTo("POST /rest/recede/quote");
    expect(quoteCall?.body).toEqual({ orderId: 1, lines: [{ orderLineId: 11, amount: "30" }], reason: "wrong colour" });
    expect(quoteCall?.headers.get("Idempotency-Key")).toBeNull();
    expect(server.callsTo("POST /rest/recede/recede")).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole("button", { name: "Refund now" }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith("/refundDetail?recedeId=31"));
    const [call] = server.callsTo("POST /rest/recede/recede");
    expect(call?.body).toEqual({ orderId: 1, lines: [{ orderLineId: 11, amount: "30" }], reason: "wrong colour" });
    expect(call?.headers.get("Idempotency-Key")).toBeTruthy();
    expect(server.callsTo("POST /rest/recede/quote")).toHaveLength(1); // not asked again once refunded
  });

  it("waits for the quote before it offers the refund, and shows a refused quote with a retry", async () => {
    // The owner's code: a refund above the store's amount is made at once, her approval recorded.
    window.localStorage.setItem("erp.session", JSON.stringify(sessionInfo({ btn: ["BTN-YLTH-REFUND-APPROVE"] })));
    let refuse = true;
    const server = fakeServer(
      returnRoutes({
        "POST /rest/recede/quote": () =>
          refuse
            ? { status: 409, errcode: "ORD-40901", errmsg: "the order is not in a state that allows this" }
            : ok(quoted({ approvalNeeded: true, tenders: [quoted().tenders[0]] })),
      }),
    );
    // The second quote is held until the test lets it through, to see the dialog while it loads.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).includes("/recede/quote") && !refuse) await held;
      return server.fetch(input, init);
    });
    render_(<OrderRefundPage search="?orderId=1" />);
    fireEvent.click(await screen.findByRole("checkbox", { name: "Return 洗发水11" }));
    fireEvent.change(screen.getByRole("textbox", { name: "Reason" }), { target: { value: "broken" } });
    fireEvent.click(screen.getByRole("button", { name: "Refund" }));
    const dialog = await screen.findByRole("dialog");
    expect(await within(dialog).findByText("the order is not in a state that allows this")).toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "Refund now" })).toBeDisabled();
    refuse = false;
    fireEvent.click(within(dialog).getByRole("button", { name: "Try again" }));
    expect(await within(dialog).findByText("Loading…")).toBeInTheDocument();
    expect(within(dialog).queryByText("the order is not in a state that allows this")).not.toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "Refund now" })).toBeDisabled();
    release();
    expect(await within(dialog).findByText(/your approval is recorded/)).toBeInTheDocument();
    expect(within(dialog).getAllByRole("row")).toHaveLength(2);
    expect(within(dialog).getByRole("button", { name: "Refund now" })).toBeEnabled();
    expect(server.callsTo("POST /rest/recede/quote")).toHaveLength(2);
    expect(server.callsTo("POST /rest/recede/recede")).toHaveLength(0);
  });

  it("offers to ask the owner to reopen a closed day instead of a retry", async () => {
    const closed = { date: "2026-11-24", storeId: 10 };
    const server = fakeServer(
      returnRoutes({
        "POST /rest/recede/quote": () => ({
          status: 409,
          errcode: "DAY-40901",
          errmsg: "the day is closed; ask the owner to reopen it",
          data: closed,
        }),
        "POST /rest/daily/askReopen": () => ({
          status: 201,
          data: {
            requestId: 3,
            closingId: 5,
            date: "2026-11-24",
            reason: "a refund",
            status: "pending",
            applicantName: "李静",
            createdAt: "2026-11-24T21:30:00+08:00",
          },
          errmsg: "sent to the owner for approval",
        }),
      }),
    );
    render_(<OrderRefundPage search="?orderId=1" />);
    fireEvent.click(await screen.findByRole("checkbox", { name: "Return 洗发水11" }));
    fireEvent.change(screen.getByRole("textbox", { name: "Reason" }), { target: { value: "broken" } });
    fireEvent.click(screen.getByRole("button", { name: "Refund" }));
    const dialog = await screen.findByRole("dialog");
    expect(await within(dialog).findByText("the day is closed; ask the owner to reopen it")).toBeInTheDocument();
    expect(within(dialog).queryByRole("button", { name: "Try again" })).not.toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole("button", { name: "Ask the owner to reopen" }));
    const form = await screen.findByRole("dialog", { name: "Ask the owner to reopen 2026-11-24" });
    fireEvent.change(within(form).getByLabelText(/Reason/), { target: { value: "a customer's refund" } });
    fireEvent.click(within(form).getByRole("button", { name: "Send to the owner" }));
    await waitFor(() => expect(server.callsTo("POST /rest/daily/askReopen")).toHaveLength(1));
    expect(server.callsTo("POST /rest/daily/askReopen")[0]?.body).toEqual({
      date: "2026-11-24",
      reason: "a customer's refund",
    });
  });

  it("sends a refund above the store's amount to the owner and shows the order's waiting request", async () => {
    let waiting = false;
    const server = fakeServer(
      returnRoutes({
        "GET /rest/recede/judgeStatus": () =>
          ok(
            judged({
              approvalAbove: "50.00",
              waitingApproval: waiting
                ? {
                    approvalId: 41,
                    status: "pending",
                    amount: "60.00",
                    createdAt: "2026-11-24T10:00:00+08:00",
                    reason: "broken",
                  }
                : null,
            }),
          ),
        "POST /rest/recede/quote": () => ok(quoted({ amount: "60.00", approvalNeeded: true })),
        "POST /rest/recede/recede": () => {
          waiting = true;
          return {
            status: 202,
            ...ok({ approvalId: 41, status: "pending", amount: "60.00" }, "sent to the owner for approval"),
          };
        },
      }),
    );
    const navigate = vi.fn();
    render_(<OrderRefundPage search="?orderId=1" navigate={navigate} />);
    fireEvent.click(await screen.findByRole("checkbox", { name: "Return 洗发水11" }));
    fireEvent.change(screen.getByRole("textbox", { name: "Reason" }), { target: { value: "broken" } });
    fireEvent.click(screen.getByRole("button", { name: "Refund" }));
    const dialog = await screen.findByRole("dialog");
    expect(await within(dialog).findByText(/it will be sent to the owner for approval/)).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole("button", { name: "Refund now" }));
    expect(await screen.findByText(/Sent to the owner for approval/)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    const request = await screen.findByTestId("waiting-approval");
    expect(request).toHaveTextContent("A refund of ¥60.00 (broken) is waiting for the owner's approval.");
    expect(within(request).getByRole("link", { name: "Open the request" })).toHaveAttribute(
      "href",
      "/approvalCenter?id=41",
    );
    expect(navigate).not.toHaveBeenCalled();
    expect(server.callsTo("POST /rest/recede/recede")).toHaveLength(1);
  });

  it("keeps the dialog open with the server's refusal, and retries with the same key", async () => {
    let refuse = true;
    const server = fakeServer(
      returnRoutes({
        "POST /rest/recede/recede": () =>
          refuse
            ? { status: 409, errcode: "ORD-40901", errmsg: "more than was paid for this line" }
            : ok(refundDetail(), "refunded"),
      }),
    );
    const navigate = vi.fn();
    render_(<OrderRefundPage search="?orderId=1" navigate={navigate} />);
    fireEvent.click(await screen.findByRole("checkbox", { name: "Return 洗发水11" }));
    fireEvent.change(screen.getByRole("textbox", { name: "Reason" }), { target: { value: "broken" } });
    fireEvent.click(screen.getByRole("button", { name: "Refund" }));
    const dialog = await screen.findByRole("dialog");
    await within(dialog).findByTestId("refund-quote");
    fireEvent.click(within(dialog).getByRole("button", { name: "Refund now" }));
    expect(await within(dialog).findByText("more than was paid for this line")).toBeInTheDocument();
    refuse = false;
    fireEvent.click(within(dialog).getByRole("button", { name: "Refund now" }));
    await waitFor(() => expect(navigate).toHaveBeenCalled());
    const keys = server.callsTo("POST /rest/recede/recede").map((call) => call.headers.get("Idempotency-Key"));
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);
  });

  it("asks where a goods line's units go and sends the write-off with its reason", async () => {
    const shampoo = judgedLine(11, {
      name: "控油洗发水",
      goods: true,
      takeLater: true,
      qty: 2,
      refundableQty: 2,
      refundableAmount: "60.00",
    });
    const writtenOff = { orderLineId: 11, name: "控油洗发水", qty: 1, amount: "30.00" };
    const server = fakeServer(
      returnRoutes({
        "GET /rest/recede/judgeStatus": () => ok(judged({ lines: [shampoo] })),
        "POST /rest/recede/quote": () =>
          ok(quoted({ lines: [{ ...writtenOff, goodsBack: "damaged", damageReason: "瓶身破裂" }] })),
      }),
    );
    render_(<OrderRefundPage search="?orderId=1" />);
    fireEvent.click(await screen.findByRole("checkbox", { name: "Return 控油洗发水" }));
    const where = screen.getByTestId("goods-back-11");
    expect(within(where).getByRole("radio", { name: "Back on the shelf" })).toBeChecked();
    expect(within(where).getByText(/owed less: they are not put back in stock/)).toBeInTheDocument();
    expect(screen.getByLabelText("控油洗发水: Units back")).toHaveValue("2");
    fireEvent.change(screen.getByLabelText("控油洗发水: Units back"), { target: { value: "1" } });
    fireEvent.click(within(where).getByRole("radio", { name: "Written off as damaged" }));
    fireEvent.change(screen.getByRole("textbox", { name: "Reason" }), { target: { value: "broken" } });
    fireEvent.click(screen.getByRole("button", { name: "Refund" }));
    expect(await within(where).findByText("Please give the reason for the write-off")).toBeInTheDocument();
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    fireEvent.change(within(where).getByRole("textbox", { name: "Reason for the write-off" }), {
      target: { value: "瓶身破裂" },
    });
    fireEvent.click(screen.getByRole("button", { name: "Refund" }));
    const dialog = await screen.findByRole("dialog");
    expect(await within(dialog).findByText("控油洗发水 × 1: written off as damaged (瓶身破裂)")).toBeInTheDocument();
    const [quote] = server.callsTo("POST /rest/recede/quote");
    expect(quote?.body).toEqual({
      orderId: 1,
      reason: "broken",
      lines: [{ orderLineId: 11, qty: 1, goodsBack: "damaged", damageReason: "瓶身破裂" }],
    });
  });

  it("shows on a refund's details where its goods went", async () => {
    const line = refundDetail().lines[0];
    fakeServer({
      "GET /rest/recede/recedeDetail": () =>
        ok(
          refundDetail({
            lines: [
              { ...line, goodsBack: "damaged", goodsBackName: "written off as damaged", damageReason: "瓶身破裂" },
            ],
          }),
        ),
    });
    render_(<RefundDetailPage search="?recedeId=31" />);
    const lines = await screen.findByRole("table", { name: "Refunded lines" });
    expect(within(lines).getByRole("columnheader", { name: "Goods back" })).toBeInTheDocument();
    expect(within(lines).getByText("written off as damaged: 瓶身破裂")).toBeInTheDocument();
  });

  it("says when nothing is left, and when the order is not found", async () => {
    fakeServer(
      returnRoutes({
        "GET /rest/recede/judgeStatus": () =>
          ok(
            judged({
              lines: [judgedLine(11, { refundableQty: 0, refundableAmount: "0.00", refundedAmount: "60.00" })],
            }),
          ),
      }),
    );
    render_(<OrderRefundPage search="?orderId=1" />);
    expect(await screen.findByText("Nothing of this order can be refunded.")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Refund" })).not.toBeInTheDocument();
  });

  it("shows a missing order as not found", async () => {
    fakeServer({});
    render_(<OrderRefundPage search="?orderId=9" />);
    expect(await screen.findByText("This order was not found.")).toBeInTheDocument();
  });

  it("tells a partly paid order is refunded in whole and the approval amount", async () => {
    fakeServer(
      returnRoutes({ "GET /rest/recede/judgeStatus": () => ok(judged({ wholeOnly: true, approvalAbove: "500.00" })) }),
    );
    render_(<OrderRefundPage search="?orderId=1" />);
    expect(await screen.findByText(/only be refunded in whole/)).toBeInTheDocument();
    expect(
      screen.getByText(
        "Refunds of one order above ¥500.00 in all (this one with those before it) need an owner's approval.",
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole("checkbox", { name: "Return 洗发水11" })).toBeChecked();
    expect(screen.getByRole("checkbox", { name: "Return 洗发水11" })).toBeDisabled();
  });

  it("speaks Chinese", async () => {
    await i18n.changeLanguage("zh-hans");
    fakeServer(returnRoutes());
    render_(<OrderRefundPage search="?orderId=1" />);
    expect(await screen.findByText("退货明细")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "退款" })).toBeInTheDocument();
  });
});

describe("RefundListPage and RefundDetailPage", () => {
  it("lists refunds with links and filters by keyword", async () => {
    const server = fakeServer({
      "GET /rest/recede/recedeList": () => ok({ list: [refundDetail()], total: 1 }),
    });
    render_(<RefundListPage />);
    expect(await screen.findByRole("link", { name: "RF2026112400000031" })).toHaveAttribute(
      "href",
      "/refundDetail?recedeId=31",
    );
    expect(screen.getByRole("link", { name: "SO2611200001" })).toHaveAttribute("href", "/orderDetails?orderId=1");
    fireEvent.change(screen.getByLabelText("Refund or order number, name, phone"), { target: { value: " SO26 " } });
    fireEvent.click(screen.getByRole("button", { name: "Search" }));
    await waitFor(() =>
      expect(server.callsTo("GET /rest/recede/recedeList").at(-1)?.query.get("keyword")).toBe("SO26"),
    );
  });

  it("shows the empty list", async () => {
    fakeServer({ "GET /rest/recede/recedeList": () => ok({ list: [], total: 0 }) });
    render_(<RefundListPage />);
    expect(await screen.findByText("No refunds found.")).toBeInTheDocument();
  });

  it("shows one refund's lines and where the money went", async () => {
    fakeServer({ "GET /rest/recede/recedeDetail": () => ok(refundDetail()) });
    render_(<RefundDetailPage search="?recedeId=31" />);
    const tenders = await screen.findByRole("table", { name: "Money back" });
    expect(within(tenders).getByText("V000000005")).toBeInTheDocument();
    expect(within(tenders).getByText("¥27.27")).toBeInTheDocument();
    expect(within(tenders).getByText("-¥30.00")).toBeInTheDocument();
    expect(screen.getByText("wrong colour")).toBeInTheDocument();
  });

  it("shows a provider tender waiting, and one the provider refused with its reason", async () => {
    const wechat = {
      tenderId: 23,
      method: "wechat",
      methodName: "WeChat Pay",
      amount: "30.00",
      status: "pending",
      cardId: null,
      cardNo: "",
      principal: "0.00",
      gift: "0.00",
      points: null,
      sessions: null,
      tillChange: "0.00",
      providerMessage: "",
    };
    fakeServer({
      "GET /rest/recede/recedeDetail": () =>
        ok(refundDetail({ status: "pending", statusName: "pending", tenders: [wechat] })),
    });
    render_(<RefundDetailPage search="?recedeId=31" />);
    const tenders = await screen.findByRole("table", { name: "Money back" });
    expect(within(tenders).getByText("Waiting for the provider")).toBeInTheDocument();
    expect(screen.getByText(/waits for the provider's confirmation/)).toBeInTheDocument();
    cleanup();
    queryClient.clear();
    fakeServer({
      "GET /rest/recede/recedeDetail": () =>
        ok(
          refundDetail({
            status: "failed",
            statusName: "not all money returned",
            tenders: [{ ...wechat, status: "failed", providerMessage: "INVALID_REQUEST: 退款金额超过订单可退金额" }],
          }),
        ),
    });
    render_(<RefundDetailPage search="?recedeId=31" />);
    const refused = await screen.findByRole("table", { name: "Money back" });
    expect(within(refused).getByText(/Refused by the provider \(INVALID_REQUEST/)).toBeInTheDocument();
    expect(screen.getByText(/that money did not go back/)).toBeInTheDocument();
  });

  it("shows a missing refund as not found", async () => {
    fakeServer({});
    render_(<RefundDetailPage search="?recedeId=99" />);
    expect(await screen.findByText("This refund was not found.")).toBeInTheDocument();
  });
});

describe("OrderDetailsPage refunds", () => {
  const orderRoutes = (refunds: unknown[] = []): Routes => ({
    "GET /rest/order/orderDetails": () =>
      ok({
        orderId: 1,
        orderNo: "SO2611200001",
        storeId: 10,
        memId: 7,
        name: "王芳",
        phone: "139****5678",
        walkIn: false,
        reservationId: null,
        status: "paid",
        statusName: "Paid",
        total: "100.00",
        discount: "0.00",
        payable: "100.00",
        paid: "100.00",
        due: "0.00",
        businessDate: "2026-11-24",
        remark: "",
        operatorName: "SY00002",
        createdAt: "2026-11-24T09:00:00+08:00",
        paidAt: "2026-11-24T09:01:00+08:00",
        lines: [],
        tenders: [],
        refunds,
        signed: false,
      }),
    "GET /rest/pay/drawDetail/1": () => ok([]),
  });

  it("offers the refund to a role with the refund code and lists the order's refunds", async () => {
    window.localStorage.setItem("erp.session", JSON.stringify(sessionInfo({ btn: ["BTN-YLTH-REFUND"] })));
    fakeServer(orderRoutes([refundDetail()]));
    const navigate = vi.fn();
    render_(<OrderDetailsPage search="?orderId=1" navigate={navigate} />);
    fireEvent.click(await screen.findByRole("button", { name: "Refund" }));
    expect(navigate).toHaveBeenCalledWith("/returnList?orderId=1");
    const table = screen.getByRole("table", { name: "Refunds" });
    expect(within(table).getByRole("link", { name: "RF2026112400000031" })).toBeInTheDocument();
    expect(within(table).getByText("cash ¥30.00; stored value ¥30.00")).toBeInTheDocument();
  });

  it("tells each refund tender still waiting for its provider on the order's details", async () => {
    const pending = {
      ...refundDetail().tenders[0],
      tenderId: 23,
      method: "wechat",
      methodName: "WeChat Pay",
      status: "pending",
      tillChange: "0.00",
    };
    fakeServer(orderRoutes([refundDetail({ status: "pending", tenders: [refundDetail().tenders[0], pending] })]));
    render_(<OrderDetailsPage search="?orderId=1" />);
    const table = await screen.findByRole("table", { name: "Refunds" });
    expect(within(table).getByText("cash ¥30.00; WeChat Pay ¥30.00 (Waiting for the provider)")).toBeInTheDocument();
  });

  it("hides the refund from a role without the code", async () => {
    fakeServer(orderRoutes());
    render_(<OrderDetailsPage search="?orderId=1" />);
    expect(await screen.findByText("No refunds of this order.")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Refund" })).not.toBeInTheDocument();
  });
});
