import {
  Box,
  Button,
  Chip,
  Link,
  MenuItem,
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
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { POSITIONS, useEmployeeSearch, type EmployeeRow, type EmployeeSearch, type EmployeeStatus, type Position } from "../../api/staff";
import { mountIsland } from "../../islands/mount";
import { formatDate } from "../messaging/listing";
import { PageFrame, TableStateRow } from "../messaging/parts";
import { EmployeeFormDialog } from "./EmployeeFormDialog";
import { LeaveDialog } from "./LeaveDialog";
import { emptyEmployee, formatPhone, todayIso } from "./rules";

const DETAIL_ROUTE = "/staffDetail";
const PAGE_SIZES = [10, 20, 50];
const COLUMNS = 8;

/** /staffList (YGGL-0001): the store's staff with search, filters, paging, create and leave. */
export function StaffListPage() {
  const { t, i18n } = useTranslation("staff");
  const [keywordInput, setKeywordInput] = useState("");
  const [keyword, setKeyword] = useState("");
  const [position, setPosition] = useState<Position | "">("");
  const [status, setStatus] = useState<EmployeeStatus | "">("active");
  const [pageIndex, setPageIndex] = useState(0);
  const [pageSize, setPageSize] = useState(10);
  const [creating, setCreating] = useState(false);
  const [leaving, setLeaving] = useState<EmployeeRow | null>(null);

  const search: EmployeeSearch = { pageNo: pageIndex + 1, pageSize, keyword, position, status };
  const result = useEmployeeSearch(search);
  const refilter = (apply: () => void) => {
    apply();
    setPageIndex(0);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    refilter(() => setKeyword(keywordInput.trim()));
  };
  const reset = () =>
    refilter(() => {
      setKeywordInput("");
      setKeyword("");
      setPosition("");
      setStatus("active");
    });

  const rows = result.data?.list ?? [];
  return (
    <PageFrame
      title={t("list.title")}
      actions={
        <Button variant="contained" onClick={() => setCreating(true)}>
          {t("list.create")}
        </Button>
      }
    >
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
        <Box component="form" onSubmit={submit} role="search" aria-label={t("list.filters")}>
          <Stack direction="row" spacing={2} sx={{ flexWrap: "wrap", alignItems: "center", rowGap: 2 }}>
            <TextField
              size="small"
              label={t("list.keyword")}
              value={keywordInput}
              onChange={(event) => setKeywordInput(event.target.value)}
              slotProps={{ htmlInput: { maxLength: 20 } }}
            />
            <TextField
              select
              size="small"
              label={t("fields.position")}
              value={position}
              onChange={(event) => refilter(() => setPosition(event.target.value as Position | ""))}
              sx={{ minWidth: 160 }}
            >
              <MenuItem value="">{t("list.allPositions")}</MenuItem>
              {POSITIONS.map((value) => (
                <MenuItem key={value} value={value}>
                  {t(`positions.${value}`)}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              size="small"
              label={t("fields.status")}
              value={status}
              onChange={(event) => refilter(() => setStatus(event.target.value as EmployeeStatus | ""))}
              sx={{ minWidth: 140 }}
            >
              <MenuItem value="">{t("list.allStatuses")}</MenuItem>
              <MenuItem value="active">{t("status.active")}</MenuItem>
              <MenuItem value="left">{t("status.left")}</MenuItem>
            </TextField>
            <Button type="submit" variant="outlined">
              {t("list.search")}
            </Button>
            <Button onClick={reset}>{t("list.reset")}</Button>
          </Stack>
        </Box>
      </Paper>

      <Paper variant="outlined">
        <TableContainer>
          <Table size="small" aria-label={t("list.title")}>
            <TableHead>
              <TableRow>
                <TableCell>{t("fields.name")}</TableCell>
                <TableCell>{t("fields.phone")}</TableCell>
                <TableCell>{t("fields.position")}</TableCell>
                <TableCell>{t("fields.skillLevel")}</TableCell>
                <TableCell>{t("fields.hireDate")}</TableCell>
                <TableCell>{t("fields.status")}</TableCell>
                <TableCell>{t("fields.account")}</TableCell>
                <TableCell align="right">{t("list.actions")}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {result.isPending ? (
                <TableStateRow columns={COLUMNS} state="loading" emptyText="" onRetry={() => void result.refetch()} />
              ) : result.isError ? (
                <TableStateRow
                  columns={COLUMNS}
                  state="error"
                  emptyText=""
                  errorText={result.error.message}
                  onRetry={() => void result.refetch()}
                />
              ) : rows.length === 0 ? (
                <TableStateRow columns={COLUMNS} state="empty" emptyText={t("list.empty")} onRetry={() => void result.refetch()} />
              ) : (
                rows.map((row) => (
                  <TableRow key={row.id} hover>
                    <TableCell>
                      <Link href={`${DETAIL_ROUTE}?id=${row.id}`} underline="hover">
                        {row.name}
                      </Link>
                    </TableCell>
                    <TableCell sx={{ whiteSpace: "nowrap" }}>{formatPhone(row.areaCode, row.phone)}</TableCell>
                    <TableCell>{row.positionName}</TableCell>
                    <TableCell>{row.skillLevelName || "—"}</TableCell>
                    <TableCell sx={{ whiteSpace: "nowrap" }}>{formatDate(row.hireDate, i18n.language)}</TableCell>
                    <TableCell>
                      <Chip size="small" color={row.status === "active" ? "success" : "default"} label={row.statusName} />
                    </TableCell>
                    <TableCell>{row.userAccount || "—"}</TableCell>
                    <TableCell align="right">
                      {row.status === "active" ? (
                        <Button size="small" color="error" onClick={() => setLeaving(row)}>
                          {t("leave.action")}
                        </Button>
                      ) : null}
                    </TableCell>
                  </TableRow>
                ))
              )}
            </TableBody>
          </Table>
        </TableContainer>
        <TablePagination
          component="div"
          count={result.data?.total ?? 0}
          page={pageIndex}
          onPageChange={(_event, page) => setPageIndex(page)}
          rowsPerPage={pageSize}
          rowsPerPageOptions={PAGE_SIZES}
          onRowsPerPageChange={(event) => refilter(() => setPageSize(Number(event.target.value)))}
        />
      </Paper>

      {creating ? <EmployeeFormDialog open initial={emptyEmployee(todayIso())} onClose={() => setCreating(false)} /> : null}
      {leaving ? <LeaveDialog employee={leaving} onClose={() => setLeaving(null)} /> : null}
    </PageFrame>
  );
}

mountIsland(<StaffListPage />);
