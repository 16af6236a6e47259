import Chip from "@mui/material/Chip";
import Link from "@mui/material/Link";
import Stack from "@mui/material/Stack";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { NOWRAP, PagedTable, usePaging, type PagedColumn } from "../../components/PagedTable";
import { mountIsland } from "../../islands/mount";
import type { Reservation } from "../../api/booking";
import { useRecordCounts, useRecords } from "../../api/bookingHistory";
import { ReservationDetailDialog } from "./historyDetail";
import { HistoryExportButton } from "./historyExport";
import { PageFrame } from "../../components/layout";
import {
  ReservationStatusChip,
  reservationStatusColors,
  useReservationStatusWord,
} from "../../components/ReservationStatusChip";
import { HistoryFilterBar, NS, useHistoryFilters } from "./historyFilters";
import { DEFAULT_PAGE_SIZE, HISTORY_MAX_SPAN_DAYS, PAGE_SIZES, defaultFilters, memIdFromSearch } from "./historyRules";
import { STATUSES } from "../../api/booking";
import { maskPhone } from "../../lib/format";
import { storeDateTime, storeTime, storeToday } from "../../lib/dates";

/** /orderHistory (ERP-YUKB-PAG-0001-0000): past and future reservations with filters, counts by
 * status, paging, a detail dialog and the Excel export. */
export function ReservationHistoryPage({ search = window.location.search }: { search?: string }) {
  const { t } = useTranslation(NS);
  const paging = usePaging(DEFAULT_PAGE_SIZE);
  const [openId, setOpenId] = useState<number | null>(null);
  const [initial] = useState(() => ({ ...defaultFilters(storeToday()), memId: memIdFromSearch(search) }));
  const filters = useHistoryFilters(initial, HISTORY_MAX_SPAN_DAYS, () => paging.setPageIndex(0));
  const records = useRecords(filters.applied, paging.pageIndex + 1, paging.pageSize);
  const counts = useRecordCounts(filters.applied);
  const statusName = useReservationStatusWord();

  const total = records.data?.total ?? null;
  const columns: PagedColumn<Reservation>[] = [
    {
      key: "time",
      label: t("fields.time"),
      headSx: NOWRAP,
      cellSx: NOWRAP,
      render: (row) => (
        <>
          {storeDateTime(row.startTime)}–{storeTime(row.endTime)}
        </>
      ),
    },
    { key: "member", label: t("fields.member"), render: (row) => row.name || "—" },
    { key: "phone", label: t("fields.phone"), cellSx: NOWRAP, render: (row) => maskPhone(row.phone) || "—" },
    { key: "nurse", label: t("fields.nurse"), render: (row) => row.nurseName || t("anyNurse") },
    {
      key: "projects",
      label: t("fields.projects"),
      render: (row) => row.projects.map((project) => project.name).join(", "),
    },
    { key: "source", label: t("fields.source"), render: (row) => row.sourceName },
    {
      key: "status",
      label: t("fields.status"),
      render: (row) => <ReservationStatusChip status={row.status} testId={`history-status-${row.status}`} />,
    },
    {
      key: "createdAt",
      label: t("fields.createdAt"),
      headSx: NOWRAP,
      cellSx: NOWRAP,
      render: (row) => storeDateTime(row.createdAt),
    },
  ];

  return (
    <PageFrame
      wide
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

      <Stack
        direction="row"
        sx={{ flexWrap: "wrap", gap: 1, mb: 2 }}
        aria-label={t("counts.label")}
        data-testid="history-counts"
      >
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
            sx={{
              borderColor: reservationStatusColors(status).main,
              color: reservationStatusColors(status).main,
              ...(filters.applied.status === status ? { bgcolor: reservationStatusColors(status).fill } : {}),
            }}
          />
        ))}
      </Stack>

      <PagedTable
        label={t("list.title")}
        testId="history-table"
        result={records}
        paging={paging}
        pageSizes={PAGE_SIZES}
        columns={columns}
        rowKey={(row) => row.id}
        onRowClick={(row) => setOpenId(row.id)}
        rowTestId={(row) => `history-row-${row.id}`}
        emptyText={t("list.empty")}
        paginationTestId="history-pagination"
      />

      <ReservationDetailDialog id={openId} onClose={() => setOpenId(null)} />
    </PageFrame>
  );
}

mountIsland(<ReservationHistoryPage />);
