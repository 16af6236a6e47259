import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { payByPoints, useOrderPointsPrice } from "../../../api/pointsExchange";
import { idFromSearch } from "../../../lib/address";
import { formatMoney } from "../../../lib/money";
import { DetailError, Loading, detailFailure } from "../../../components/feedback";
import { Facts, PageFrame, Section } from "../../../components/layout";
import { mountIsland } from "../../../islands/mount";
import { useSubmissionKey } from "../../../lib/submissionKey";
import { ConfirmDialog } from "../../../components/ConfirmDialog";
import { DETAILS_ROUTE, LinesTable } from "./pointsParts";

/** /paymentPoints?orderId= (积分收款, ERP-KDJC-PAG-0003-0000): an order committed on /accountPoints is
 * paid by the member's points alone, at the server's price in points, after a confirmation. */
export function PaymentPointsPage({
  search = window.location.search,
  navigate = (href: string) => window.location.assign(href),
}: {
  search?: string;
  navigate?: (href: string) => void;
}) {
  const { t } = useTranslation("pointsExchange");
  const [orderId] = useState(() => idFromSearch(search, "orderId"));
  const [asking, setAsking] = useState(false);
  const order = useOrderPointsPrice(orderId);
  const submission = useSubmissionKey({ orderId, due: order.data?.due });
  const pay = useMutation({
    mutationFn: () => payByPoints(orderId ?? 0, order.data?.due ?? "0", submission.key),
    onSuccess: () => navigate(`${DETAILS_ROUTE}?orderId=${orderId}`),
    onError: () => {
      setAsking(false);
      void order.refetch();
    },
  });

  return (
    <PageFrame title={t("payment.title")}>
      {orderId === null ? (
        <Alert severity="warning">{t("missingOrder")}</Alert>
      ) : order.isPending ? (
        <Loading />
      ) : order.isError ? (
        <DetailError message={detailFailure(order.error, t("notFound"))} onRetry={() => void order.refetch()} />
      ) : (
        <Section title={t("payment.order", { orderNo: order.data.orderNo })}>
          <LinesTable lines={order.data.lines} label={t("payment.lines")} />
          <Facts
            items={[
              [t("payment.member"), order.data.memberName],
              [t("payment.due"), formatMoney(order.data.due)],
              [t("account.pointsPrice"), t("account.points", { points: order.data.points })],
              [t("account.balance"), t("account.points", { points: order.data.memberPoints })],
            ]}
          />
          {order.data.status === "paid" ? (
            <Alert severity="success" sx={{ mt: 2 }}>
              {t("payment.alreadyPaid")}
            </Alert>
          ) : order.data.status === "cancelled" ? (
            <Alert severity="info" sx={{ mt: 2 }}>
              {t("payment.cancelled")}
            </Alert>
          ) : order.data.enough ? (
            <Button variant="contained" sx={{ mt: 2 }} onClick={() => setAsking(true)}>
              {t("payment.pay")}
            </Button>
          ) : (
            <Alert severity="warning" sx={{ mt: 2 }}>
              {t("account.short", { points: order.data.points, balance: order.data.memberPoints })}
            </Alert>
          )}
          <ConfirmDialog
            open={asking}
            title={t("payment.confirmTitle")}
            message={t("payment.confirm", {
              name: order.data.memberName,
              points: order.data.points,
              orderNo: order.data.orderNo,
              left: order.data.memberPoints - order.data.points,
            })}
            busy={pay.isPending}
            onCancel={() => setAsking(false)}
            onConfirm={() => pay.mutate()}
          />
        </Section>
      )}
    </PageFrame>
  );
}

mountIsland(<PaymentPointsPage />);
