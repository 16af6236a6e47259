import { describe, expect, it } from "vitest";
import type { Payment, PaymentTender } from "../../api/till";
import { NO_PROVIDER } from "./ProviderTender";
import { NO_TENDERS, othersTyped, providerRowAfter, tendersOf } from "./paymentRules";
import { tillIdFrom } from "./tillRules";

const tender = (over: Partial<PaymentTender>): PaymentTender => ({
  tenderId: 1,
  method: "wechat",
  amount: "10.00",
  status: "pending",
  ...over,
});

const answer = (tenders: PaymentTender[]): Payment => ({
  orderId: 7,
  status: "partlyPaid",
  paid: "0.00",
  pending: "0.00",
  due: "10.00",
  change: "0.00",
  tenders,
});

describe("the payment's rules", () => {
  it("reads a leading number from the address as the till always has", () => {
    expect(tillIdFrom("?orderId=12abc", "orderId")).toBe(12);
    expect(tillIdFrom("?orderId=1.5&memId=3", "memId")).toBe(3);
    expect(tillIdFrom("?orderId=0", "orderId")).toBeNull();
    expect(tillIdFrom("", "orderId")).toBeNull();
  });

  it("lists the tenders in the order the server takes them, cash last", () => {
    const form = { cash: " 20 ", cardId: 4, storedValue: "30", points: "5" } as const;
    const provider = { ...NO_PROVIDER, method: "alipay" as const, amount: "40", authCode: "28 1" };
    expect(tendersOf(form, provider)).toEqual([
      { method: "alipay", amount: "40", authCode: "28 1" },
      { method: "storedValue", amount: "30", cardId: 4 },
      { method: "points", amount: "5" },
      { method: "cash", amount: "20" },
    ]);
    expect(tendersOf({ ...NO_TENDERS, storedValue: "30" }, NO_PROVIDER)).toEqual([]);
  });

  it("sums the other tenders typed, skipping what is not an amount", () => {
    const form = { ...NO_TENDERS, storedValue: "10.50", points: "abc" };
    expect(othersTyped(form, { ...NO_PROVIDER, method: "wechat", amount: "2" })).toBe("12.50");
    expect(othersTyped(form, { ...NO_PROVIDER, amount: "2" })).toBe("10.50");
  });

  it("waits for a provider only when one was asked, preferring its pending tender", () => {
    const ended = tender({ tenderId: 1, status: "failed" });
    const pending = tender({ tenderId: 2, method: "pos" });
    const cash = tender({ tenderId: 3, method: "cash", status: "succeeded" });
    expect(providerRowAfter(answer([ended, pending, cash]), [{ method: "cash", amount: "1" }])).toBeNull();
    expect(providerRowAfter(answer([ended, pending, cash]), [{ method: "pos", amount: "1" }])).toBe(pending);
    expect(providerRowAfter(answer([ended, cash]), [{ method: "wechat", amount: "1" }])).toBe(ended);
    expect(providerRowAfter(answer([cash]), [{ method: "wechat", amount: "1" }])).toBeNull();
  });
});
