/** What the intention-deposit pages share: the deposit's and the ledger entry's columns, the status
 * chip, and the links between the pages (issue 17 §4). */

import Box from "@mui/material/Box";
import Chip from "@mui/material/Chip";
import Link from "@mui/material/Link";
import Stack from "@mui/material/Stack";
import { useTranslation } from "react-i18next";
import { orderDetailsHref } from "../../../api/bills";
import {
  depositHref,
  hasMoneyLeft,
  payHref,
  refundHref,
  type Deposit,
  type DepositEntry,
  type DepositStatus,
} from "../../../api/deposits";
import { NOWRAP, type PagedColumn } from "../../../components/PagedTable";
import { storeDateTime } from "../../../lib/dates";
import { formatMoney, formatMoneyChange } from "../../../lib/money";

export const DEPOSITS_NS = "deposits";

const STATUS_COLOURS: Record<DepositStatus, "default" | "info" | "success" | "warning"> = {
  unpaid: "warning",
  open: "success",
  partlyUsed: "info",
  used: "default",
  refunded: "default",
  cancelled: "default",
};

export function DepositStatusChip({ status }: { status: DepositStatus }) {
  const { t } = useTranslation(DEPOSITS_NS);
  return <Chip size="small" color={STATUS_COLOURS[status]} label={t(`status.${status}`)} />;
}

/** The links between the deposit pages, shown on each of them. */
export function DepositLinks() {
  const { t } = useTranslation(DEPOSITS_NS);
  return (
    <Stack direction="row" spacing={2} sx={{ mb: 2 }}>
      <Link href="/stoIntention">{t("nav.list")}</Link>
      <Link href="/payIntentionMent">{t("nav.take")}</Link>
      <Link href="/payIntentionRecord">{t("nav.records")}</Link>
      <Link href="/depositRecord">{t("nav.depositRecord")}</Link>
    </Stack>
  );
}

export function depositColumns(t: (key: string) => string, actions: boolean): PagedColumn<Deposit>[] {
  const columns: PagedColumn<Deposit>[] = [
    {
      key: "depositNo",
      label: t("fields.depositNo"),
      cellSx: NOWRAP,
      render: (row) => <Link href={depositHref(row.depositId)}>{row.depositNo}</Link>,
    },
    {
      key: "member",
      label: t("fields.member"),
      render: (row) => (
        <span>
          {row.memberName}
          <Box component="span" sx={{ color: "text.secondary", ml: 1, ...NOWRAP }}>
            {row.phone}
          </Box>
        </span>
      ),
    },
    { key: "status", label: t("fields.status"), render: (row) => <DepositStatusChip status={row.status} /> },
    { key: "amount", label: t("fields.amount"), align: "right", render: (row) => formatMoney(row.amount) },
    { key: "applied", label: t("fields.applied"), align: "right", render: (row) => formatMoney(row.applied) },
    { key: "refunded", label: t("fields.refunded"), align: "right", render: (row) => formatMoney(row.refunded) },
    { key: "left", label: t("fields.left"), align: "right", render: (row) => formatMoney(row.left) },
    {
      key: "orderNo",
      label: t("fields.orderNo"),
      render: (row) => <Link href={orderDetailsHref(row.orderId)}>{row.orderNo}</Link>,
    },
    { key: "operator", label: t("fields.operator"), render: (row) => row.operatorName },
    {
      key: "createdAt",
      label: t("fields.createdAt"),
      cellSx: NOWRAP,
      render: (row) => storeDateTime(row.createdAt),
    },
  ];
  if (!actions) return columns;
  return [
    ...columns,
    {
      key: "actions",
      label: t("fields.actions"),
      cellSx: NOWRAP,
      render: (row) => (
        <Stack direction="row" spacing={1}>
          <Link href={depositHref(row.depositId)}>{t("list.detail")}</Link>
          {row.status === "unpaid" ? (
            <Link href={payHref(row.orderId)} data-testid={`pay-${row.depositId}`}>
              {t("list.pay")}
            </Link>
          ) : null}
          {hasMoneyLeft(row) ? (
            <Link href={refundHref(row.depositId)} data-testid={`refund-${row.depositId}`}>
              {t("list.refund")}
            </Link>
          ) : null}
        </Stack>
      ),
    },
  ];
}

export function entryColumns(t: (key: string) => string, withDeposit: boolean): PagedColumn<DepositEntry>[] {
  const columns: PagedColumn<DepositEntry>[] = [
    {
      key: "createdAt",
      label: t("fields.createdAt"),
      cellSx: NOWRAP,
      render: (row) => storeDateTime(row.createdAt),
    },
    { key: "kind", label: t("fields.kind"), render: (row) => t(`kind.${row.kind}`) },
    { key: "change", label: t("fields.change"), align: "right", render: (row) => formatMoneyChange(row.change) },
    { key: "left", label: t("fields.leftAfter"), align: "right", render: (row) => formatMoney(row.left) },
    {
      key: "orderNo",
      label: t("fields.orderNo"),
      render: (row) => (row.orderId ? <Link href={orderDetailsHref(row.orderId)}>{row.orderNo}</Link> : ""),
    },
    { key: "refundNo", label: t("fields.refundNo"), render: (row) => row.refundNo },
    { key: "businessDate", label: t("fields.businessDate"), render: (row) => row.businessDate },
    { key: "operator", label: t("fields.operator"), render: (row) => row.operatorName },
  ];
  if (!withDeposit) return columns;
  return [
    {
      key: "depositNo",
      label: t("fields.depositNo"),
      cellSx: NOWRAP,
      render: (row) => <Link href={depositHref(row.depositId)}>{row.depositNo}</Link>,
    },
    {
      key: "member",
      label: t("fields.member"),
      render: (row) => `${row.memberName} ${row.phone}`,
    },
    ...columns,
  ];
}
