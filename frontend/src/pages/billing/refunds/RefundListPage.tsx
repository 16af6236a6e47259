import Chip from "@mui/material/Chip";
import Link from "@mui/material/Link";
import { useTranslation } from "react-i18next";
import { orderDetailsHref } from "../../../api/bills";
import { refundDetailHref, useRefunds, type RefundRow, type RefundSearch } from "../../../api/refunds";
import { formatMoney } from "../../../lib/money";
import { NOWRAP, usePaging, type PagedColumn } from "../../../components/PagedTable";
import { FilterText, FormDateRange, SearchButtons } from "../../../components/records/filterFields";
import { CustomerCell } from "../../../components/records/CustomerCell";
import { RecordsPage } from "../../../components/records/RecordsPage";
import { mountIsland } from "../../../islands/mount";
import { reversedRange, useFilterForm } from "../../../lib/filterForm";
import { storeDateTime } from "../../../lib/dates";

const NS = "refunds";

interface FilterInput {
  from: string;
  to: string;
  keyword: string;
}

const EMPTY: FilterInput = { from: "", to: "", keyword: "" };

function filtersFrom(input: FilterInput): RefundSearch {
  return {
    startTime: input.from ? `${input.from}T00:00:00` : null,
    endTime: input.to ? `${input.to}T23:59:59` : null,
    keyword: input.keyword.trim() || null,
  };
}

/** /refundList (HYGL-PAG-0003-0001): the store's refunds, newest first, by date and by refund or order
 * number, name or phone; a row opens the refund's detail. */
export function RefundListPage() {
  const { t } = useTranslation(NS);
  const paging = usePaging();
  const form = useFilterForm({ empty: EMPTY, toSearch: filtersFrom, paging, check: reversedRange });
  const result = useRefunds({ pageNo: paging.pageIndex + 1, pageSize: paging.pageSize, ...form.filters });
  const columns: PagedColumn<RefundRow>[] = [
    {
      key: "refundNo",
      label: t("list.refundNo"),
      render: (row) => (
        <Link href={refundDetailHref(row.recedeId)} underline="hover">
          {row.refundNo}
        </Link>
      ),
    },
    {
      key: "createdAt",
      label: t("list.createdAt"),
      cellSx: NOWRAP,
      render: (row) => storeDateTime(row.createdAt),
    },
    {
      key: "orderNo",
      label: t("list.orderNo"),
      render: (row) => (
        <Link href={orderDetailsHref(row.orderId)} underline="hover">
          {row.orderNo}
        </Link>
      ),
    },
    {
      key: "customer",
      label: t("list.customer"),
      render: (row) => (
        <CustomerCell name={row.name} phone={row.phone} walkIn={row.memId === null} walkInLabel={t("walkIn")} />
      ),
    },
    { key: "amount", label: t("list.amount"), align: "right", render: (row) => formatMoney(row.amount) },
    { key: "reason", label: t("list.reason"), render: (row) => row.reason },
    { key: "operator", label: t("list.operator"), render: (row) => row.operatorName || t("dash") },
    {
      key: "status",
      label: t("list.status"),
      render: (row) => (
        <span>
          {row.statusName}
          {row.approved ? <Chip size="small" sx={{ ml: 1 }} label={t("list.approved")} /> : null}
        </span>
      ),
    },
  ];
  return (
    <RecordsPage
      title={t("list.title")}
      onSearch={form.submit}
      filters={
        <>
          <FormDateRange
            form={form}
            fromLabel={t("list.from")}
            toLabel={t("list.to")}
            toError={form.error && t(`members:${form.error}`)}
          />
          <FilterText form={form} name="keyword" label={t("list.keyword")} maxChars={24} />
          <SearchButtons searchLabel={t("list.search")} resetLabel={t("list.reset")} onReset={form.reset} />
        </>
      }
      table={{
        result,
        paging,
        columns,
        rowKey: (row) => row.recedeId,
        rowTestId: (row) => `refund-row-${row.recedeId}`,
        emptyText: t("list.empty"),
      }}
    />
  );
}

mountIsland(<RefundListPage />);
