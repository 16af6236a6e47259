import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Link from "@mui/material/Link";
import Stack from "@mui/material/Stack";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { orderDetailsHref } from "../../../api/bills";
import { hasMoneyLeft, payHref, refundHref, useDeposit } from "../../../api/deposits";
import { DetailError, Loading } from "../../../components/feedback";
import { Facts, PageFrame, Section } from "../../../components/layout";
import { mountIsland } from "../../../islands/mount";
import { idFromSearch } from "../../../lib/address";
import { storeDateTime } from "../../../lib/dates";
import { formatMoney, formatMoneyChange } from "../../../lib/money";
import { DEPOSITS_NS, DepositLinks, DepositStatusChip } from "./depositParts";

/** /payIntentionDetail?depositId=: one intention deposit, its ledger (oldest first) and the orders
 * it paid; paying it (while unpaid) and refunding what is left start here. */
export function DepositPage() {
  const { t } = useTranslation(DEPOSITS_NS);
  const [depositId] = useState(() => idFromSearch(window.location.search, "depositId"));
  const detail = useDeposit(depositId);
  if (depositId === null) {
    return (
      <PageFrame title={t("nav.list")}>
        <Alert severity="warning">{t("detail.noDeposit")}</Alert>
      </PageFrame>
    );
  }
  if (detail.isPending) return <Loading />;
  if (detail.isError) return <DetailError message={detail.error.message} onRetry={() => void detail.refetch()} />;
  const deposit = detail.data;
  return (
    <PageFrame
      title={t("detail.title", { depositNo: deposit.depositNo })}
      actions={
        <Stack direction="row" spacing={1}>
          {deposit.status === "unpaid" ? (
            <Button variant="contained" href={payHref(deposit.orderId)}>
              {t("list.pay")}
            </Button>
          ) : null}
          {hasMoneyLeft(deposit) ? (
            <Button variant="outlined" color="warning" href={refundHref(deposit.depositId)}>
              {t("list.refund")}
            </Button>
          ) : null}
        </Stack>
      }
    >
      <DepositLinks />
      <Section title={t("detail.title", { depositNo: deposit.depositNo })}>
        <Facts
          items={[
            [t("fields.member"), `${deposit.memberName} ${deposit.phone}`],
            [t("fields.status"), <DepositStatusChip key="status" status={deposit.status} />],
            [t("fields.amount"), formatMoney(deposit.amount)],
            [t("fields.applied"), formatMoney(deposit.applied)],
            [t("fields.refunded"), formatMoney(deposit.refunded)],
            [t("fields.left"), <strong key="left">{formatMoney(deposit.left)}</strong>],
            [
              t("fields.orderNo"),
              <Link key="order" href={orderDetailsHref(deposit.orderId)}>
                {deposit.orderNo}
              </Link>,
            ],
            [t("fields.operator"), deposit.operatorName],
            [t("fields.createdAt"), storeDateTime(deposit.createdAt)],
            [t("fields.takenAt"), storeDateTime(deposit.takenAt)],
            [t("fields.remark"), deposit.remark],
          ]}
        />
      </Section>
      <Section title={t("detail.entries")}>
        <Table size="small" aria-label={t("detail.entries")}>
          <TableHead>
            <TableRow>
              <TableCell>{t("fields.createdAt")}</TableCell>
              <TableCell>{t("fields.kind")}</TableCell>
              <TableCell align="right">{t("fields.change")}</TableCell>
              <TableCell align="right">{t("fields.leftAfter")}</TableCell>
              <TableCell>{t("fields.orderNo")}</TableCell>
              <TableCell>{t("fields.refundNo")}</TableCell>
              <TableCell>{t("fields.operator")}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {deposit.entries.map((entry) => (
              <TableRow key={entry.entryId} data-testid={`entry-${entry.entryId}`}>
                <TableCell>{storeDateTime(entry.createdAt)}</TableCell>
                <TableCell>{t(`kind.${entry.kind}`)}</TableCell>
                <TableCell align="right">{formatMoneyChange(entry.change)}</TableCell>
                <TableCell align="right">{formatMoney(entry.left)}</TableCell>
                <TableCell>{entry.orderNo}</TableCell>
                <TableCell>{entry.refundNo}</TableCell>
                <TableCell>{entry.operatorName}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Section>
      <Section title={t("detail.orders")}>
        {deposit.orders.length === 0 ? (
          <Alert severity="info">{t("detail.noOrders")}</Alert>
        ) : (
          <Table size="small" aria-label={t("detail.orders")}>
            <TableHead>
              <TableRow>
                <TableCell>{t("detail.order")}</TableCell>
                <TableCell align="right">{t("fields.amount")}</TableCell>
                <TableCell>{t("detail.at")}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {deposit.orders.map((order) => (
                <TableRow key={order.orderId}>
                  <TableCell>
                    <Link href={orderDetailsHref(order.orderId)}>{order.orderNo}</Link>
                  </TableCell>
                  <TableCell align="right">{formatMoney(order.amount)}</TableCell>
                  <TableCell>{storeDateTime(order.at)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </Section>
    </PageFrame>
  );
}

mountIsland(<DepositPage />);
