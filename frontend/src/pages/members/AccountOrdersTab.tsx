import { useTranslation } from "react-i18next";
import { useOrders } from "../../api/bills";
import { PagedTable, usePaging } from "../../components/PagedTable";
import { orderColumns } from "../../components/billing/orders";

/** The member account's orders tab: the member's orders in the chosen store (orderList?memId=). */
export function AccountOrdersTab({ memId }: { memId: number }) {
  const { t } = useTranslation("bills");
  const paging = usePaging();
  const result = useOrders({ pageNo: paging.pageIndex + 1, pageSize: paging.pageSize, memId });
  return (
    <PagedTable
      label={t("list.title")}
      result={result}
      paging={paging}
      nowrapHeads
      columns={orderColumns(t, false)}
      rowKey={(row) => row.orderId}
      emptyText={t("list.empty")}
    />
  );
}
