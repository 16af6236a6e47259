import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useAccountInfo } from "../../api/booking";
import { ApiError } from "../../api/client";
import { cardKeys, useMemberCards } from "../../api/cards";
import {
  payOrder,
  saveSignature,
  tillKeys,
  useOrderMember,
  useOrderPrice,
  useSignStatus,
  type Payment,
  type PaymentTender,
  type Tender,
} from "../../api/till";
import { useSubmissionKey } from "../../lib/submissionKey";
import { NO_PROVIDER, type ProviderForm } from "./ProviderTender";
import { NO_TENDERS, providerRowAfter, tendersOf, type TenderForm } from "./paymentRules";
import { tillIdFrom } from "./tillRules";

/** The order the payment page takes money for, from its address (?orderId=, and ?memId= or the
 * order's own member): its price, whether the store asks for a signature, the member's cards and points. */
export function usePaymentOrder(search: string) {
  const [orderId] = useState(() => tillIdFrom(search, "orderId"));
  const [memIdGiven] = useState(() => tillIdFrom(search, "memId"));
  const orderMember = useOrderMember(orderId, memIdGiven === null);
  const memId = memIdGiven ?? orderMember.data ?? null;
  const price = useOrderPrice(orderId);
  const sign = useSignStatus(orderId);
  const cards = useMemberCards(memId);
  const account = useAccountInfo(memId);
  const queryClient = useQueryClient();
  const signature = useMutation({
    mutationFn: (png: string) => saveSignature(orderId ?? 0, png),
    onSuccess: (status) => queryClient.setQueryData(tillKeys.signStatus(orderId ?? 0), status),
  });
  const needsSignature = Boolean(sign.data?.required && !sign.data.signed);
  return { orderId, memId, price, sign, cards, account, signature, needsSignature };
}

/** The tenders being typed and their payment: one Idempotency-Key per set of tenders (a retry of the
 * same set pays once on the server), the answer, and the provider tender waited for while pending. */
export function usePaymentForm(orderId: number | null, needsSignature: boolean) {
  const queryClient = useQueryClient();
  const [form, setForm] = useState<TenderForm>(NO_TENDERS);
  const [provider, setProvider] = useState<ProviderForm>(NO_PROVIDER);
  // The provider tender of the last payment: waited for while pending, then its end is shown.
  const [providerRow, setProviderRow] = useState<PaymentTender | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [answer, setAnswer] = useState<Payment | null>(null);
  const tenders = tendersOf(form, provider);
  const submission = useSubmissionKey(tenders);

  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: tillKeys.all });
    void queryClient.invalidateQueries({ queryKey: cardKeys.all }); // the balances the payment spent
  };
  const pay = useMutation({
    mutationFn: ({ tenders: sent, key }: { tenders: Tender[]; key: string }) => payOrder(orderId ?? 0, sent, key),
    onSuccess: (payment, { tenders: sent }) => {
      setAnswer(payment);
      setConfirming(false);
      setForm(NO_TENDERS);
      setProvider(NO_PROVIDER);
      setProviderRow(providerRowAfter(payment, sent));
      submission.renew();
      refresh();
    },
    onError: () => setConfirming(false),
  });

  const waiting = providerRow?.status === "pending" ? providerRow : null;
  const submit = () => {
    if (needsSignature || pay.isPending || waiting !== null) return;
    pay.mutate({ tenders, key: submission.key });
  };
  const set = <K extends keyof TenderForm>(key: K, value: TenderForm[K]) =>
    setForm((previous) => ({ ...previous, [key]: value }));
  /** A provider's tender ended (paid, failed, closed): its row, and the order's answer as it now stands. */
  const providerEnded = (ended: PaymentTender, now: Payment | null) => {
    setProviderRow(ended);
    if (now) setAnswer((before) => ({ ...now, change: before?.change ?? now.change }));
    refresh();
  };
  /** A deposit paid part of the order outside this form. */
  const paidElsewhere = (payment: Payment) => {
    setAnswer(payment);
    refresh();
  };
  const refusal = pay.error instanceof ApiError ? pay.error.message : pay.error ? String(pay.error) : "";

  return {
    form,
    set,
    provider,
    setProvider,
    tenders,
    providerRow,
    waiting,
    confirming,
    setConfirming,
    answer,
    pay,
    refusal,
    submit,
    providerEnded,
    paidElsewhere,
  };
}

export type PaymentForm = ReturnType<typeof usePaymentForm>;
