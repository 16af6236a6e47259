/** An order as every page shows it: its status chip (money: lib/money.ts formatMoney) and the columns
 * of a list of orders. */
import Chip from "@mui/material/Chip";
import Link from "@mui/material/Link";
import type { TFunction } from "i18next";
import { orderDetailsHref, type OrderRow, type OrderSummary } from "../../api/bills";
import { storeDateTime } from "../../lib/dates";
import { formatMoney } from "../../lib/money";
import { NOWRAP, type PagedColumn } from "../PagedTable";
import { CustomerCell } from "../records/CustomerCell";

const STATUS_COLORS: Record<string, "default" | "warning" | "info" | "success"> = {
  unpaid: "warning",
  partlyPaid: "info",
  paid: "success",
  cancelled: "default",
};

const REFUND_COLORS: Record<string, "error" | "warning"> = { refunded: "error", partlyRefunded: "warning" };

/** The status with the server's label for it (`statusName`, in the request's language); an order
 * its refunds gave back shows that instead (`refundStatus`: 已退款, 部分退款), so a refunded order
 * never reads as paid. */
export function OrderStatusChip({
  status,
  label,
  refundStatus = "none",
  refundLabel = "",
}: {
  status: string;
  label: string;
  refundStatus?: string;
  refundLabel?: string;
}) {
  const refunded = REFUND_COLORS[refundStatus];
  if (refunded && refundLabel) return <Chip size="small" color={refunded} label={refundLabel} />;
  return <Chip size="small" color={STATUS_COLORS[status] ?? "default"} label={label} />;
}

type MoneyKey = "total" | "discount" | "sessionsValue" | "payable" | "paid" | "refunded" | "net" | "due";

/** The figures a store's list of orders sums (its totals row) and shows per order: what was charged,
 * what sessions paid, what came in (gross), what refunds gave back and what stays (net). */
export const ORDER_SUMMED_FIGURES = [
  ["total", "fields.total"],
  ["discount", "fields.discount"],
  ["sessionsValue", "fields.sessionsValue"],
  ["payable", "fields.payable"],
  ["paid", "fields.paidGross"],
  ["refunded", "fields.refunded"],
  ["net", "fields.net"],
] as const satisfies readonly (readonly [Exclude<keyof OrderSummary, "count"> & MoneyKey, string])[];

/** The store's list: the summed figures and what is still due. A member's own list keeps to payable,
 * paid, due. */
const STORE_MONEY: readonly (readonly [MoneyKey, string])[] = [...ORDER_SUMMED_FIGURES, ["due", "fields.due"]];
const MEMBER_MONEY: readonly (readonly [MoneyKey, string])[] = [
  ["payable", "fields.payable"],
  ["paid", "fields.paid"],
  ["due", "fields.due"],
];

/**
 * The columns of a list of orders, in the "bills" words: the number (opening the order's details), when,
 * the status (a refunded order says so), the money and who took it. The store's list (`storeList`) adds
 * whose order it is and the gross, refunded and net figures; a member's own list leaves them out.
 */
export function orderColumns(t: TFunction, storeList: boolean): PagedColumn<OrderRow>[] {
  const money = ([key, label]: readonly [MoneyKey, string]): PagedColumn<OrderRow> => ({
    key,
    label: t(label),
    align: "right",
    cellSx: NOWRAP,
    render: (row) => formatMoney(row[key]),
  });
  const customer: PagedColumn<OrderRow> = {
    key: "customer",
    label: t("fields.customer"),
    render: (row) => <CustomerCell name={row.name} phone={row.phone} walkIn={row.walkIn} walkInLabel={t("walkIn")} />,
  };
  return [
    {
      key: "orderNo",
      label: t("fields.orderNo"),
      render: (row) => (
        <Link href={orderDetailsHref(row.orderId)} underline="hover">
          {row.orderNo}
        </Link>
      ),
    },
    { key: "createdAt", label: t("fields.createdAt"), cellSx: NOWRAP, render: (row) => storeDateTime(row.createdAt) },
    ...(storeList ? [customer] : []),
    {
      key: "status",
      label: t("fields.status"),
      render: (row) => (
        <OrderStatusChip
          status={row.status}
          label={row.statusName}
          refundStatus={row.refundStatus}
          refundLabel={row.refundStatusName}
        />
      ),
    },
    ...(storeList ? STORE_MONEY : MEMBER_MONEY).map(money),
    { key: "operator", label: t("fields.operator"), render: (row) => row.operatorName || t("dash") },
  ];
}
