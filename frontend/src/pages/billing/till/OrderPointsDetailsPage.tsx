import Alert from "@mui/material/Alert";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useOrderDetail, useOrderPointsPrice, type OrderDetail } from "../../../api/pointsExchange";
import { OrderStatusChip } from "../../../components/billing/orders";
import { idFromSearch } from "../../../lib/address";
import { formatMoney } from "../../../lib/money";
import { DetailError, Loading, detailFailure } from "../../../components/feedback";
import { Facts, PageFrame, Section } from "../../../components/layout";
import { mountIsland } from "../../../islands/mount";
import { storeDateTime } from "../../../lib/dates";
import { EntriesTable, LinesTable } from "./pointsParts";

/** /orderPointsDetails?orderId= (积分订单详情, ERP-KDJC-PAG-0006-0000): a points order with its lines,
 * its points tender and the member's points ledger entries naming it. */
export function OrderPointsDetailsPage({ search = window.location.search }: { search?: string }) {
  const { t } = useTranslation("pointsExchange");
  const [orderId] = useState(() => idFromSearch(search, "orderId"));
  const detail = useOrderDetail(orderId);
  const points = useOrderPointsPrice(orderId);
  const failed = detail.error ?? points.error;
  return (
    <PageFrame title={t("details.title")}>
      {orderId === null ? (
        <Alert severity="warning">{t("missingOrder")}</Alert>
      ) : failed ? (
        <DetailError
          message={detailFailure(failed, t("notFound"))}
          onRetry={() => {
            void detail.refetch();
            void points.refetch();
          }}
        />
      ) : !detail.data || !points.data ? (
        <Loading />
      ) : (
        <>
          <OrderFacts order={detail.data} />
          <Section title={t("payment.lines")}>
            <LinesTable lines={detail.data.lines} label={t("payment.lines")} />
          </Section>
          <Section title={t("details.tenders")}>
            <Tenders order={detail.data} />
          </Section>
          <Section title={t("details.entries")}>
            <EntriesTable entries={points.data.entries} />
          </Section>
        </>
      )}
    </PageFrame>
  );
}

function OrderFacts({ order }: { order: OrderDetail }) {
  const { t } = useTranslation("pointsExchange");
  return (
    <Section title={t("payment.order", { orderNo: order.orderNo })}>
      <Facts
        items={[
          [t("payment.member"), order.name],
          [t("details.status"), <OrderStatusChip status={order.status} label={order.statusName} />],
          [t("account.payable"), formatMoney(order.payable)],
          [t("details.paid"), formatMoney(order.paid)],
          [t("payment.due"), formatMoney(order.due)],
          [t("details.paidAt"), storeDateTime(order.paidAt) || "—"],
        ]}
      />
    </Section>
  );
}

function Tenders({ order }: { order: OrderDetail }) {
  const { t } = useTranslation("pointsExchange");
  if (order.tenders.length === 0) return <Alert severity="info">{t("details.noTenders")}</Alert>;
  return (
    <Table size="small" aria-label={t("details.tenders")}>
      <TableHead>
        <TableRow>
          <TableCell>{t("details.method")}</TableCell>
          <TableCell align="right">{t("lines.amount")}</TableCell>
          <TableCell align="right">{t("details.pointsUsed")}</TableCell>
          <TableCell>{t("details.time")}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {order.tenders.map((tender) => (
          <TableRow key={tender.tenderId}>
            <TableCell>{t(`methods.${tender.method}`, { defaultValue: tender.method })}</TableCell>
            <TableCell align="right">{formatMoney(tender.amount)}</TableCell>
            <TableCell align="right">{tender.points ?? "—"}</TableCell>
            <TableCell>{storeDateTime(tender.createdAt)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

mountIsland(<OrderPointsDetailsPage />);
