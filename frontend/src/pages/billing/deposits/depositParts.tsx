/** What the intention-deposit pages share: the deposit's and the ledger entry's columns, its money
 * facts, the status chip and filter, and the links between the pages (issue 17 §4). */

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
  DEPOSIT_STATUSES,
} from "../../../api/deposits";
import { FilterSelect } from "../../../components/filters";
import { useFilterForm, type FilterFormOptions } from "../../../lib/filterForm";
import type { Fact } from "../../../components/layout";
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

/** The filters of a list of deposits: words, a status, a date range. */
interface DepositFilterInput {
  keyword: string;
  status: string;
  from: string;
  to: string;
}

const NO_DEPOSIT_FILTERS: DepositFilterInput = { keyword: "", status: "", from: "", to: "" };

/** A list of deposits' filter form (useFilterForm's), empty as it opens. */
export function useDepositFilterForm<Search>(options: Omit<FilterFormOptions<DepositFilterInput, Search>, "empty">) {
  return useFilterForm({ empty: NO_DEPOSIT_FILTERS, ...options });
}

/** The status drop-down of a list of deposits. */
export function DepositStatusFilter({
  id,
  form,
}: {
  id: string;
  form: { input: { status: string }; set: (key: "status", value: string) => void };
}) {
  const { t } = useTranslation(DEPOSITS_NS);
  return (
    <FilterSelect
      id={id}
      label={t("fields.status")}
      allLabel={t("status.all")}
      value={form.input.status}
      minWidth={140}
      options={DEPOSIT_STATUSES.map((status) => ({ value: status, label: t(`status.${status}`) }))}
      onChange={(value) => form.set("status", value)}
    />
  );
}

/** Whose deposit it is and where its money stands: taken, applied to orders, refunded, left. */
export function depositMoneyFacts(
  t: (key: string) => string,
  deposit: Pick<Deposit, "memberName" | "phone" | "status" | "amount" | "applied" | "refunded" | "left">,
): Fact[] {
  return [
    [t("fields.member"), `${deposit.memberName} ${deposit.phone}`],
    [t("fields.status"), <DepositStatusChip key="status" status={deposit.status} />],
    [t("fields.amount"), formatMoney(deposit.amount)],
    [t("fields.applied"), formatMoney(deposit.applied)],
    [t("fields.refunded"), formatMoney(deposit.refunded)],
    [t("fields.left"), <strong key="left">{formatMoney(deposit.left)}</strong>],
  ];
}

/** A deposit's number, opening its page. */
function depositNoColumn<Row extends { depositId: number; depositNo: string }>(
  t: (key: string) => string,
): PagedColumn<Row> {
  return {
    key: "depositNo",
    label: t("fields.depositNo"),
    cellSx: NOWRAP,
    render: (row) => <Link href={depositHref(row.depositId)}>{row.depositNo}</Link>,
  };
}

export function depositColumns(t: (key: string) => string, actions: boolean): PagedColumn<Deposit>[] {
  const columns: PagedColumn<Deposit>[] = [
    depositNoColumn(t),
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
    depositNoColumn(t),
    {
      key: "member",
      label: t("fields.member"),
      render: (row) => `${row.memberName} ${row.phone}`,
    },
    ...columns,
  ];
}
