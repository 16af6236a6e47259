import AddIcon from "@mui/icons-material/Add";
import Button from "@mui/material/Button";
import Link from "@mui/material/Link";
import Stack from "@mui/material/Stack";
import { useTranslation } from "react-i18next";
import { RECEIPT_TYPES, receiptHref, useReceipts, type Receipt, type ReceiptSearch } from "../../api/goodsIn";
import { FilterSelect } from "../../components/filters";
import { NOWRAP, usePaging, type PagedColumn } from "../../components/PagedTable";
import { FilterText, FormDateRange, SearchButtons } from "../../components/records/filterFields";
import { RecordsPage } from "../../components/records/RecordsPage";
import { mountIsland } from "../../islands/mount";
import { reversedRange, useFilterForm } from "../../lib/filterForm";
import { storeDateTime } from "../../lib/dates";
import { formatMoney } from "../../lib/money";
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
  const { t } = useTranslation(NS);
  const paging = usePaging();
  const form = useFilterForm({ empty: EMPTY, toSearch: filtersFrom, paging, check: reversedRange });
  const { input, set, filters } = form;
  const result = useReceipts({ pageNo: paging.pageIndex + 1, pageSize: paging.pageSize, ...filters });

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
      render: (row) => storeDateTime(row.createdAt),
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
    <RecordsPage
      title={t("records.title")}
      actions={
        <Stack direction="row" spacing={1}>
          <ReceiptExportButton filters={filters} count={result.data?.total ?? null} />
          <Button variant="contained" startIcon={<AddIcon />} href="/storageDetail">
            {t("records.new")}
          </Button>
        </Stack>
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
            id="receipt-type-filter"
            label={t("fields.type")}
            allLabel={t("records.allTypes")}
            value={input.type}
            options={RECEIPT_TYPES.map((type) => ({ value: type, label: t(`types.${type}`) }))}
            minWidth={160}
            onChange={(value) => set("type", value)}
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
        rowTestId: (row) => `receipt-row-${row.id}`,
        emptyText: t("records.empty"),
      }}
    />
  );
}

mountIsland(<GoodsInListPage />);
