import { useState } from "react";
import { useTranslation } from "react-i18next";
import { DetailError, Loading } from "../../components/feedback";
import { PageFrame } from "../../components/layout";
import { mountIsland } from "../../islands/mount";
import { OrderLinesSection, OrderTotalsSection } from "./accountSections";
import { CouponPicker } from "./CouponPicker";
import { CustomerSection } from "./CustomerSection";
import { ItemPicker } from "./ItemPicker";
import { useAccountDraft } from "./useAccountDraft";

/** /account (ERP-KDJC-PAG-0003-0000, 开单结账): the cashier chooses the customer (or arrives from a
 * reservation), adds lines, sees the server's live totals, and commits the order to take payment. */
export function AccountPage({
  navigate = (to: string) => window.location.assign(to),
}: {
  navigate?: (to: string) => void;
}) {
  const { t } = useTranslation("till");
  const draft = useAccountDraft(window.location.search, navigate);
  const { reservationId, reservation, memId, messages } = draft;
  const [picking, setPicking] = useState(false);

  if (reservationId !== null && reservation.isPending) return <Loading />;
  if (reservation.isError) {
    return (
      <PageFrame title={t("account.title")}>
        <DetailError message={reservation.error.message} onRetry={() => void reservation.refetch()} />
      </PageFrame>
    );
  }

  return (
    <PageFrame title={t("account.title")} wide>
      <CustomerSection
        customer={draft.customer}
        messages={messages}
        locked={reservationId !== null}
        cards={draft.cards}
        onChange={draft.changeCustomer}
      />
      {memId !== null ? (
        <CouponPicker
          coupons={draft.usableCoupons}
          ticked={draft.couponIds}
          sent={draft.sent}
          dropped={draft.dropped}
          applied={draft.priced.data?.coupons ?? []}
          messages={messages}
          onToggle={draft.toggleCoupon}
        />
      ) : null}
      <OrderLinesSection draft={draft} onAddItem={() => setPicking(true)} />
      <OrderTotalsSection draft={draft} />
      <ItemPicker
        open={picking}
        member={memId !== null}
        cards={draft.cards.data ?? []}
        onClose={() => setPicking(false)}
        onAdd={draft.addLine}
      />
    </PageFrame>
  );
}

mountIsland(<AccountPage />);
