/** Plain rules of the payment page: the tenders the form holds as pay/excute reads them, the change
 * shown beside the cash field, and which provider tender the page waits for after an answer. */

import { PROVIDER_METHODS, type Payment, type PaymentTender, type Tender } from "../../api/till";
import { centsToText, toCents } from "../../lib/money";
import { pendingProviderTender, providerTender, type ProviderForm } from "./ProviderTender";

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

/** The sum of the non-cash tenders as typed, for the change shown beside the cash field only. */
export function othersTyped(form: TenderForm, provider: ProviderForm): string {
  const cents = [form.storedValue, form.points, provider.method ? provider.amount : ""]
    .map((text) => (/^\d+(?:\.\d{1,2})?$/.test(text.trim()) ? toCents(text) : 0))
    .reduce((sum, part) => sum + part, 0);
  return centsToText(cents);
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
