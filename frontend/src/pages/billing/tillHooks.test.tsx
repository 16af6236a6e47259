import { act, renderHook, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AppProviders } from "../../islands/mount";
import { queryClient } from "../../islands/queryClient";
import { fakeServer, ok } from "../../shell/testing/fakeServer";
import { sessionInfo } from "../../test/fixtures";
import { dismissAllNotices } from "../../test/notices";
import { newLine, type Customer } from "./tillRules";
import { useAccountDraft } from "./useAccountDraft";
import { usePaymentForm } from "./usePayment";

const paid = { orderId: 7, status: "paid", paid: "100.00", pending: "0.00", due: "0.00", change: "0.00", tenders: [] };
const member = (memId: number): Customer => ({ kind: "member", memId, name: `M${memId}`, phone: "", areaCode: "0086" });

beforeEach(() => {
  window.localStorage.setItem("erp.session", JSON.stringify(sessionInfo({ menu: ["ERP-KDJC-PAG-0003-0000"] })));
});

afterEach(() => {
  queryClient.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  window.localStorage.clear();
  dismissAllNotices();
});

describe("the payment form", () => {
  it("sends the same key again for the same tenders after a refusal, a new one after a payment", async () => {
    let attempts = 0;
    const server = fakeServer({
      "POST /rest/pay/excute": () => {
        attempts += 1;
        return attempts === 1 ? { status: 409, errcode: "ORD-40901", errmsg: "refused" } : ok(paid);
      },
    });
    const { result } = renderHook(() => usePaymentForm(7, false), { wrapper: AppProviders });
    const payCash = async () => {
      act(() => result.current.set("cash", "100"));
      act(() => result.current.submit());
      await waitFor(() => expect(result.current.pay.isPending).toBe(false));
    };
    await payCash();
    expect(result.current.refusal).toBe("refused");
    await payCash();
    expect(result.current.answer?.status).toBe("paid");
    expect(result.current.form.cash).toBe("");
    await payCash();
    const keys = server.callsTo("POST /rest/pay/excute").map((call) => call.headers.get("Idempotency-Key"));
    expect(keys).toHaveLength(3);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[1]);
  });

  it("sends nothing while the signature is missing or a provider's tender is pending", async () => {
    const pending = { tenderId: 3, method: "wechat", amount: "100.00", status: "pending", mode: "qr", codeUrl: "x" };
    const server = fakeServer({
      "POST /rest/pay/excute": () => ok({ ...paid, status: "unpaid", due: "100.00", tenders: [pending] }),
    });
    const unsigned = renderHook(() => usePaymentForm(7, true), { wrapper: AppProviders });
    act(() => unsigned.result.current.set("cash", "100"));
    act(() => unsigned.result.current.submit());
    expect(server.calls).toHaveLength(0);

    const { result } = renderHook(() => usePaymentForm(7, false), { wrapper: AppProviders });
    act(() => result.current.setProvider({ method: "wechat", amount: "100", authCode: "", terminalId: "" }));
    act(() => result.current.submit());
    await waitFor(() => expect(result.current.waiting?.tenderId).toBe(3));
    act(() => result.current.set("cash", "1"));
    act(() => result.current.submit());
    expect(server.callsTo("POST /rest/pay/excute")).toHaveLength(1);
  });
});

describe("the account draft", () => {
  it("drops the coupons and the cards of another customer, keeps them for the same one", () => {
    fakeServer({});
    const { result } = renderHook(() => useAccountDraft("", vi.fn()), { wrapper: AppProviders });
    act(() => result.current.changeCustomer(member(1)));
    act(() => {
      result.current.addLine(newLine("product", 30, "Serum", { cardId: 2 }));
      result.current.addLine(newLine("topUp", null, "Top-up", { cardId: 2, amount: "100" }));
      result.current.toggleCoupon(9, true);
    });
    act(() => result.current.changeCustomer(member(1)));
    expect(result.current.lines.map((line) => [line.type, line.cardId])).toEqual([
      ["product", 2],
      ["topUp", 2],
    ]);
    expect(result.current.couponIds).toEqual([9]);

    act(() => result.current.changeCustomer(member(2)));
    expect(result.current.lines.map((line) => [line.type, line.cardId])).toEqual([["product", null]]);
    expect(result.current.couponIds).toEqual([]);
  });

  it("ticks a coupon again at the end of the order ticked, and unticks it", () => {
    fakeServer({});
    const { result } = renderHook(() => useAccountDraft("", vi.fn()), { wrapper: AppProviders });
    act(() => {
      result.current.toggleCoupon(1, true);
      result.current.toggleCoupon(2, true);
      result.current.toggleCoupon(1, true);
    });
    expect(result.current.couponIds).toEqual([2, 1]);
    act(() => result.current.toggleCoupon(2, false));
    expect(result.current.couponIds).toEqual([1]);
  });

  it("reads the reservation from the address as the till always has", () => {
    fakeServer({});
    const { result } = renderHook(() => useAccountDraft("?reservationId=12abc", vi.fn()), { wrapper: AppProviders });
    expect(result.current.reservationId).toBe(12);
  });
});
