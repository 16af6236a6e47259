import {
  Box,
  Button,
  Chip,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  TextField,
} from "@mui/material";
import type { UseQueryResult } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import type { Page } from "../../api/client";
import type { MemberLabel, MemberRow } from "../../api/members";
import { MemberSearchDialog } from "../../components/members/MemberSearchDialog";
import { formatMemberPhone } from "../../components/members/rules";
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from "../messaging/listing";
import { TableStateRow } from "../messaging/parts";

export const ACCOUNT_ROUTE = "/personalAccount";

export function accountHref(memId: number): string {
  return `${ACCOUNT_ROUTE}?memId=${memId}`;
}

/** The member's labels as chips in their colours. */
export function LabelChips({ labels }: { labels: readonly MemberLabel[] }) {
  if (labels.length === 0) return null;
  return (
    <Stack direction="row" spacing={0.5} sx={{ flexWrap: "wrap", rowGap: 0.5 }}>
      {labels.map((label) => (
        <Chip
          key={label.id}
          size="small"
          label={label.name}
          variant="outlined"
          sx={label.color ? { borderColor: label.color, color: label.color } : undefined}
        />
      ))}
    </Stack>
  );
}

/** A "from" and "to" date pair; an end before the start shows under the end. */
export function DateRange({
  fromLabel,
  toLabel,
  from,
  to,
  onFrom,
  onTo,
  error,
}: {
  fromLabel: string;
  toLabel: string;
  from: string;
  to: string;
  onFrom: (value: string) => void;
  onTo: (value: string) => void;
  error?: string;
}) {
  return (
    <>
      <TextField
        size="small"
        type="date"
        label={fromLabel}
        value={from}
        onChange={(event) => onFrom(event.target.value)}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <TextField
        size="small"
        type="date"
        label={toLabel}
        value={to}
        onChange={(event) => onTo(event.target.value)}
        error={Boolean(error)}
        helperText={error}
        slotProps={{ inputLabel: { shrink: true } }}
      />
    </>
  );
}

/** The chosen member of a filter or form, picked with the member search dialog. */
export function MemberPicker({
  member,
  onChange,
  chooseLabel,
  clearable = true,
}: {
  member: MemberRow | null;
  onChange: (member: MemberRow | null) => void;
  chooseLabel: string;
  clearable?: boolean;
}) {
  const [open, setOpen] = useState(false);
  return (
    <Box sx={{ display: "inline-flex", alignItems: "center", gap: 1 }}>
      {member ? (
        <Chip
          label={`${member.name} ${formatMemberPhone(member.areaCode, member.phone)}`}
          onDelete={clearable ? () => onChange(null) : undefined}
        />
      ) : null}
      <Button variant="outlined" onClick={() => setOpen(true)}>
        {chooseLabel}
      </Button>
      <MemberSearchDialog open={open} onClose={() => setOpen(false)} onSelect={(row) => onChange(row)} />
    </Box>
  );
}

export interface PagedColumn<Row> {
  key: string;
  label: string;
  align?: "right";
  render: (row: Row) => ReactNode;
}

/** Paging of a list; a filter change goes back to the first page. */
export function usePaging() {
  const [pageIndex, setPageIndex] = useState(0);
  const [pageSize, setPageSize] = useState<number>(DEFAULT_PAGE_SIZE);
  const refilter = (apply: () => void) => {
    apply();
    setPageIndex(0);
  };
  return { pageIndex, setPageIndex, pageSize, setPageSize, refilter };
}

export type Paging = ReturnType<typeof usePaging>;

/** A paged list with its loading, failure (with a retry) and empty states. */
export function PagedTable<Row>({
  label,
  result,
  paging,
  columns,
  rowKey,
  emptyText,
}: {
  label: string;
  result: UseQueryResult<Page<Row>, Error>;
  paging: Paging;
  columns: readonly PagedColumn<Row>[];
  rowKey: (row: Row) => number;
  emptyText: string;
}) {
  const rows = result.data?.list ?? [];
  const state = result.isPending ? "loading" : result.isError ? "error" : rows.length === 0 ? "empty" : null;
  return (
    <Paper variant="outlined">
      <TableContainer>
        <Table size="small" aria-label={label}>
          <TableHead>
            <TableRow>
              {columns.map((column) => (
                <TableCell key={column.key} align={column.align} sx={{ whiteSpace: "nowrap" }}>
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
                <TableRow key={rowKey(row)} hover>
                  {columns.map((column) => (
                    <TableCell key={column.key} align={column.align}>
                      {column.render(row)}
                    </TableCell>
                  ))}
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={result.data?.total ?? 0}
        page={paging.pageIndex}
        rowsPerPage={paging.pageSize}
        rowsPerPageOptions={[...PAGE_SIZES]}
        onPageChange={(_event, next) => paging.setPageIndex(next)}
        onRowsPerPageChange={(event) => paging.refilter(() => paging.setPageSize(Number(event.target.value)))}
      />
    </Paper>
  );
}

/** A points change with its sign ("+100", "-20"). */
export function signed(change: number): string {
  return change > 0 ? `+${change}` : String(change);
}
