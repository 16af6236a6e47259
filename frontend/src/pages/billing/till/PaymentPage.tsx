import Alert from "@mui/material/Alert";
import { useTranslation } from "react-i18next";
import { DetailError, Loading } from "../../../components/feedback";
import { PageFrame } from "../../../components/layout";
import { mountIsland } from "../../../islands/mount";
import {
  AfterPaymentSection,
  ConfirmPayment,
  OrderOwedSection,
  PaymentAnswer,
  SignatureSection,
} from "./paymentSections";
import { TenderSection } from "./paymentTenders";
import { UseDeposit } from "./UseDeposit";
import { paymentOutcome } from "./paymentRules";
import { storedValueCards } from "./tillRules";
import { usePaymentForm, usePaymentOrder } from "./usePayment";

/** /payment (ERP-KDJC-PAG-0003-0000, 收款): what the order owes, the tenders (cash, stored value,
 * points, WeChat Pay, Alipay, the card terminal), the member's signature when the store asks for one,
 * the wait for a provider (its QR, polled every 2 s, closable), and the receipt once paid. */
export function PaymentPage() {
  const { t } = useTranslation("till");
  const { orderId, memId, price, sign, cards, account, signature, needsSignature } = usePaymentOrder(
    window.location.search,
  );
  const payment = usePaymentForm(orderId, needsSignature);

  if (orderId === null) {
    return (
      <PageFrame title={t("payment.title")}>
        <Alert severity="warning">{t("payment.noOrder")}</Alert>
      </PageFrame>
    );
  }
  if (price.isPending) return <Loading />;
  if (price.isError) return <DetailError message={price.error.message} onRetry={() => void price.refetch()} />;

  const order = price.data;
  const settled = order.status === "paid" || order.status === "cancelled";
  // An intention deposit's own order is paid in money only (cash or a provider), never from what the member holds.
  const depositOrder = order.lines.some((line) => line.type === "deposit");
  const usableCards = storedValueCards(cards.data ?? []);
  const chosenCard = usableCards.find((card) => card.cardId === payment.form.cardId);

  return (
    <PageFrame title={t("payment.title")} wide>
      <OrderOwedSection order={order} />
      <PaymentAnswer payment={payment} />
      {needsSignature && !settled ? (
        <SignatureSection
          error={signature.error}
          saving={signature.isPending}
          onSave={(png) => signature.mutate(png)}
        />
      ) : null}
      {sign.data?.required && sign.data.signed && !settled ? (
        <Alert severity="success" sx={{ mb: 2 }}>
          {t("signature.signed")}
        </Alert>
      ) : null}
      {!settled && memId !== null && !depositOrder ? (
        <UseDeposit orderId={orderId} memId={memId} due={order.due} onPaid={payment.paidElsewhere} />
      ) : null}
      {!settled ? (
        <TenderSection
          payment={payment}
          due={order.due}
          member={memId !== null}
          depositOrder={depositOrder}
          heldCards={cards.data}
          cards={usableCards}
          chosenCard={chosenCard}
          points={account.data?.points}
          needsSignature={needsSignature}
        />
      ) : null}
      {order.status === "paid" || payment.answer?.status === "paid" ? <AfterPaymentSection orderId={orderId} /> : null}
      <ConfirmPayment
        open={payment.confirming}
        tenders={payment.tenders}
        due={order.due}
        outcome={paymentOutcome(payment.tenders, order.due)}
        busy={payment.pay.isPending}
        cardNo={chosenCard?.cardNo ?? ""}
        onCancel={() => payment.setConfirming(false)}
        onConfirm={payment.submit}
      />
    </PageFrame>
  );
}

mountIsland(<PaymentPage />);
