import Link from "@mui/material/Link";
import { useTranslation } from "react-i18next";
import { orderDetailsHref, useOrders, type OrderRow } from "../../api/bills";
import { NOWRAP, PagedTable, usePaging, type PagedColumn } from "../../components/PagedTable";
import { storeDateTime } from "../../lib/dates";
import { PAGE_SIZES } from "../../lib/paging";
import { OrderStatusChip } from "../../components/billing/orders";
import { formatMoney } from "../../lib/money";

/** The member account's orders tab: the member's orders in the chosen store (orderList?memId=). */
export function AccountOrdersTab({ memId }: { memId: number }) {
  const { t } = useTranslation("bills");
  const paging = usePaging();
  const result = useOrders({ pageNo: paging.pageIndex + 1, pageSize: paging.pageSize, memId });
  const columns: PagedColumn<OrderRow>[] = [
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
    {
      key: "status",
      label: t("fields.status"),
      render: (row) => <OrderStatusChip status={row.status} label={row.statusName} />,
    },
    { key: "payable", label: t("fields.payable"), align: "right", render: (row) => formatMoney(row.payable) },
    { key: "paid", label: t("fields.paid"), align: "right", render: (row) => formatMoney(row.paid) },
    { key: "due", label: t("fields.due"), align: "right", render: (row) => formatMoney(row.due) },
    { key: "operator", label: t("fields.operator"), render: (row) => row.operatorName || t("dash") },
  ];
  return (
    <PagedTable
      label={t("list.title")}
      result={result}
      paging={paging}
      pageSizes={PAGE_SIZES}
      nowrapHeads
      columns={columns}
      rowKey={(row) => row.orderId}
      emptyText={t("list.empty")}
    />
  );
}
