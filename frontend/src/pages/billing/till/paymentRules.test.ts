import { describe, expect, it } from "vitest";
import type { MemberCard, Payment, PaymentTender } from "../../../api/till";
import { NO_PROVIDER } from "./ProviderTender";
import { NO_TENDERS, paymentOutcome, providerRowAfter, storedValueGap, tendersOf } from "./paymentRules";
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

  it("gives as change what the cash pays beyond the due left after the other tenders, as the server does", () => {
    const card = { method: "storedValue", amount: "60", cardId: 1 } as const;
    expect(paymentOutcome([card, { method: "cash", amount: "60" }], "100.00")).toEqual({
      cash: "60",
      change: "20.00",
      left: "0.00",
      cashUnneeded: false,
    });
    expect(paymentOutcome([{ method: "cash", amount: "30.5" }], "100.00")).toMatchObject({
      change: "0.00",
      left: "69.50",
    });
    expect(
      paymentOutcome(
        [
          { method: "wechat", amount: "100" },
          { method: "cash", amount: "5" },
        ],
        "100.00",
      ),
    ).toMatchObject({ change: "5.00", cashUnneeded: true });
    expect(paymentOutcome([card], "100.00")).toMatchObject({ cash: null, change: "0.00", left: "40.00" });
    expect(paymentOutcome([{ method: "cash", amount: "1.234" }], "100.00")).toBeNull();
  });

  it("says why no stored-value card can be chosen, once the cards are known", () => {
    const card = (status: MemberCard["status"], kind: MemberCard["kind"] = "storedValue") =>
      ({ cardId: 1, cardNo: "C001", kind, status }) as MemberCard;
    expect(storedValueGap(undefined)).toBeNull();
    expect(storedValueGap([card("active")])).toBeNull();
    expect(storedValueGap([card("active", "package")])).toEqual({ unusable: [] });
    expect(storedValueGap([card("frozen"), card("active", "package")])).toEqual({ unusable: [card("frozen")] });
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
