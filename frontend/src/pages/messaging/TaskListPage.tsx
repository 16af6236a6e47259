import DoneAllIcon from "@mui/icons-material/DoneAll";
import {
  Box,
  Button,
  Checkbox,
  Chip,
  FormControl,
  InputLabel,
  Link,
  MenuItem,
  Paper,
  Select,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  Typography,
} from "@mui/material";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { markTasksRead, messagingKeys, useTaskSearch, type TaskSearch } from "../../api/messaging";
import { currentSession } from "../../api/session";
import { mountIsland } from "../../islands/mount";
import {
  DEFAULT_PAGE_SIZE,
  PAGE_SIZES,
  formatDate,
  formatDateTime,
  formatMoney,
  pageNo,
  selectionState,
  toggleAll,
  taskReadFilter,
  taskTypeFilter,
  toggleId,
  unreadAmong,
  type ReadChoice,
} from "./listing";
import { PageFrame, ReadChip, TableStateRow } from "./parts";

const COLUMNS = 7;
const TASK_DETAIL_ROUTE = "/taskDetail";
const TASK_TYPES = ["1", "2"] as const;

/** /taskList (no code): the store's tasks (arrears and payment notices) with filters, paging and
 * bulk mark-as-read. */
export function TaskListPage() {
  const { t, i18n } = useTranslation("messaging");
  const queryClient = useQueryClient();
  const [storeId] = useState(() => currentSession()?.storeId ?? null);
  const [typeRaw, setTypeRaw] = useState("");
  const [read, setRead] = useState<ReadChoice>("");
  const [pageIndex, setPageIndex] = useState(0);
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);
  const [selected, setSelected] = useState<number[]>([]);

  const search: TaskSearch = {
    storeId,
    pageNo: pageNo(pageIndex),
    pageSize,
    type: taskTypeFilter(typeRaw),
    isRead: taskReadFilter(read),
  };
  const result = useTaskSearch(search);
  const rows = result.data?.list ?? [];
  const total = result.data?.total ?? 0;
  const pageIds = rows.map((row) => row.id);
  const toMark = unreadAmong(rows, selected);
  const headState = selectionState(selected, pageIds);

  const mark = useMutation({
    mutationFn: (ids: number[]) => markTasksRead(ids, storeId),
    onSuccess: async () => {
      setSelected([]);
      await queryClient.invalidateQueries({ queryKey: messagingKeys.all });
    },
  });

  const refilter = (apply: () => void) => {
    apply();
    setPageIndex(0);
    setSelected([]);
  };
  const reset = () =>
    refilter(() => {
      setTypeRaw("");
      setRead("");
    });

  const bodyState = result.isPending ? "loading" : result.isError ? "error" : rows.length === 0 ? "empty" : null;

  return (
    <PageFrame title={t("tasks.title")}>
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
        <Box
          role="search"
          aria-label={t("filters.label")}
          sx={{ display: "flex", flexWrap: "wrap", gap: 2, alignItems: "center" }}
        >
          <FormControl size="small" sx={{ minWidth: 160 }}>
            <InputLabel id="task-type-label">{t("filters.type")}</InputLabel>
            <Select
              labelId="task-type-label"
              label={t("filters.type")}
              value={typeRaw}
              onChange={(event) => refilter(() => setTypeRaw(String(event.target.value)))}
            >
              <MenuItem value="">{t("filters.allTypes")}</MenuItem>
              {TASK_TYPES.map((type) => (
                <MenuItem key={type} value={type}>
                  {t(`tasks.types.${type}`)}
                </MenuItem>
              ))}
            </Select>
          </FormControl>
          <FormControl size="small" sx={{ minWidth: 140 }}>
            <InputLabel id="task-read-label">{t("filters.readState")}</InputLabel>
            <Select
              labelId="task-read-label"
              label={t("filters.readState")}
              value={read}
              onChange={(event) => refilter(() => setRead(event.target.value as ReadChoice))}
            >
              <MenuItem value="">{t("filters.all")}</MenuItem>
              <MenuItem value="unread">{t("filters.unread")}</MenuItem>
              <MenuItem value="read">{t("filters.read")}</MenuItem>
            </Select>
          </FormControl>
          <Button onClick={reset}>{t("filters.reset")}</Button>
        </Box>
      </Paper>

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
          <Table size="small" aria-label={t("tasks.title")}>
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
                <TableCell>{t("tasks.columns.title")}</TableCell>
                <TableCell>{t("tasks.columns.type")}</TableCell>
                <TableCell align="right">{t("tasks.columns.amount")}</TableCell>
                <TableCell>{t("tasks.columns.dueDate")}</TableCell>
                <TableCell>{t("tasks.columns.createdAt")}</TableCell>
                <TableCell>{t("tasks.columns.state")}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {bodyState ? (
                <TableStateRow
                  columns={COLUMNS}
                  state={bodyState}
                  emptyText={t("tasks.empty")}
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
                    <TableCell>
                      <Link href={`${TASK_DETAIL_ROUTE}?id=${row.id}`} underline="hover" sx={{ fontWeight: "inherit" }}>
                        {row.msgName}
                      </Link>
                    </TableCell>
                    <TableCell>
                      <Chip size="small" variant="outlined" color={row.type === 1 ? "error" : "info"} label={row.typeName} />
                    </TableCell>
                    <TableCell align="right" sx={{ whiteSpace: "nowrap" }}>{formatMoney(row.amount)}</TableCell>
                    <TableCell sx={{ whiteSpace: "nowrap" }}>{formatDate(row.dueDate, i18n.language)}</TableCell>
                    <TableCell sx={{ whiteSpace: "nowrap" }}>{formatDateTime(row.createdAt, i18n.language)}</TableCell>
                    <TableCell>
                      <ReadChip isRead={row.isRead} />
                    </TableCell>
                  </TableRow>
                ))
              )}
            </TableBody>
          </Table>
        </TableContainer>
        <TablePagination
          component="div"
          count={total}
          page={pageIndex}
          rowsPerPage={pageSize}
          rowsPerPageOptions={[...PAGE_SIZES]}
          onPageChange={(_, next) => {
            setPageIndex(next);
            setSelected([]);
          }}
          onRowsPerPageChange={(event) => {
            setPageSize(Number(event.target.value));
            setPageIndex(0);
            setSelected([]);
          }}
          labelRowsPerPage={t("rowsPerPage")}
          labelDisplayedRows={({ from, to, count }) => t("displayedRows", { from, to, count })}
        />
      </Paper>
    </PageFrame>
  );
}

mountIsland(<TaskListPage />);
