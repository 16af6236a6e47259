import DoneAllIcon from "@mui/icons-material/DoneAll";
import Button from "@mui/material/Button";
import Checkbox from "@mui/material/Checkbox";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableContainer from "@mui/material/TableContainer";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import { useMutation, useQueryClient, type UseQueryResult } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { Page } from "../../api/client";
import { messagingKeys } from "../../api/messaging";
import { selectionState, toggleAll, toggleId, unreadAmong, type ReadChoice } from "./listing";
import { TableStateRow } from "../../components/feedback";
import { ListPagination } from "../../components/PagedTable";
import { FilterSelect } from "../../components/filters";
import { DEFAULT_PAGE_SIZE } from "../../lib/paging";

/** What a message or task list row needs for selection and marking. */
interface InboxRow {
  id: number;
  isRead: boolean;
  msgName: string;
}

/** The paging and selection of a message or task list; another page, a filter change (back to page
 * one) or a new page size clears the selection. */
export function useInboxPaging() {
  const [pageIndex, setPageIndex] = useState(0);
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);
  const [selected, setSelected] = useState<number[]>([]);
  const turnTo = (next: number) => {
    setPageIndex(next);
    setSelected([]);
  };
  const refilter = (apply: () => void) => {
    apply();
    setPageIndex(0);
    setSelected([]);
  };
  return { pageIndex, setPageIndex: turnTo, pageSize, setPageSize, selected, setSelected, refilter };
}

type InboxPaging = ReturnType<typeof useInboxPaging>;

/** The read-state filter of both lists. */
export function ReadStateSelect({
  id,
  value,
  onChange,
}: {
  id: string;
  value: ReadChoice;
  onChange: (value: ReadChoice) => void;
}) {
  const { t } = useTranslation("messaging");
  return (
    <FilterSelect
      id={id}
      label={t("filters.readState")}
      allLabel={t("filters.all")}
      value={value}
      options={[
        { value: "unread", label: t("filters.unread") },
        { value: "read", label: t("filters.read") },
      ]}
      minWidth={140}
      onChange={(next) => onChange(next as ReadChoice)}
    />
  );
}

/** A message or task list: bulk mark-as-read, a table with row selection, the loading, failure
 * and empty states, and paging. */
export function InboxTable<Row extends InboxRow>({
  paging,
  result,
  label,
  emptyText,
  headers,
  renderCells,
  markRead,
}: {
  paging: InboxPaging;
  result: UseQueryResult<Page<Row>, Error>;
  /** The table's accessible name. */
  label: string;
  emptyText: string;
  /** The column headings after the selection column. */
  headers: readonly { label: string; align?: "right" }[];
  /** The body cells of a row after its selection cell. */
  renderCells: (row: Row) => ReactNode;
  markRead: (ids: number[]) => Promise<unknown>;
}) {
  const { t } = useTranslation("messaging");
  const queryClient = useQueryClient();
  const { selected, setSelected } = paging;
  const rows = result.data?.list ?? [];
  const total = result.data?.total ?? 0;
  const pageIds = rows.map((row) => row.id);
  const toMark = unreadAmong(rows, selected);
  const headState = selectionState(selected, pageIds);

  const mark = useMutation({
    mutationFn: markRead,
    onSuccess: async () => {
      setSelected([]);
      await queryClient.invalidateQueries({ queryKey: messagingKeys.all });
    },
  });

  const bodyState = result.isPending ? "loading" : result.isError ? "error" : rows.length === 0 ? "empty" : null;

  return (
    <Paper variant="outlined">
      <Stack direction="row" spacing={2} sx={{ alignItems: "center", px: 2, py: 1 }}>
        <Button
          variant="outlined"
          startIcon={<DoneAllIcon />}
          disabled={toMark.length === 0 || mark.isPending}
          onClick={() => mark.mutate(toMark)}
        >
          {t("markRead")}
        </Button>
        {selected.length > 0 ? (
          <Typography variant="body2" color="text.secondary">
            {t("selectedCount", { count: selected.length })}
          </Typography>
        ) : null}
      </Stack>
      <TableContainer>
        <Table size="small" aria-label={label}>
          <TableHead>
            <TableRow>
              <TableCell padding="checkbox">
                <Checkbox
                  checked={headState === "all"}
                  indeterminate={headState === "some"}
                  disabled={rows.length === 0}
                  onChange={() => setSelected((value) => toggleAll(value, pageIds))}
                  slotProps={{ input: { "aria-label": t("selectAll") } }}
                />
              </TableCell>
              {headers.map((header) => (
                <TableCell key={header.label} align={header.align}>
                  {header.label}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {bodyState ? (
              <TableStateRow
                columns={headers.length + 1}
                state={bodyState}
                emptyText={emptyText}
                errorText={result.error?.message}
                onRetry={() => void result.refetch()}
              />
            ) : (
              rows.map((row) => (
                <TableRow
                  key={row.id}
                  hover
                  selected={selected.includes(row.id)}
                  sx={row.isRead ? undefined : { "& td": { fontWeight: 700 } }}
                  data-unread={row.isRead ? undefined : "true"}
                >
                  <TableCell padding="checkbox">
                    <Checkbox
                      checked={selected.includes(row.id)}
                      onChange={() => setSelected((value) => toggleId(value, row.id))}
                      slotProps={{ input: { "aria-label": t("selectRow", { name: row.msgName }) } }}
                    />
                  </TableCell>
                  {renderCells(row)}
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
      </TableContainer>
      <ListPagination total={total} paging={paging} />
    </Paper>
  );
}
