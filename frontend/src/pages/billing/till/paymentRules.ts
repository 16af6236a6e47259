/** Plain rules of the payment page: the tenders the form holds as pay/excute reads them, the change
 * they leave (shown beside the cash field and in the confirmation), and which provider tender the page
 * waits for after an answer. */

import { PROVIDER_METHODS, type MemberCard, type Payment, type PaymentTender, type Tender } from "../../../api/till";
import { centsToText, toCents } from "../../../lib/money";
import { pendingProviderTender, providerTender, type ProviderForm } from "./ProviderTender";
import { storedValueCards } from "./tillRules";

export interface TenderForm {
  cash: string;
  cardId: number | "";
  storedValue: string;
  points: string;
}

export const NO_TENDERS: TenderForm = { cash: "", cardId: "", storedValue: "", points: "" };

/** The tenders the form holds, in the order the server takes them: cash pays what is left after the others. */
export function tendersOf(form: TenderForm, provider: ProviderForm): Tender[] {
  const tenders: Tender[] = [];
  const viaProvider = providerTender(provider);
  if (viaProvider) tenders.push(viaProvider);
  if (form.storedValue.trim() && form.cardId !== "") {
    tenders.push({ method: "storedValue", amount: form.storedValue.trim(), cardId: form.cardId });
  }
  if (form.points.trim()) tenders.push({ method: "points", amount: form.points.trim() });
  if (form.cash.trim()) tenders.push({ method: "cash", amount: form.cash.trim() });
  return tenders;
}

const AMOUNT = /^\d+(?:\.\d{1,2})?$/;

/** What the payment being typed leaves, by the rule pay/excute applies (apps.billing.till.checkout):
 * the other tenders pay first, the cash pays what is left of the due and the rest of it is the change
 * given back. `left` is what is still due after the payment; `cashUnneeded` when cash was typed but
 * the other tenders already pay everything (the server refuses that cash). Null while a tender's
 * amount is not one. */
export interface PaymentOutcome {
  cash: string | null;
  change: string;
  left: string;
  cashUnneeded: boolean;
}

export function paymentOutcome(tenders: readonly Tender[], due: string): PaymentOutcome | null {
  if (!AMOUNT.test(due) || tenders.some((tender) => !AMOUNT.test(tender.amount))) return null;
  const cash = tenders.find((tender) => tender.method === "cash")?.amount ?? null;
  const others = tenders
    .filter((tender) => tender.method !== "cash")
    .reduce((sum, tender) => sum + toCents(tender.amount), 0);
  const forCash = Math.max(toCents(due) - others, 0);
  const received = cash === null ? 0 : toCents(cash);
  return {
    cash,
    change: centsToText(Math.max(received - forCash, 0)),
    left: centsToText(Math.max(forCash - received, 0)),
    cashUnneeded: cash !== null && forCash === 0,
  };
}

/** Why the stored-value choice is empty: the member holds no stored-value card (`unusable` empty) or
 * none that can pay (each with its status). Null when a card can pay, or while the cards are loading. */
export function storedValueGap(held: readonly MemberCard[] | undefined): { unusable: MemberCard[] } | null {
  if (held === undefined) return null;
  const storedValue = held.filter((card) => card.kind === "storedValue");
  return storedValueCards(storedValue).length > 0 ? null : { unusable: storedValue };
}

/** The provider tender to wait for (or show the end of) after a payment's answer: none unless a provider
 * was asked; then its pending tender, else the last provider tender the answer lists. */
export function providerRowAfter(payment: Payment, sent: readonly Tender[]): PaymentTender | null {
  const asked = sent.some(
    (tender) => tender.method !== "cash" && tender.method !== "storedValue" && tender.method !== "points",
  );
  if (!asked) return null;
  const rows = payment.tenders.filter((tender) => (PROVIDER_METHODS as readonly string[]).includes(tender.method));
  return pendingProviderTender(payment.tenders) ?? rows[rows.length - 1] ?? null;
}
