/** Pieces the settlement pages share: their namespace, a Data Grid in the page's language (each row
 * named by a test id, a page of rows from the server when paged, or of rows the browser holds), the
 * status chips, and the store filter. */
import Autocomplete from "@mui/material/Autocomplete";
import Box from "@mui/material/Box";
import Chip from "@mui/material/Chip";
import TextField from "@mui/material/TextField";
import type {
  GridColDef,
  GridPaginationModel,
  GridRowId,
  GridRowProps,
  GridSortModel,
  GridValidRowModel,
} from "@mui/x-data-grid";
import { GridRow } from "@mui/x-data-grid/components";
import { DataGrid } from "@mui/x-data-grid/DataGrid";
import { enUS, zhCN } from "@mui/x-data-grid/locales";
import type { JSXElementConstructor } from "react";
import { useTranslation } from "react-i18next";
import type { MatrixStore, MonthSettlement, StatementStatus } from "../../api/settlement";
import { cspNonce } from "../../islands/emotion";

export const NS = "settlement";

export const PAGE_SIZES = [10, 20, 50, 100];

/** A row of the grid carrying `data-testid="<prefix>-<row id>"`, for the page tests and the browser's. */
export function rowWithTestId(prefix: string): JSXElementConstructor<GridRowProps> {
  function Row(props: GridRowProps) {
    return <GridRow {...props} data-testid={`${prefix}-${props.rowId}`} />;
  }
  return Row;
}

export interface GridPaging {
  model: GridPaginationModel;
  total: number;
  onChange: (model: GridPaginationModel) => void;
}

export function SettlementGrid<R extends GridValidRowModel>({
  rows,
  columns,
  getRowId,
  row,
  testId,
  label,
  loading,
  emptyText,
  paging,
  pageSize,
  sortModel,
  onRowClick,
  height,
}: {
  rows: readonly R[];
  columns: GridColDef<R>[];
  getRowId: (row: R) => GridRowId;
  /** The row slot (rowWithTestId). */
  row: JSXElementConstructor<GridRowProps>;
  testId: string;
  label: string;
  loading: boolean;
  emptyText: string;
  /** A page of the server's rows; without it (and without `pageSize`) every row is shown. */
  paging?: GridPaging;
  /** Rows the browser already holds, shown this many a page. */
  pageSize?: number;
  /** The order the grid starts in (the person may sort by another column). */
  sortModel?: GridSortModel;
  onRowClick?: (row: R) => void;
  /** A fixed height (rows scroll inside it); by default the grid is as tall as its rows. */
  height?: number;
}) {
  const { i18n } = useTranslation(NS);
  const locale = (i18n.language.startsWith("en") ? enUS : zhCN).components.MuiDataGrid.defaultProps.localeText;
  return (
    <Box sx={{ width: "100%", ...(height ? { height } : {}) }} data-testid={testId}>
      <DataGrid
        aria-label={label}
        rows={rows}
        columns={columns}
        getRowId={getRowId}
        loading={loading}
        autoHeight={!height}
        disableColumnFilter
        disableRowSelectionOnClick
        {...(paging
          ? {
              paginationMode: "server" as const,
              rowCount: paging.total,
              paginationModel: paging.model,
              onPaginationModelChange: paging.onChange,
              pageSizeOptions: PAGE_SIZES,
            }
          : pageSize
            ? { pageSizeOptions: [pageSize] }
            : { hideFooter: rows.length <= 100 })}
        initialState={{
          ...(pageSize && !paging ? { pagination: { paginationModel: { page: 0, pageSize } } } : {}),
          ...(sortModel ? { sorting: { sortModel } } : {}),
        }}
        onRowClick={onRowClick ? (params) => onRowClick(params.row) : undefined}
        slots={{ row }}
        sx={onRowClick ? { "& .MuiDataGrid-row": { cursor: "pointer" } } : undefined}
        localeText={{ ...locale, noRowsLabel: emptyText }}
        // The grid's own <style> tag (its CSS variables) carries the page's CSP nonce, as emotion's do.
        nonce={cspNonce()}
      />
    </Box>
  );
}

const STATEMENT_COLOURS = {
  open: "warning",
  confirmed: "info",
  locked: "success",
  paid: "default",
} as const satisfies Record<StatementStatus, "warning" | "info" | "success" | "default">;

/** A statement's status in the server's words (`statusName`), coloured by its code. */
export function StatementStatusChip({
  status,
  label,
  testId,
}: {
  status: StatementStatus;
  label: string;
  testId?: string;
}) {
  return (
    <Chip size="small" color={STATEMENT_COLOURS[status]} label={label} data-testid={testId} data-status={status} />
  );
}

export function MonthStatusChip({ month, testId }: { month: MonthSettlement; testId?: string }) {
  return (
    <Chip
      size="small"
      color={month.status === "paid" ? "success" : "warning"}
      label={month.statusName}
      data-testid={testId}
      data-status={month.status}
    />
  );
}

/** "Store A → Store B": who owes whom. */
export function pairText(from: string, to: string): string {
  return `${from} → ${to}`;
}

/** A store to narrow a page to, by name, among `stores`; cleared, all of them. */
export function StoreFilter({
  stores,
  value,
  onChange,
  testId,
}: {
  stores: MatrixStore[];
  value: MatrixStore | null;
  onChange: (store: MatrixStore | null) => void;
  testId: string;
}) {
  const { t } = useTranslation(NS);
  // Another month may not have the chosen store: it stays a choice, to be cleared.
  const options = value && !stores.some((store) => store.id === value.id) ? [value, ...stores] : stores;
  return (
    <Autocomplete<MatrixStore>
      size="small"
      sx={{ minWidth: 260 }}
      value={value}
      options={options}
      getOptionLabel={(store) => store.name}
      getOptionKey={(store) => store.id}
      isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
      onChange={(_event, chosen) => onChange(chosen)}
      noOptionsText={t("storeFilter.none")}
      renderInput={(params) => (
        <TextField
          {...params}
          label={t("storeFilter.label")}
          placeholder={t("storeFilter.all")}
          slotProps={{
            ...params.slotProps,
            inputLabel: { ...params.slotProps.inputLabel, shrink: true },
            htmlInput: { ...params.slotProps.htmlInput, "data-testid": testId },
          }}
        />
      )}
    />
  );
}
