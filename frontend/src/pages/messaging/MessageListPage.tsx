import DoneAllIcon from "@mui/icons-material/DoneAll";
import SearchIcon from "@mui/icons-material/Search";
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
  TextField,
  Typography,
} from "@mui/material";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { markMessagesRead, messagingKeys, useMessageSearch, useMessageTypes, type MessageSearch } from "../../api/messaging";
import { mountIsland } from "../../islands/mount";
import {
  DEFAULT_PAGE_SIZE,
  PAGE_SIZES,
  formatDateTime,
  messageReadFilter,
  messageTypeFilter,
  pageNo,
  selectionState,
  toggleAll,
  toggleId,
  unreadAmong,
  type ReadChoice,
} from "./listing";
import { PageFrame, ReadChip, TableStateRow } from "./parts";

const COLUMNS = 6;
const MESSAGE_DETAIL_ROUTE = "/messageDetail";

/** /messageList (XXZX-0001): the store's messages with filters, paging and bulk mark-as-read. */
export function MessageListPage() {
  const { t, i18n } = useTranslation("messaging");
  const queryClient = useQueryClient();
  const types = useMessageTypes();
  const [typeRaw, setTypeRaw] = useState("");
  const [read, setRead] = useState<ReadChoice>("");
  const [keywordInput, setKeywordInput] = useState("");
  const [keyword, setKeyword] = useState("");
  const [pageIndex, setPageIndex] = useState(0);
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);
  const [selected, setSelected] = useState<number[]>([]);

  const search: MessageSearch = {
    pageNo: pageNo(pageIndex),
    pageSize,
    msgType: messageTypeFilter(typeRaw),
    isRead: messageReadFilter(read),
    keyword,
  };
  const result = useMessageSearch(search);
  const rows = result.data?.list ?? [];
  const total = result.data?.total ?? 0;
  const pageIds = rows.map((row) => row.id);
  const toMark = unreadAmong(rows, selected);
  const headState = selectionState(selected, pageIds);

  const mark = useMutation({
    mutationFn: (ids: number[]) => markMessagesRead(ids),
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
  const submitKeyword = (event: FormEvent) => {
    event.preventDefault();
    refilter(() => setKeyword(keywordInput.trim()));
  };
  const reset = () =>
    refilter(() => {
      setTypeRaw("");
      setRead("");
      setKeywordInput("");
      setKeyword("");
    });

  const bodyState = result.isPending ? "loading" : result.isError ? "error" : rows.length === 0 ? "empty" : null;

  return (
    <PageFrame title={t("messages.title")}>
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
        <Box
          component="form"
          role="search"
          aria-label={t("filters.label")}
          onSubmit={submitKeyword}
          sx={{ display: "flex", flexWrap: "wrap", gap: 2, alignItems: "center" }}
        >
          <FormControl size="small" sx={{ minWidth: 160 }}>
            <InputLabel id="message-type-label">{t("filters.type")}</InputLabel>
            <Select
              labelId="message-type-label"
              label={t("filters.type")}
              value={typeRaw}
              onChange={(event) => refilter(() => setTypeRaw(String(event.target.value)))}
            >
              <MenuItem value="">{t("filters.allTypes")}</MenuItem>
              {(types.data ?? []).map((type) => (
                <MenuItem key={type.id} value={String(type.id)}>
                  {type.name}
                </MenuItem>
              ))}
            </Select>
          </FormControl>
          <FormControl size="small" sx={{ minWidth: 140 }}>
            <InputLabel id="message-read-label">{t("filters.readState")}</InputLabel>
            <Select
              labelId="message-read-label"
              label={t("filters.readState")}
              value={read}
              onChange={(event) => refilter(() => setRead(event.target.value as ReadChoice))}
            >
              <MenuItem value="">{t("filters.all")}</MenuItem>
              <MenuItem value="unread">{t("filters.unread")}</MenuItem>
              <MenuItem value="read">{t("filters.read")}</MenuItem>
            </Select>
          </FormControl>
          <TextField
            size="small"
            label={t("filters.keyword")}
            value={keywordInput}
            onChange={(event) => setKeywordInput(event.target.value)}
            slotProps={{ htmlInput: { maxLength: 100 } }}
          />
          <Button type="submit" variant="contained" startIcon={<SearchIcon />}>
            {t("filters.search")}
          </Button>
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
          <Table size="small" aria-label={t("messages.title")}>
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
                <TableCell>{t("messages.columns.title")}</TableCell>
                <TableCell>{t("messages.columns.type")}</TableCell>
                <TableCell>{t("messages.columns.pushUser")}</TableCell>
                <TableCell>{t("messages.columns.pushTime")}</TableCell>
                <TableCell>{t("messages.columns.state")}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {bodyState ? (
                <TableStateRow
                  columns={COLUMNS}
                  state={bodyState}
                  emptyText={t("messages.empty")}
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
                      <Link href={`${MESSAGE_DETAIL_ROUTE}?id=${row.id}`} underline="hover" sx={{ fontWeight: "inherit" }}>
                        {row.msgName}
                      </Link>
                      {row.mandatory ? (
                        <Chip size="small" color="warning" variant="outlined" label={t("messages.mandatory")} sx={{ ml: 1 }} />
                      ) : null}
                    </TableCell>
                    <TableCell>{row.msgTypeName}</TableCell>
                    <TableCell>{row.pushUserName}</TableCell>
                    <TableCell sx={{ whiteSpace: "nowrap" }}>{formatDateTime(row.pushTime, i18n.language)}</TableCell>
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

mountIsland(<MessageListPage />);
