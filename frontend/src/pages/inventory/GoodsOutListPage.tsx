import Button from "@mui/material/Button";
import Link from "@mui/material/Link";
import Stack from "@mui/material/Stack";
import { useTranslation } from "react-i18next";
import { documentHref, useOutboundRecords, useOutboundTypes, type DocumentRow } from "../../api/stockOut";
import { NOWRAP, usePaging, type PagedColumn } from "../../components/PagedTable";
import { RecordsPage } from "../../components/records/RecordsPage";
import { mountIsland } from "../../islands/mount";
import { reversedRange, useFilterForm } from "../../lib/filterForm";
import { storeDateTime } from "../../lib/dates";
import {
  EMPTY_FILTERS,
  formatQuantity,
  NS,
  OutboundExportButton,
  RecordFilterFields,
  searchFrom,
  StatusChip,
} from "./stockOutParts";

/** /outboundRecord (KCGL-0004): the store's goods-out documents of every type (in-store use,
 * returns, loans out, loans given back) with filters, paging and the export; a row opens the
 * document, a loan on the lending page. */
export function GoodsOutListPage() {
  const { t } = useTranslation(NS);
  const paging = usePaging();
  const form = useFilterForm({ empty: EMPTY_FILTERS, toSearch: searchFrom, paging, check: reversedRange });
  const filters = form.filters;
  const result = useOutboundRecords({ pageNo: paging.pageIndex + 1, pageSize: paging.pageSize, ...filters });
  const types = useOutboundTypes();
  const canLend = Boolean(types.data?.borrowOutTargets.length);

  const columns: PagedColumn<DocumentRow>[] = [
    {
      key: "number",
      label: t("fields.number"),
      render: (row) => (
        <Link href={documentHref(row)} underline="hover">
          {row.number}
        </Link>
      ),
    },
    { key: "type", label: t("fields.type"), render: (row) => t(`types.${row.type}`) },
    { key: "status", label: t("fields.status"), render: (row) => <StatusChip status={row.status} /> },
    {
      key: "other",
      label: t("fields.otherStore"),
      render: (row) =>
        row.otherStoreName || (row.type === "return" ? row.supplier || t("fields.headOffice") : t("dash")),
    },
    { key: "lines", label: t("fields.lines"), align: "right", render: (row) => row.lineCount },
    { key: "quantity", label: t("fields.quantity"), align: "right", render: (row) => formatQuantity(row.quantity) },
    {
      key: "createdAt",
      label: t("fields.createdAt"),
      cellSx: NOWRAP,
      render: (row) => storeDateTime(row.createdAt),
    },
    { key: "createdBy", label: t("fields.createdBy"), render: (row) => row.createdByName || t("dash") },
    { key: "remark", label: t("fields.remark"), render: (row) => row.remark || t("dash") },
  ];

  return (
    <RecordsPage
      title={t("records.title")}
      actions={
        <Stack direction="row" spacing={1} sx={{ flexWrap: "wrap" }}>
          <Button variant="contained" href="/outboundDetail?type=use">
            {t("records.newUse")}
          </Button>
          <Button variant="outlined" href="/outboundDetail?type=return">
            {t("records.newReturn")}
          </Button>
          {canLend ? (
            <Button variant="outlined" href="/outboundDetail?type=loan">
              {t("records.newLoan")}
            </Button>
          ) : null}
          <Button href="/storageLendDetail">{t("records.loans")}</Button>
          <OutboundExportButton filters={filters} count={result.data?.total ?? null} />
        </Stack>
      }
      onSearch={form.submit}
      filters={<RecordFilterFields form={form} />}
      table={{
        result,
        paging,
        columns,
        rowKey: (row) => row.id,
        rowTestId: (row) => `outbound-row-${row.id}`,
        emptyText: t("records.empty"),
      }}
    />
  );
}

mountIsland(<GoodsOutListPage />);
