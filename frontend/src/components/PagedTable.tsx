import Paper from "@mui/material/Paper";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableContainer from "@mui/material/TableContainer";
import TableHead from "@mui/material/TableHead";
import TablePagination from "@mui/material/TablePagination";
import TableRow from "@mui/material/TableRow";
import type { SxProps, Theme } from "@mui/material/styles";
import type { UseQueryResult } from "@tanstack/react-query";
import { useState, type Key, type ReactNode } from "react";
import type { Page } from "../api/client";
import { PAGE_SIZES } from "../lib/paging";
import { TableStateRow } from "./feedback";

/** A cell that keeps to one line. */
export const NOWRAP = { whiteSpace: "nowrap" } as const;

export interface PagedColumn<Row> {
  key: string;
  label: string;
  align?: "right" | "center";
  /** The style of the heading cell. */
  headSx?: SxProps<Theme>;
  /** The style of the body cells. */
  cellSx?: SxProps<Theme>;
  render: (row: Row) => ReactNode;
}

/** Paging of a list; a filter change goes back to the first page. */
export function usePaging(defaultPageSize = 10) {
  const [pageIndex, setPageIndex] = useState(0);
  const [pageSize, setPageSize] = useState<number>(defaultPageSize);
  const refilter = (apply: () => void) => {
    apply();
    setPageIndex(0);
  };
  return { pageIndex, setPageIndex, pageSize, setPageSize, refilter };
}

export type Paging = ReturnType<typeof usePaging>;

export interface PagedTableProps<Row> {
  /** The table's accessible name. */
  label: string;
  result: UseQueryResult<Page<Row>, Error>;
  paging: Paging;
  /** The choices of rows a page; the app's own unless a list has others. */
  pageSizes?: readonly number[];
  columns: readonly PagedColumn<Row>[];
  /** Every heading keeps to one line (a column's own `headSx` wins). */
  nowrapHeads?: boolean;
  rowKey: (row: Row) => Key;
  emptyText: string;
  /** Clicking a row opens this address. */
  rowHref?: (row: Row) => string;
  /** Clicking a row does this (when there is no `rowHref`). */
  onRowClick?: (row: Row) => void;
  rowTestId?: (row: Row) => string;
  testId?: string;
  paginationTestId?: string;
  labelRowsPerPage?: ReactNode;
  labelDisplayedRows?: (paginationInfo: { from: number; to: number; count: number; page: number }) => ReactNode;
}

/** A paged list with its loading, failure (with a retry) and empty states; rows may open a link
 * (`rowHref`) or do something (`onRowClick`) when clicked. */
export function PagedTable<Row>({
  label,
  result,
  paging,
  pageSizes = PAGE_SIZES,
  columns,
  nowrapHeads = false,
  rowKey,
  emptyText,
  rowHref,
  onRowClick,
  rowTestId,
  testId,
  paginationTestId,
  labelRowsPerPage,
  labelDisplayedRows,
}: PagedTableProps<Row>) {
  const rows = result.data?.list ?? [];
  const state = result.isPending ? "loading" : result.isError ? "error" : rows.length === 0 ? "empty" : null;
  const rowClick = rowHref ? (row: Row) => window.location.assign(rowHref(row)) : onRowClick;
  return (
    <Paper variant="outlined">
      <TableContainer>
        <Table size="small" aria-label={label} data-testid={testId}>
          <TableHead>
            <TableRow>
              {columns.map((column) => (
                <TableCell
                  key={column.key}
                  align={column.align}
                  sx={column.headSx ?? (nowrapHeads ? NOWRAP : undefined)}
                >
                  {column.label}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {state ? (
              <TableStateRow
                columns={columns.length}
                state={state}
                emptyText={emptyText}
                errorText={result.error?.message}
                onRetry={() => void result.refetch()}
              />
            ) : (
              rows.map((row) => (
                <TableRow
                  key={rowKey(row)}
                  hover
                  data-href={rowHref?.(row)}
                  data-testid={rowTestId?.(row)}
                  sx={rowClick ? { cursor: "pointer" } : undefined}
                  onClick={rowClick ? () => rowClick(row) : undefined}
                >
                  <ColumnCells columns={columns} row={row} />
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
      </TableContainer>
      <ListPagination
        total={result.data?.total ?? 0}
        paging={paging}
        pageSizes={pageSizes}
        labelRowsPerPage={labelRowsPerPage}
        labelDisplayedRows={labelDisplayedRows}
        testId={paginationTestId}
      />
    </Paper>
  );
}

/** A row's body cells, one a column (keyed by the column's key, else its label). */
export function ColumnCells<Row>({
  columns,
  row,
}: {
  columns: readonly (Pick<PagedColumn<Row>, "label" | "align" | "cellSx" | "render"> & { key?: string })[];
  row: Row;
}) {
  return columns.map((column) => (
    <TableCell key={column.key ?? column.label} align={column.align} sx={column.cellSx}>
      {column.render(row)}
    </TableCell>
  ));
}

/** What a pager moves: the page shown and its size (a new size goes back to the first page). */
export interface PagerState {
  pageIndex: number;
  setPageIndex: (pageIndex: number) => void;
  pageSize: number;
  setPageSize: (pageSize: number) => void;
  refilter: (apply: () => void) => void;
}

/** The pager under a paged list, in the app's words unless a list gives its own. */
export function ListPagination({
  total,
  paging,
  pageSizes = PAGE_SIZES,
  labelRowsPerPage,
  labelDisplayedRows,
  testId,
}: {
  total: number;
  paging: PagerState;
  pageSizes?: readonly number[];
  testId?: string;
} & Pick<PagedTableProps<unknown>, "labelRowsPerPage" | "labelDisplayedRows">) {
  return (
    <TablePagination
      component="div"
      count={total}
      page={paging.pageIndex}
      rowsPerPage={paging.pageSize}
      rowsPerPageOptions={[...pageSizes]}
      onPageChange={(_event, next) => paging.setPageIndex(next)}
      onRowsPerPageChange={(event) => paging.refilter(() => paging.setPageSize(Number(event.target.value)))}
      {...(labelRowsPerPage !== undefined ? { labelRowsPerPage } : {})}
      {...(labelDisplayedRows ? { labelDisplayedRows } : {})}
      data-testid={testId}
    />
  );
}
