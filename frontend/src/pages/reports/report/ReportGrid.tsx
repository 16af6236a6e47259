/** A report's table (MUI X Data Grid): paged and sorted by the server, columns the person may hide,
 * a header that stays in view while the rows scroll, the totals over every row under it. */
import Box from "@mui/material/Box";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import { DataGrid } from "@mui/x-data-grid/DataGrid";
import type { GridColDef, GridPaginationModel, GridSortModel } from "@mui/x-data-grid";
import { enUS, zhCN } from "@mui/x-data-grid/locales";
import { useTranslation } from "react-i18next";
import { cspNonce } from "../../../islands/emotion";
import type { ReportColumn, ReportFilterValues, ReportRow } from "../../../api/reports";
import { cellText, ReportCell } from "./cells";
import { NS } from "./ReportFilters";

export const PAGE_SIZES = [20, 50, 100, 200];
const GRID_HEIGHT = 560;

type GridRow = ReportRow & { __rowId: number };

const NUMERIC: readonly ReportColumn["kind"][] = ["money", "count", "number", "percent"];

/** The grid's sort model as show's `sort` ("key", "-key" or ""), and back. */
export function sortParam(model: GridSortModel): string {
  const first = model[0];
  if (!first?.sort) return "";
  return first.sort === "desc" ? `-${first.field}` : first.field;
}

export function sortModelOf(sort: string): GridSortModel {
  if (!sort) return [];
  return sort.startsWith("-") ? [{ field: sort.slice(1), sort: "desc" }] : [{ field: sort, sort: "asc" }];
}

export function ReportGrid({
  columns,
  rows,
  total,
  totals,
  loading,
  filters,
  pageNo,
  pageSize,
  sort,
  onPage,
  onSort,
}: {
  columns: readonly ReportColumn[];
  rows: readonly ReportRow[];
  total: number;
  totals: Record<string, unknown> | null;
  loading: boolean;
  filters: ReportFilterValues;
  pageNo: number;
  pageSize: number;
  sort: string;
  onPage: (pageNo: number, pageSize: number) => void;
  onSort: (sort: string) => void;
}) {
  const { t, i18n } = useTranslation(NS);
  const locale = (i18n.language.startsWith("en") ? enUS : zhCN).components.MuiDataGrid.defaultProps.localeText;
  const gridColumns: GridColDef<GridRow>[] = columns.map((column) => ({
    field: column.key,
    headerName: column.label,
    sortable: column.sortable,
    minWidth: column.kind === "text" ? 140 : 110,
    flex: 1,
    align: NUMERIC.includes(column.kind) ? "right" : "left",
    headerAlign: NUMERIC.includes(column.kind) ? "right" : "left",
    renderCell: (params) => <ReportCell column={column} row={params.row} filters={filters} />,
  }));
  const offset = (pageNo - 1) * pageSize;
  const gridRows: GridRow[] = rows.map((row, index) => ({ ...row, __rowId: offset + index }));
  const paginationModel: GridPaginationModel = { page: pageNo - 1, pageSize };
  const summed = columns.filter((column) => column.total);
  return (
    <>
      <Box sx={{ height: GRID_HEIGHT, width: "100%" }} data-testid="report-grid">
        <DataGrid
          rows={gridRows}
          columns={gridColumns}
          getRowId={(row) => row.__rowId}
          rowCount={total}
          loading={loading}
          paginationMode="server"
          sortingMode="server"
          paginationModel={paginationModel}
          onPaginationModelChange={(model) => onPage(model.page + 1, model.pageSize)}
          pageSizeOptions={PAGE_SIZES}
          sortModel={sortModelOf(sort)}
          onSortModelChange={(model) => onSort(sortParam(model))}
          sortingOrder={["desc", "asc", null]}
          disableColumnFilter
          disableRowSelectionOnClick
          showToolbar
          localeText={{ ...locale, noRowsLabel: t("empty") }}
          // The grid's own <style> tag (its CSS variables) carries the page's CSP nonce, as emotion's do.
          nonce={cspNonce()}
        />
      </Box>
      {totals && summed.length ? (
        <Paper
          variant="outlined"
          sx={{ mt: 1, p: 1.5, display: "flex", flexWrap: "wrap", gap: 3 }}
          data-testid="report-totals"
        >
          <Typography variant="subtitle2">{t("totals")}</Typography>
          {summed.map((column) => (
            <Typography key={column.key} variant="body2" data-testid={`report-total-${column.key}`}>
              {column.label}: <strong>{cellText(column.kind, totals[column.key]) || "0"}</strong>
            </Typography>
          ))}
        </Paper>
      ) : null}
    </>
  );
}
