/** The returns page's rules: how each line is returned (an amount, or whole units for card sales and
 * package sessions), what the cashier typed checked before anything is sent, and the body of
 * recede/recede (and of recede/quote, which says what it would give back). The server checks
 * everything again and decides the money. */

import { toCents } from "../../../lib/money";
import type { Judged, JudgedLine, RefundInput } from "../../../api/refunds";

export type LineMode = "amount" | "units";

/** How the server takes the line back (judgeStatus's `byUnits`): whole cards of a card sale,
 * sessions of a line paid by a package card; any other line by an amount. */
export function lineMode(line: JudgedLine): LineMode {
  return line.byUnits ? "units" : "amount";
}

/** A line whose refund closes the cards it sold: a card purchase, or a project package whose sale
 * issued its package cards (decision 0038; one sold before packages were banked goes back by an amount). */
export function closesCards(line: JudgedLine): boolean {
  return line.byUnits && (line.type === "cardType" || line.type === "projectPackage");
}

export interface LinePick {
  picked: boolean;
  /** The amount (amount mode) or the number of units (units mode), as typed. */
  value: string;
}

export type Picks = Record<number, LinePick>;

/** Every line that can still be refunded, unpicked, with all of it as the value. A partly paid
 * order is refunded in whole: every line is picked. */
export function initialPicks(judged: Judged): Picks {
  const picks: Picks = {};
  for (const line of judged.lines) {
    if (!canReturn(line)) continue;
    picks[line.orderLineId] = {
      picked: judged.wholeOnly,
      value: lineMode(line) === "units" ? String(line.refundableQty) : line.refundableAmount,
    };
  }
  return picks;
}

export const canReturn = (line: JudgedLine) => line.refundableQty > 0 || Number(line.refundableAmount) > 0;

const AMOUNT = /^\d{1,10}(\.\d{1,2})?$/;

/** An i18n key of the "refunds" namespace when the typed value does not fit the line, or null. */
export function pickError(line: JudgedLine, pick: LinePick): string | null {
  if (!pick.picked) return null;
  const value = pick.value.trim();
  if (lineMode(line) === "units") {
    const units = Number(value);
    return Number.isInteger(units) && units >= 1 && units <= line.refundableQty ? null : "returns.qtyError";
  }
  if (!AMOUNT.test(value)) return "returns.amountError";
  const cents = toCents(value);
  return cents >= 1 && cents <= toCents(line.refundableAmount) ? null : "returns.amountError";
}

/** recede/recede's body from the picks. */
export function refundBody(judged: Judged, picks: Picks, reason: string): RefundInput {
  const lines: RefundInput["lines"] = [];
  for (const line of judged.lines) {
    const pick = picks[line.orderLineId];
    if (!pick?.picked) continue;
    lines.push(
      lineMode(line) === "units"
        ? { orderLineId: line.orderLineId, qty: Number(pick.value.trim()) }
        : { orderLineId: line.orderLineId, amount: pick.value.trim() },
    );
  }
  return { orderId: judged.orderId, lines, reason: reason.trim() };
}
