import AddIcon from "@mui/icons-material/Add";
import SearchIcon from "@mui/icons-material/Search";
import { Button, Link, Stack } from "@mui/material";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { RECEIPT_TYPES, receiptHref, useReceipts, type Receipt, type ReceiptSearch } from "../../api/goodsIn";
import { DateField } from "../../components/dates/DateField";
import { FilterBar, FilterSelect } from "../../components/filters";
import { LimitedTextField } from "../../components/LimitedTextField";
import { PageFrame } from "../../components/layout";
import { NOWRAP, PagedTable, usePaging, type PagedColumn } from "../../components/PagedTable";
import { rangeError } from "../../components/members/rules";
import { mountIsland } from "../../islands/mount";
import { formatDateTime } from "../../lib/format";
import { formatMoney } from "../../lib/money";
import { PAGE_SIZES } from "../../lib/paging";
import { NS, ReceiptExportButton, dayRange } from "./parts";

interface FilterInput {
  from: string;
  to: string;
  type: string;
  number: string;
}

const EMPTY: FilterInput = { from: "", to: "", type: "", number: "" };

function filtersFrom(input: FilterInput): ReceiptSearch {
  return {
    ...dayRange(input.from, input.to),
    type: (input.type || null) as ReceiptSearch["type"],
    number: input.number.trim() || null,
  };
}

/** /storageRecord (KCGL-0001): the store's goods-in documents with filters, paging and the export; a
 * row opens the document on /storageDetail. */
export function GoodsInListPage() {
  const { t, i18n } = useTranslation(NS);
  const paging = usePaging();
  const [input, setInput] = useState<FilterInput>(EMPTY);
  const [filters, setFilters] = useState<ReceiptSearch>(() => filtersFrom(EMPTY));
  const result = useReceipts({ pageNo: paging.pageIndex + 1, pageSize: paging.pageSize, ...filters });
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

  const columns: PagedColumn<Receipt>[] = [
    {
      key: "number",
      label: t("fields.number"),
      render: (row) => (
        <Link href={receiptHref(row.id)} underline="hover">
          {row.number}
        </Link>
      ),
    },
    {
      key: "createdAt",
      label: t("fields.createdAt"),
      cellSx: NOWRAP,
      render: (row) => formatDateTime(row.createdAt, i18n.language),
    },
    { key: "type", label: t("fields.type"), render: (row) => t(`types.${row.type}`, { defaultValue: row.typeName }) },
    { key: "supplier", label: t("fields.supplier"), render: (row) => row.supplier || t("dash") },
    { key: "goodsOrder", label: t("fields.goodsOrder"), render: (row) => row.sourceNumber || t("dash") },
    { key: "lines", label: t("fields.lines"), align: "right", render: (row) => row.lineCount },
    { key: "quantity", label: t("fields.quantity"), align: "right", render: (row) => row.totalQuantity },
    { key: "amount", label: t("fields.amount"), align: "right", render: (row) => formatMoney(row.amount) },
    { key: "operator", label: t("fields.operator"), render: (row) => row.createdByName || t("dash") },
  ];

  return (
    <PageFrame
      wide
      title={t("records.title")}
      actions={
        <Stack direction="row" spacing={1}>
          <ReceiptExportButton filters={filters} count={result.data?.total ?? null} />
          <Button variant="contained" startIcon={<AddIcon />} href="/storageDetail">
            {t("records.new")}
          </Button>
        </Stack>
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
          id="receipt-type-filter"
          label={t("fields.type")}
          allLabel={t("records.allTypes")}
          value={input.type}
          options={RECEIPT_TYPES.map((type) => ({ value: type, label: t(`types.${type}`) }))}
          minWidth={160}
          onChange={(value) => set("type", value)}
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
        label={t("records.title")}
        result={result}
        paging={paging}
        pageSizes={PAGE_SIZES}
        nowrapHeads
        columns={columns}
        rowKey={(row) => row.id}
        rowTestId={(row) => `receipt-row-${row.id}`}
        emptyText={t("records.empty")}
      />
    </PageFrame>
  );
}

mountIsland(<GoodsInListPage />);
