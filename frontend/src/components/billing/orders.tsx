/** An order as every page shows it: its status chip (money: lib/money.ts formatMoney) and the columns
 * of a list of orders. */
import Chip from "@mui/material/Chip";
import Link from "@mui/material/Link";
import type { TFunction } from "i18next";
import { orderDetailsHref, type OrderRow } from "../../api/bills";
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

/** The status with the server's label for it (`statusName`, in the request's language). */
export function OrderStatusChip({ status, label }: { status: string; label: string }) {
  return <Chip size="small" color={STATUS_COLORS[status] ?? "default"} label={label} />;
}

/**
 * The columns of a list of orders, in the "bills" words: the number (opening the order's details), when,
 * the status, what is payable, paid and due, and who took it. The store's list (`storeList`) adds whose
 * order it is and its total and discount; a member's own list leaves them out.
 */
export function orderColumns(t: TFunction, storeList: boolean): PagedColumn<OrderRow>[] {
  const money = (key: "total" | "discount" | "payable" | "paid" | "due"): PagedColumn<OrderRow> => ({
    key,
    label: t(`fields.${key}`),
    align: "right",
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
    {
      key: "createdAt",
      label: t("fields.createdAt"),
      cellSx: NOWRAP,
      render: (row) => storeDateTime(row.createdAt),
    },
    ...(storeList ? [customer] : []),
    {
      key: "status",
      label: t("fields.status"),
      render: (row) => <OrderStatusChip status={row.status} label={row.statusName} />,
    },
    ...(storeList ? [money("total"), money("discount")] : []),
    money("payable"),
    money("paid"),
    money("due"),
    { key: "operator", label: t("fields.operator"), render: (row) => row.operatorName || t("dash") },
  ];
}
