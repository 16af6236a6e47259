/** The goods orders list of a store (/bookProdLst) and of head office (/bookProdLstNew). */
import AddIcon from "@mui/icons-material/Add";
import Button from "@mui/material/Button";
import Link from "@mui/material/Link";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import {
  BTN_ORDER_PLACE,
  GOODS_ORDER_STATUSES,
  PAYMENT_STATUSES,
  headOfficeOrderHref,
  payDetailHref,
  storeOrderHref,
  useOrders,
  type GoodsOrder,
  type GoodsOrderSearch,
} from "../../api/goodsIn";
import { hasButtonCode } from "../../api/session";
import { FilterSelect } from "../../components/filters";
import { NOWRAP, usePaging, type PagedColumn } from "../../components/PagedTable";
import { FilterText, FormDateRange, SearchButtons } from "../../components/records/filterFields";
import { RecordsPage } from "../../components/records/RecordsPage";
import { reversedRange, useFilterForm } from "../../lib/filterForm";
import { storeDateTime } from "../../lib/dates";
import { formatMoney } from "../../lib/money";
import { NS, OrderStatusChip, PaymentChip, dayRange } from "./parts";

interface FilterInput {
  from: string;
  to: string;
  status: string;
  paymentStatus: string;
  number: string;
}

const EMPTY: FilterInput = { from: "", to: "", status: "", paymentStatus: "", number: "" };

function filtersFrom(input: FilterInput): GoodsOrderSearch {
  return {
    ...dayRange(input.from, input.to),
    status: (input.status || null) as GoodsOrderSearch["status"],
    paymentStatus: (input.paymentStatus || null) as GoodsOrderSearch["paymentStatus"],
    number: input.number.trim() || null,
  };
}

export function OrdersList({ scope }: { scope: "store" | "headOffice" }) {
  const { t } = useTranslation(NS);
  const paging = usePaging();
  const form = useFilterForm({ empty: EMPTY, toSearch: filtersFrom, paging, check: reversedRange });
  const { input, set } = form;
  const [mayPlace] = useState(() => hasButtonCode(BTN_ORDER_PLACE));
  const result = useOrders(scope, { pageNo: paging.pageIndex + 1, pageSize: paging.pageSize, ...form.filters });
  const href = scope === "store" ? storeOrderHref : headOfficeOrderHref;
  const columns: PagedColumn<GoodsOrder>[] = [
    {
      key: "number",
      label: t("fields.number"),
      render: (row) => (
        <Link href={href(row.id)} underline="hover">
          {row.number}
        </Link>
      ),
    },
    ...(scope === "headOffice"
      ? [{ key: "store", label: t("fields.store"), render: (row: GoodsOrder) => row.storeName }]
      : []),
    {
      key: "createdAt",
      label: t("fields.createdAt"),
      cellSx: NOWRAP,
      render: (row) => storeDateTime(row.createdAt),
    },
    { key: "status", label: t("fields.status"), render: (row) => <OrderStatusChip status={row.status} /> },
    {
      key: "payment",
      label: t("fields.payment"),
      render: (row) => (
        <Link href={payDetailHref(row.id)} underline="none">
          <PaymentChip status={row.paymentStatus} />
        </Link>
      ),
    },
    { key: "lines", label: t("fields.lines"), align: "right", render: (row) => row.lineCount },
    { key: "amount", label: t("fields.amount"), align: "right", render: (row) => formatMoney(row.amount) },
    { key: "operator", label: t("fields.operator"), render: (row) => row.createdByName || t("dash") },
  ];
  const title = scope === "store" ? t("orders.title") : t("orders.headOfficeTitle");
  return (
    <RecordsPage
      title={title}
      actions={
        scope === "store" && mayPlace ? (
          <Button variant="contained" startIcon={<AddIcon />} href="/bookProdDetail">
            {t("orders.new")}
          </Button>
        ) : null
      }
      onSearch={form.submit}
      filters={
        <>
          <FormDateRange
            form={form}
            fromLabel={t("from")}
            toLabel={t("to")}
            toError={form.error && t(`members:${form.error}`)}
          />
          <FilterSelect
            id={`${scope}-order-status`}
            label={t("fields.status")}
            allLabel={t("orders.allStatuses")}
            value={input.status}
            options={GOODS_ORDER_STATUSES.filter((s) => scope === "store" || s !== "draft").map((status) => ({
              value: status,
              label: t(`status.${status}`),
            }))}
            minWidth={150}
            onChange={(value) => set("status", value)}
          />
          <FilterSelect
            id={`${scope}-order-payment`}
            label={t("fields.payment")}
            allLabel={t("orders.allPayments")}
            value={input.paymentStatus}
            options={PAYMENT_STATUSES.map((status) => ({ value: status, label: t(`payment.${status}`) }))}
            minWidth={150}
            onChange={(value) => set("paymentStatus", value)}
          />
          <FilterText form={form} name="number" label={t("fields.number")} maxChars={32} />
          <SearchButtons searchLabel={t("search")} resetLabel={t("reset")} onReset={form.reset} />
        </>
      }
      table={{
        result,
        paging,
        columns,
        rowKey: (row) => row.id,
        rowTestId: (row) => `goods-order-row-${row.id}`,
        emptyText: t("orders.empty"),
      }}
    />
  );
}
