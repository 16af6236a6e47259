import {
  Chip,
  Link,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
} from "@mui/material";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { mountIsland } from "../../islands/mount";
import { TableStateRow } from "../messaging/parts";
import { useRecordCounts, useRecords, useStatusOptions } from "./historyApi";
import { ReservationDetailDialog } from "./historyDetail";
import { HistoryExportButton } from "./historyExport";
import { HistoryFilterBar, HistoryFrame, NS, StatusChip, useHistoryFilters } from "./historyFilters";
import {
  DEFAULT_PAGE_SIZE,
  HISTORY_MAX_SPAN_DAYS,
  PAGE_SIZES,
  STATUSES,
  defaultFilters,
  maskPhone,
  memIdFromSearch,
  statusColor,
  storeDateTime,
  storeTime,
  storeToday,
} from "./historyRules";

const COLUMNS = 8;

/** /orderHistory (ERP-YUKB-PAG-0001-0000): past and future reservations with filters, counts by
 * status, paging, a detail dialog and the Excel export. */
export function OrderHistoryPage({ search = window.location.search }: { search?: string }) {
  const { t } = useTranslation(NS);
  const [pageIndex, setPageIndex] = useState(0);
  const [pageSize, setPageSize] = useState<number>(DEFAULT_PAGE_SIZE);
  const [openId, setOpenId] = useState<number | null>(null);
  const [initial] = useState(() => ({ ...defaultFilters(storeToday()), memId: memIdFromSearch(search) }));
  const filters = useHistoryFilters(initial, HISTORY_MAX_SPAN_DAYS, () => setPageIndex(0));
  const records = useRecords(filters.applied, pageIndex + 1, pageSize);
  const counts = useRecordCounts(filters.applied);
  const statuses = useStatusOptions();
  const statusName = (code: string) => statuses.data?.find((option) => option.code === code)?.name ?? t(`statuses.${code}`);

  const rows = records.data?.list ?? [];
  const bodyState = records.isPending ? "loading" : records.isError ? "error" : rows.length === 0 ? "empty" : null;
  const total = records.data?.total ?? null;

  return (
    <HistoryFrame
      title={t("list.title")}
      actions={
        <Stack direction="row" spacing={1}>
          <Link href="/orderHistoryBoard" underline="hover" sx={{ alignSelf: "center" }}>
            {t("board.title")}
          </Link>
          <HistoryExportButton filters={filters.applied} total={total} />
        </Stack>
      }
    >
      <HistoryFilterBar state={filters} />

      <Stack direction="row" sx={{ flexWrap: "wrap", gap: 1, mb: 2 }} aria-label={t("counts.label")} data-testid="history-counts">
        <Chip
          label={t("counts.all", { count: counts.data?.total ?? 0 })}
          variant={filters.applied.status === "" ? "filled" : "outlined"}
          onClick={() => filters.update({ status: "" }, true)}
          data-testid="history-count-all"
        />
        {STATUSES.map((status) => (
          <Chip
            key={status}
            label={`${statusName(status)} ${counts.data?.[status] ?? 0}`}
            variant={filters.applied.status === status ? "filled" : "outlined"}
            onClick={() => filters.update({ status }, true)}
            data-testid={`history-count-${status}`}
            sx={{ borderColor: statusColor(status), ...(filters.applied.status === status ? { bgcolor: statusColor(status), color: "#fff" } : {}) }}
          />
        ))}
      </Stack>

      <Paper variant="outlined">
        <TableContainer>
          <Table size="small" aria-label={t("list.title")} data-testid="history-table">
            <TableHead>
              <TableRow>
                <TableCell sx={{ whiteSpace: "nowrap" }}>{t("fields.time")}</TableCell>
                <TableCell>{t("fields.member")}</TableCell>
                <TableCell>{t("fields.phone")}</TableCell>
                <TableCell>{t("fields.nurse")}</TableCell>
                <TableCell>{t("fields.projects")}</TableCell>
                <TableCell>{t("fields.source")}</TableCell>
                <TableCell>{t("fields.status")}</TableCell>
                <TableCell sx={{ whiteSpace: "nowrap" }}>{t("fields.createdAt")}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {bodyState ? (
                <TableStateRow
                  columns={COLUMNS}
                  state={bodyState}
                  emptyText={t("list.empty")}
                  errorText={records.error?.message}
                  onRetry={() => void records.refetch()}
                />
              ) : (
                rows.map((row) => (
                  <TableRow
                    key={row.id}
                    hover
                    onClick={() => setOpenId(row.id)}
                    sx={{ cursor: "pointer" }}
                    data-testid={`history-row-${row.id}`}
                  >
                    <TableCell sx={{ whiteSpace: "nowrap" }}>
                      {storeDateTime(row.startTime)}–{storeTime(row.endTime)}
                    </TableCell>
                    <TableCell>{row.name || "—"}</TableCell>
                    <TableCell sx={{ whiteSpace: "nowrap" }}>{maskPhone(row.phone) || "—"}</TableCell>
                    <TableCell>{row.nurseName || t("anyNurse")}</TableCell>
                    <TableCell>{row.projects.map((project) => project.name).join(", ")}</TableCell>
                    <TableCell>{row.sourceName}</TableCell>
                    <TableCell>
                      <StatusChip status={row.status} label={row.statusName} />
                    </TableCell>
                    <TableCell sx={{ whiteSpace: "nowrap" }}>{storeDateTime(row.createdAt)}</TableCell>
                  </TableRow>
                ))
              )}
            </TableBody>
          </Table>
        </TableContainer>
        <TablePagination
          component="div"
          count={records.data?.total ?? 0}
          page={pageIndex}
          onPageChange={(_event, page) => setPageIndex(page)}
          rowsPerPage={pageSize}
          rowsPerPageOptions={[...PAGE_SIZES]}
          onRowsPerPageChange={(event) => {
            setPageSize(Number(event.target.value));
            setPageIndex(0);
          }}
          labelRowsPerPage={t("list.rowsPerPage")}
          data-testid="history-pagination"
        />
      </Paper>

      <ReservationDetailDialog id={openId} onClose={() => setOpenId(null)} />
    </HistoryFrame>
  );
}

mountIsland(<OrderHistoryPage />);
