/** The returns page's rules: how each line is returned (an amount; whole units for card sales and
 * package sessions; goods by the units that come back, on the shelf or written off as damaged, and
 * optionally an amount), what the cashier typed checked before anything is sent, and the body of
 * recede/recede (and of recede/quote, which says what it would give back). The server checks
 * everything again and decides the money. */

import { toCents } from "../../../lib/money";
import type { Judged, JudgedLine, RefundInput } from "../../../api/refunds";

export type LineMode = "amount" | "units" | "goods";
export type GoodsBack = "shelf" | "damaged";

/** How the server takes the line back (judgeStatus's `byUnits` and `goods`): whole cards of a card
 * sale, sessions of a line paid by a package card; goods of a paid order by the units that come
 * back (and an amount, if not the units' share); any other line by an amount. */
export function lineMode(line: JudgedLine): LineMode {
  if (line.byUnits) return "units";
  return line.goods ? "goods" : "amount";
}

/** A line whose refund closes the cards it sold: a card purchase, or a project package whose sale
 * issued its package cards (decision 0038; one sold before packages were banked goes back by an amount). */
export function closesCards(line: JudgedLine): boolean {
  return line.byUnits && (line.type === "cardType" || line.type === "projectPackage");
}

export interface LinePick {
  picked: boolean;
  /** The amount (amount mode) or the number of units (units and goods modes), as typed. */
  value: string;
  /** Goods: the money to give back as typed; empty: the units' share, as the server works it out. */
  amount?: string;
  /** Goods: where the units that come back go. */
  goodsBack?: GoodsBack;
  /** Goods written off: why. */
  damageReason?: string;
}

/** What is wrong with a pick, by field, as i18n keys of the "refunds" namespace. */
export interface PickErrors {
  value?: string;
  amount?: string;
  damageReason?: string;
}

export type Picks = Record<number, LinePick>;

/** Every line that can still be refunded, unpicked, with all of it as the value. A partly paid
 * order is refunded in whole: every line is picked. */
export function initialPicks(judged: Judged): Picks {
  const picks: Picks = {};
  for (const line of judged.lines) {
    if (!canReturn(line)) continue;
    const mode = lineMode(line);
    picks[line.orderLineId] =
      mode === "goods"
        ? { picked: judged.wholeOnly, value: String(line.refundableQty), amount: "", goodsBack: "shelf" }
        : { picked: judged.wholeOnly, value: mode === "units" ? String(line.refundableQty) : line.refundableAmount };
  }
  return picks;
}

export const canReturn = (line: JudgedLine) => line.refundableQty > 0 || Number(line.refundableAmount) > 0;

const AMOUNT = /^\d{1,10}(\.\d{1,2})?$/;

const amountError = (line: JudgedLine, typed: string) => {
  if (!AMOUNT.test(typed)) return "returns.amountError";
  const cents = toCents(typed);
  return cents >= 1 && cents <= toCents(line.refundableAmount) ? undefined : "returns.amountError";
};

const unitsOf = (pick: LinePick) => Number(pick.value.trim());

/** Goods: units from 0 (money only, the goods stay with the customer) up to what is left, an
 * optional amount, and a reason for a write-off, which needs units that come back. */
function goodsErrors(line: JudgedLine, pick: LinePick): PickErrors {
  const units = unitsOf(pick);
  const amount = (pick.amount ?? "").trim();
  const errors: PickErrors = {};
  if (!Number.isInteger(units) || units < 0 || units > line.refundableQty) errors.value = "returns.goodsQtyError";
  else if (units === 0 && !amount) errors.value = "returns.goodsNothing";
  else if (units === 0 && pick.goodsBack === "damaged") errors.value = "returns.damagedNeedsUnits";
  if (amount) errors.amount = amountError(line, amount);
  if (pick.goodsBack === "damaged" && !(pick.damageReason ?? "").trim()) {
    errors.damageReason = "returns.damageReasonRequired";
  }
  return errors;
}

/** What does not fit the line in what was typed, by field (nothing for a line not picked). */
export function pickErrors(line: JudgedLine, pick: LinePick): PickErrors {
  if (!pick.picked) return {};
  const mode = lineMode(line);
  if (mode === "goods") return goodsErrors(line, pick);
  if (mode === "units") {
    const units = unitsOf(pick);
    return Number.isInteger(units) && units >= 1 && units <= line.refundableQty ? {} : { value: "returns.qtyError" };
  }
  return { value: amountError(line, pick.value.trim()) };
}

/** The first i18n key of the "refunds" namespace of what does not fit the line, or null. */
export function pickError(line: JudgedLine, pick: LinePick): string | null {
  const errors = pickErrors(line, pick);
  return errors.value ?? errors.amount ?? errors.damageReason ?? null;
}

type BodyLine = RefundInput["lines"][number];

function goodsBodyLine(orderLineId: number, pick: LinePick): BodyLine {
  const qty = unitsOf(pick);
  const amount = (pick.amount ?? "").trim();
  const body: BodyLine = { orderLineId, qty, ...(amount ? { amount } : {}) };
  if (qty === 0) return body;
  return pick.goodsBack === "damaged"
    ? { ...body, goodsBack: "damaged", damageReason: (pick.damageReason ?? "").trim() }
    : { ...body, goodsBack: "shelf" };
}

/** recede/recede's body from the picks. */
export function refundBody(judged: Judged, picks: Picks, reason: string): RefundInput {
  const lines: RefundInput["lines"] = [];
  for (const line of judged.lines) {
    const pick = picks[line.orderLineId];
    if (!pick?.picked) continue;
    const mode = lineMode(line);
    lines.push(
      mode === "goods"
        ? goodsBodyLine(line.orderLineId, pick)
        : mode === "units"
          ? { orderLineId: line.orderLineId, qty: unitsOf(pick) }
          : { orderLineId: line.orderLineId, amount: pick.value.trim() },
    );
  }
  return { orderId: judged.orderId, lines, reason: reason.trim() };
}
