import SearchIcon from "@mui/icons-material/Search";
import { Box, Button, Chip, Link } from "@mui/material";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { orderDetailsHref } from "../../../api/bills";
import { refundDetailHref, useRefunds, type RefundRow, type RefundSearch } from "../../../api/refunds";
import { formatMoney } from "../../../lib/money";
import { DateField } from "../../../components/dates/DateField";
import { FilterBar } from "../../../components/filters";
import { LimitedTextField } from "../../../components/LimitedTextField";
import { PageFrame } from "../../../components/layout";
import { rangeError } from "../../../components/members/rules";
import { NOWRAP, PagedTable, usePaging, type PagedColumn } from "../../../components/PagedTable";
import { mountIsland } from "../../../islands/mount";
import { formatDateTime } from "../../../lib/format";
import { PAGE_SIZES } from "../../../lib/paging";

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
  const { t, i18n } = useTranslation(NS);
  const paging = usePaging();
  const [input, setInput] = useState<FilterInput>(EMPTY);
  const [filters, setFilters] = useState<RefundSearch>(() => filtersFrom(EMPTY));
  const result = useRefunds({ pageNo: paging.pageIndex + 1, pageSize: paging.pageSize, ...filters });
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
      render: (row) => formatDateTime(row.createdAt, i18n.language),
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
        <span>
          {row.memId === null ? `${row.name} (${t("walkIn")})` : row.name}
          {row.phone ? (
            <Box component="span" sx={{ color: "text.secondary", ml: 1, ...NOWRAP }}>
              {row.phone}
            </Box>
          ) : null}
        </span>
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
    <PageFrame wide title={t("list.title")}>
      <FilterBar onSubmit={submit}>
        <DateField size="small" label={t("list.from")} value={input.from} onChange={(value) => set("from", value)} />
        <DateField
          size="small"
          label={t("list.to")}
          value={input.to}
          onChange={(value) => set("to", value)}
          error={Boolean(rangeKey)}
          helperText={rangeKey ? t(`members:${rangeKey}`) : undefined}
        />
        <LimitedTextField
          maxChars={24}
          size="small"
          label={t("list.keyword")}
          value={input.keyword}
          onChange={(event) => set("keyword", event.target.value)}
        />
        <Button type="submit" variant="contained" startIcon={<SearchIcon />}>
          {t("list.search")}
        </Button>
        <Button onClick={reset}>{t("list.reset")}</Button>
      </FilterBar>
      <PagedTable
        label={t("list.title")}
        result={result}
        paging={paging}
        pageSizes={PAGE_SIZES}
        nowrapHeads
        columns={columns}
        rowKey={(row) => row.recedeId}
        rowTestId={(row) => `refund-row-${row.recedeId}`}
        emptyText={t("list.empty")}
      />
    </PageFrame>
  );
}

mountIsland(<RefundListPage />);
