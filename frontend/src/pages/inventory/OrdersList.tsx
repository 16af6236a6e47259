/** The goods orders list of a store (/bookProdLst) and of head office (/bookProdLstNew). */
import AddIcon from "@mui/icons-material/Add";
import SearchIcon from "@mui/icons-material/Search";
import { Button, Link } from "@mui/material";
import { useState, type FormEvent } from "react";
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
import { DateField } from "../../components/dates/DateField";
import { FilterBar, FilterSelect } from "../../components/filters";
import { LimitedTextField } from "../../components/LimitedTextField";
import { PageFrame } from "../../components/layout";
import { NOWRAP, PagedTable, usePaging, type PagedColumn } from "../../components/PagedTable";
import { rangeError } from "../../components/members/rules";
import { formatDateTime } from "../../lib/format";
import { formatMoney } from "../../lib/money";
import { PAGE_SIZES } from "../../lib/paging";
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
  const { t, i18n } = useTranslation(NS);
  const paging = usePaging();
  const [input, setInput] = useState<FilterInput>(EMPTY);
  const [filters, setFilters] = useState<GoodsOrderSearch>(() => filtersFrom(EMPTY));
  const [mayPlace] = useState(() => hasButtonCode(BTN_ORDER_PLACE));
  const result = useOrders(scope, { pageNo: paging.pageIndex + 1, pageSize: paging.pageSize, ...filters });
  const rangeKey = rangeError(input.from, input.to);
  const set = <K extends keyof FilterInput>(key: K, value: FilterInput[K]) =>
    setInput((previous) => ({ ...previous, [key]: value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (rangeKey) return;
    paging.refilter(() => setFilters(filtersFrom(input)));
  };
  const reset = () =>
    paging.refilter(() => {
      setInput(EMPTY);
      setFilters(filtersFrom(EMPTY));
    });
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
      render: (row) => formatDateTime(row.createdAt, i18n.language),
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
    <PageFrame
      wide
      title={title}
      actions={
        scope === "store" && mayPlace ? (
          <Button variant="contained" startIcon={<AddIcon />} href="/bookProdDetail">
            {t("orders.new")}
          </Button>
        ) : null
      }
    >
      <FilterBar onSubmit={submit}>
        <DateField size="small" label={t("from")} value={input.from} onChange={(value) => set("from", value)} />
        <DateField
          size="small"
          label={t("to")}
          value={input.to}
          onChange={(value) => set("to", value)}
          error={Boolean(rangeKey)}
          helperText={rangeKey ? t(`members:${rangeKey}`) : undefined}
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
        <LimitedTextField
          maxChars={32}
          size="small"
          label={t("fields.number")}
          value={input.number}
          onChange={(event) => set("number", event.target.value)}
        />
        <Button type="submit" variant="contained" startIcon={<SearchIcon />}>
          {t("search")}
        </Button>
        <Button onClick={reset}>{t("reset")}</Button>
      </FilterBar>
      <PagedTable
        label={title}
        result={result}
        paging={paging}
        pageSizes={PAGE_SIZES}
        nowrapHeads
        columns={columns}
        rowKey={(row) => row.id}
        rowTestId={(row) => `goods-order-row-${row.id}`}
        emptyText={t("orders.empty")}
      />
    </PageFrame>
  );
}
