import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import { useOrder } from "../../api/goodsIn";
import { DetailError, Loading, detailFailure } from "../../components/feedback";
import { BackLink, Facts, PageFrame, Section } from "../../components/layout";
import { mountIsland } from "../../islands/mount";
import { idFromSearch } from "../../lib/address";
import { storeDateTime } from "../../lib/dates";
import { centsToText, formatMoney } from "../../lib/money";
import { NS, PaymentChip } from "./parts";

/** /bookProdPayDetail (DHJL-0002): a goods order's payment status and its amounts: ordered (at the
 * supply price), confirmed, shipped; who marked it paid, when, with what reference. */
export function GoodsOrderPaymentPage({ search = window.location.search }: { search?: string }) {
  const { t } = useTranslation(NS);
  const id = idFromSearch(search);
  const order = useOrder(id);
  if (id === null || order.isError) {
    return (
      <PageFrame title={t("orders.title")}>
        <DetailError
          message={order.error ? detailFailure(order.error, t("order.notFound")) : t("order.notFound")}
          onRetry={() => void order.refetch()}
        />
      </PageFrame>
    );
  }
  if (order.isPending) {
    return (
      <PageFrame title={t("orders.title")}>
        <Loading />
      </PageFrame>
    );
  }
  const data = order.data;
  const ordered = data.lines.reduce(
    (sum, line) => sum + Math.round(Number(line.quantity) * Number(line.unitPrice) * 100),
    0,
  );
  return (
    <PageFrame title={t("pay.title", { number: data.number })}>
      <BackLink href={`/bookProdDetail?id=${data.id}`}>{t("order.title", { number: data.number })}</BackLink>
      <Section title={t("fields.payment")}>
        <Facts
          items={[
            [t("fields.store"), data.storeName],
            [t("fields.payment"), <PaymentChip key="payment" status={data.paymentStatus} />],
            [t("pay.ordered"), formatMoney(centsToText(ordered))],
            [t("pay.confirmedAmount"), data.confirmedAt ? formatMoney(data.amount) : t("dash")],
            [t("pay.shippedAmount"), data.shippedAt ? formatMoney(data.shippedAmount) : t("dash")],
            [t("pay.paidBy"), data.paidByName || t("dash")],
            [t("pay.paidAt"), data.paidAt ? storeDateTime(data.paidAt) : t("dash")],
            [t("pay.reference"), data.paymentReference || t("dash")],
          ]}
        />
      </Section>
      <Typography color="text.secondary">{t("pay.how")}</Typography>
    </PageFrame>
  );
}

mountIsland(<GoodsOrderPaymentPage />);
