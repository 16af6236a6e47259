import ChevronLeftIcon from "@mui/icons-material/ChevronLeft";
import ChevronRightIcon from "@mui/icons-material/ChevronRight";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import ButtonGroup from "@mui/material/ButtonGroup";
import Card from "@mui/material/Card";
import CardActionArea from "@mui/material/CardActionArea";
import Link from "@mui/material/Link";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { mountIsland } from "../../islands/mount";
import { DetailError, Loading } from "../../components/feedback";
import type { Reservation } from "../../api/booking";
import { useBoardRecords } from "../../api/bookingHistory";
import { ReservationDetailDialog } from "./historyDetail";
import { PageFrame } from "../../components/layout";
import { HistoryFilterBar, NS, useHistoryFilters } from "./historyFilters";
import { reservationStatusColors, useReservationStatusWord } from "../../components/ReservationStatusChip";
import { BOARD_MAX_SPAN_DAYS, boardRows, defaultFilters } from "./historyRules";
import { addDays, dayHeading, daysOf, mondayOf, storeTime, storeToday } from "../../lib/dates";
import { maskPhone } from "../../lib/format";

function weekFilters(monday: string) {
  return { ...defaultFilters(monday), dateFrom: monday, dateTo: addDays(monday, 6) };
}

function ReservationCard({ item, onOpen }: { item: Reservation; onOpen: (id: number) => void }) {
  const { t } = useTranslation(NS);
  const color = reservationStatusColors(item.status).main;
  const statusWord = useReservationStatusWord();
  return (
    <Card
      variant="outlined"
      sx={{ borderLeft: `4px solid ${color}`, mb: 0.75 }}
      data-testid={`history-card-${item.id}`}
    >
      <CardActionArea onClick={() => onOpen(item.id)} sx={{ p: 0.75 }}>
        <Stack direction="row" sx={{ justifyContent: "space-between", gap: 0.5 }}>
          <Typography variant="caption" sx={{ fontWeight: 600 }}>
            {storeTime(item.startTime)}–{storeTime(item.endTime)}
          </Typography>
          <Typography variant="caption" sx={{ color }}>
            {statusWord(item.status)}
          </Typography>
        </Stack>
        <Typography variant="body2" noWrap>
          {item.name || "—"} {item.walkIn ? `(${t("detail.walkIn")})` : ""}
        </Typography>
        <Typography variant="caption" color="text.secondary" component="div">
          {maskPhone(item.phone)}
        </Typography>
        <Typography variant="caption" component="div" sx={{ wordBreak: "break-word" }}>
          {item.projects.map((project) => project.name).join(", ")}
        </Typography>
      </CardActionArea>
    </Card>
  );
}

/** /orderHistoryBoard (ERP-YUKB-PAG-0001-0000): a week (or up to 7 days) of reservations as a
 * calendar: nurses as rows, days as columns, a card per reservation coloured by status. */
export function ReservationHistoryBoardPage() {
  const { t, i18n } = useTranslation(NS);
  const [initial] = useState(() => weekFilters(mondayOf(storeToday())));
  const filters = useHistoryFilters(initial, BOARD_MAX_SPAN_DAYS);
  const records = useBoardRecords(filters.applied);
  const [openId, setOpenId] = useState<number | null>(null);

  const days = daysOf(filters.applied.dateFrom, filters.applied.dateTo);
  const rows = boardRows(records.data?.list ?? [], days);
  const goToWeek = (monday: string) => filters.update({ dateFrom: monday, dateTo: addDays(monday, 6) }, true);
  const currentMonday = mondayOf(filters.applied.dateFrom);

  const weekControls = (
    <ButtonGroup size="small" variant="outlined" aria-label={t("board.week")} sx={{ alignSelf: "center" }}>
      <Button
        onClick={() => goToWeek(addDays(currentMonday, -7))}
        aria-label={t("board.previousWeek")}
        data-testid="history-board-prev"
      >
        <ChevronLeftIcon fontSize="small" />
      </Button>
      <Button onClick={() => goToWeek(mondayOf(storeToday()))} data-testid="history-board-this-week">
        {t("board.thisWeek")}
      </Button>
      <Button
        onClick={() => goToWeek(addDays(currentMonday, 7))}
        aria-label={t("board.nextWeek")}
        data-testid="history-board-next"
      >
        <ChevronRightIcon fontSize="small" />
      </Button>
    </ButtonGroup>
  );

  return (
    <PageFrame
      wide
      title={t("board.title")}
      actions={
        <Link href="/orderHistory" underline="hover">
          {t("list.title")}
        </Link>
      }
    >
      <HistoryFilterBar state={filters} showSource={false} showPhone={false} extra={weekControls} />
      {records.isPending ? (
        <Loading />
      ) : records.isError ? (
        <DetailError message={records.error.message} onRetry={() => void records.refetch()} />
      ) : rows.length === 0 ? (
        <Paper variant="outlined" sx={{ p: 4, textAlign: "center" }} data-testid="history-board-empty">
          <Typography color="text.secondary">{t("board.empty")}</Typography>
        </Paper>
      ) : (
        <Paper variant="outlined" sx={{ overflowX: "auto" }}>
          <Box
            role="grid"
            aria-label={t("board.title")}
            data-testid="history-board"
            sx={{
              display: "grid",
              gridTemplateColumns: `140px repeat(${days.length}, minmax(150px, 1fr))`,
              minWidth: 140 + days.length * 150,
            }}
          >
            <Box role="row" sx={{ display: "contents" }}>
              <Box role="columnheader" sx={{ p: 1, fontWeight: 600, borderBottom: 1, borderColor: "divider" }}>
                {t("fields.nurse")}
              </Box>
              {days.map((day) => (
                <Box
                  key={day}
                  role="columnheader"
                  sx={{
                    p: 1,
                    fontWeight: 600,
                    borderBottom: 1,
                    borderLeft: 1,
                    borderColor: "divider",
                    whiteSpace: "nowrap",
                  }}
                >
                  {dayHeading(day, i18n.language)}
                </Box>
              ))}
            </Box>
            {rows.map((row) => (
              <Box
                key={row.key}
                role="row"
                sx={{ display: "contents" }}
                data-testid={`history-board-row-${row.key || "any"}`}
              >
                <Box role="rowheader" sx={{ p: 1, borderBottom: 1, borderColor: "divider", fontWeight: 500 }}>
                  {row.nurseId === null ? t("anyNurse") : row.nurseName}
                </Box>
                {days.map((day) => (
                  <Box
                    key={day}
                    role="gridcell"
                    data-testid={`history-board-cell-${row.key || "any"}-${day}`}
                    sx={{ p: 0.75, borderBottom: 1, borderLeft: 1, borderColor: "divider", minHeight: 48 }}
                  >
                    {(row.cells[day] ?? []).map((item) => (
                      <ReservationCard key={item.id} item={item} onOpen={setOpenId} />
                    ))}
                  </Box>
                ))}
              </Box>
            ))}
          </Box>
        </Paper>
      )}
      {records.data && records.data.list.length < records.data.total ? (
        <Typography variant="caption" color="text.secondary" sx={{ display: "block", mt: 1 }}>
          {t("board.partial", { shown: records.data.list.length, total: records.data.total })}
        </Typography>
      ) : null}
      <ReservationDetailDialog id={openId} onClose={() => setOpenId(null)} />
    </PageFrame>
  );
}

mountIsland(<ReservationHistoryBoardPage />);
