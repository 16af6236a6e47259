import AddIcon from "@mui/icons-material/Add";
import ChevronLeftIcon from "@mui/icons-material/ChevronLeft";
import ChevronRightIcon from "@mui/icons-material/ChevronRight";
import {
  Alert,
  Box,
  Button,
  Chip,
  FormControlLabel,
  IconButton,
  MenuItem,
  Paper,
  Stack,
  Switch,
  TextField,
  Tooltip,
  Typography,
} from "@mui/material";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useMemo, useRef, useState, type DragEvent } from "react";
import { useTranslation } from "react-i18next";
import { formatMemberPhone } from "../../components/members/rules";
import { mountIsland } from "../../islands/mount";
import { notify } from "../../shell/notices";
import { PageFrame } from "../../components/layout";
import { DetailError, Loading } from "../../components/feedback";
import {
  STATUSES,
  bookingApi,
  bookingKeys,
  conflictProblems,
  useBoard,
  type Board,
  type BoardNurse,
  type Problem,
  type Reservation,
  type ReservationStatus,
} from "../../api/booking";
import { ProblemList, STATUS_COLORS } from "./parts";
import { ReservationDrawer } from "./ReservationDrawer";
import {
  SLOT_MINUTES,
  canMove,
  formatDay,
  formatTime,
  gridRange,
  hm,
  isIsoDate,
  layoutLanes,
  newOrderHref,
  shiftDate,
  slotStarts,
  span,
  storeIso,
  toMinutes,
  todayInStore,
  visibleReservations,
  type BoardFilters,
} from "./rules";

/** Pixels per minute of the grid: a 15-minute cell is 24 px high. */
const PX = 1.6;
const SLOT_PX = SLOT_MINUTES * PX;
const AXIS_WIDTH = 72;
const COLUMN_MIN_WIDTH = 168;
export const BOARD_REFRESH_MS = 30_000;

type ColumnKey = number | "any";
const columnId = (key: ColumnKey) => (key === "any" ? "any" : String(key));

interface Move {
  nurseId: number | null;
  startTime: string;
  endTime: string;
}

export interface OrderBoardPageProps {
  search?: string;
  navigate?: (url: string) => void;
  /** The timed refresh (ms); tests shorten it. */
  refreshMs?: number;
}

function dateFromSearch(search: string): string {
  const date = new URLSearchParams(search).get("date");
  return isIsoDate(date) ? date : todayInStore();
}

/** /orderBoard (ERP-YUKB-PAG-0001-0000): the store's day, nurses as columns and the time periods as
 * rows, reservations as blocks; drag to move, click to act. Refreshes every 30 s in place: the date,
 * filters, scroll position and open drawer are component state the refresh does not touch. */
export function OrderBoardPage({
  search = window.location.search,
  navigate = (url) => window.location.assign(url),
  refreshMs = BOARD_REFRESH_MS,
}: OrderBoardPageProps) {
  const { t, i18n } = useTranslation("booking");
  const queryClient = useQueryClient();
  const [date, setDateState] = useState(() => dateFromSearch(search));
  const [filters, setFilters] = useState<BoardFilters>({ status: "", nurseId: "", showCancelled: false });
  const [openId, setOpenId] = useState<number | null>(null);
  const [moves, setMoves] = useState<Map<number, Move>>(new Map());
  const [moveProblems, setMoveProblems] = useState<Problem[] | null>(null);
  const board = useBoard(date, refreshMs);
  const today = todayInStore();

  const setDate = (next: string) => {
    if (!isIsoDate(next)) return;
    setDateState(next);
    setMoveProblems(null);
    // The address keeps the day, so a reload or a way back lands on it again.
    window.history.replaceState(window.history.state, "", `${window.location.pathname}?date=${next}`);
  };

  const move = useMutation({
    mutationFn: (input: { reservation: Reservation; nurseId: number | null; minutes: number }) =>
      bookingApi.change({ id: input.reservation.id, nurseId: input.nurseId, startTime: storeIso(date, input.minutes) }),
    onMutate: ({ reservation, nurseId, minutes }) => {
      setMoveProblems(null);
      const startTime = storeIso(date, minutes);
      const endTime = storeIso(date, minutes + reservation.duration);
      setMoves((previous) => new Map(previous).set(reservation.id, { nurseId, startTime, endTime }));
    },
    onSuccess: async (_data, { reservation }) => {
      notify("success", t("board.moved", { name: reservation.name }));
      await queryClient.invalidateQueries({ queryKey: bookingKeys.board(date) });
      await queryClient.invalidateQueries({ queryKey: bookingKeys.detail(reservation.id) });
      forget(reservation.id);
    },
    onError: (error, { reservation }) => {
      // Put the block back where it was.
      forget(reservation.id);
      const problems = conflictProblems(error);
      if (problems) setMoveProblems(problems);
      else notify("error", error.message || t("board.moveFailed"), { durationMs: 4000 });
    },
  });
  const forget = (id: number) =>
    setMoves((previous) => {
      const next = new Map(previous);
      next.delete(id);
      return next;
    });

  const duty = useMutation({
    mutationFn: ({ nurse, on }: { nurse: BoardNurse; on: boolean }) =>
      on ? bookingApi.onWork(nurse.id) : bookingApi.offWork(nurse.id),
    onSettled: () => queryClient.invalidateQueries({ queryKey: bookingKeys.board(date) }),
  });

  const data = board.data;

  return (
    <PageFrame
      title={t("board.title")}
      actions={
        <Stack direction="row" spacing={1}>
          <Button variant="outlined" href={`/newOrder?date=${date}&walkIn=1`} data-testid="walk-in-booking">
            {t("board.walkInBooking")}
          </Button>
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            href={newOrderHref({ date })}
            data-testid="new-reservation"
          >
            {t("board.newReservation")}
          </Button>
        </Stack>
      }
    >
      <Paper variant="outlined" sx={{ p: 1.5, mb: 2 }}>
        <Stack direction="row" sx={{ flexWrap: "wrap", alignItems: "center", gap: 1.5 }}>
          <Stack direction="row" sx={{ alignItems: "center" }}>
            <IconButton
              aria-label={t("board.previousDay")}
              onClick={() => setDate(shiftDate(date, -1))}
              data-testid="date-previous"
            >
              <ChevronLeftIcon />
            </IconButton>
            <Button size="small" onClick={() => setDate(today)} disabled={date === today} data-testid="date-today">
              {t("board.today")}
            </Button>
            <IconButton
              aria-label={t("board.nextDay")}
              onClick={() => setDate(shiftDate(date, 1))}
              data-testid="date-next"
            >
              <ChevronRightIcon />
            </IconButton>
          </Stack>
          <TextField
            type="date"
            size="small"
            label={t("board.date")}
            value={date}
            onChange={(event) => setDate(event.target.value)}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { "data-testid": "date-input" } }}
          />
          <Typography variant="body2" color="text.secondary" data-testid="board-day">
            {formatDay(date, i18n.language)}
          </Typography>
          <Box sx={{ flexGrow: 1 }} />
          <TextField
            select
            size="small"
            label={t("board.statusFilter")}
            value={filters.status}
            onChange={(event) =>
              setFilters((previous) => ({ ...previous, status: event.target.value as ReservationStatus | "" }))
            }
            sx={{ minWidth: 150 }}
          >
            <MenuItem value="">{t("board.allStatuses")}</MenuItem>
            {STATUSES.map((status) => (
              <MenuItem key={status} value={status}>
                {t(`status.${status}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            size="small"
            label={t("board.nurseFilter")}
            value={String(filters.nurseId)}
            onChange={(event) => {
              const value = event.target.value;
              setFilters((previous) => ({
                ...previous,
                nurseId: value === "" || value === "any" ? value : Number(value),
              }));
            }}
            sx={{ minWidth: 150 }}
          >
            <MenuItem value="">{t("board.allNurses")}</MenuItem>
            {(data?.nurses ?? []).map((nurse) => (
              <MenuItem key={nurse.id} value={String(nurse.id)}>
                {nurse.name}
              </MenuItem>
            ))}
            <MenuItem value="any">{t("board.anyNurse")}</MenuItem>
          </TextField>
          <FormControlLabel
            control={
              <Switch
                checked={filters.showCancelled}
                onChange={(event) => setFilters((previous) => ({ ...previous, showCancelled: event.target.checked }))}
                slotProps={{ input: { "data-testid": "show-cancelled" } as object }}
              />
            }
            label={t("board.showCancelled")}
          />
        </Stack>
      </Paper>

      {board.isPending ? (
        <Loading />
      ) : board.isError && !data ? (
        <DetailError message={board.error.message} onRetry={() => void board.refetch()} />
      ) : data ? (
        <>
          <CountsStrip
            board={data}
            onPick={(status) => setFilters((previous) => ({ ...previous, status }))}
            active={filters.status}
          />
          {board.isError ? (
            <Alert severity="warning" sx={{ mb: 1 }}>
              {t("board.refreshFailed")}
            </Alert>
          ) : null}
          {moveProblems ? (
            <Box sx={{ mb: 1 }}>
              <ProblemList
                title={t("board.moveRefused")}
                problems={moveProblems}
                onClose={() => setMoveProblems(null)}
                testId="move-problems"
              />
            </Box>
          ) : null}
          {data.reservations.length === 0 ? (
            <Alert severity="info" sx={{ mb: 1 }} data-testid="board-empty">
              {date === today ? t("board.emptyToday") : t("board.emptyDay")}
            </Alert>
          ) : null}
          <Grid
            board={data}
            date={date}
            today={today}
            filters={filters}
            moves={moves}
            onOpen={setOpenId}
            onMove={(reservation, nurseId, minutes) => move.mutate({ reservation, nurseId, minutes })}
            onEmptyCell={(nurseId, minutes) => navigate(newOrderHref({ nurseId, date, minutes }))}
            onDuty={(nurse, on) => duty.mutate({ nurse, on })}
            dutyBusy={duty.isPending}
          />
        </>
      ) : null}

      <ReservationDrawer id={openId} onClose={() => setOpenId(null)} navigate={navigate} refetchInterval={refreshMs} />
    </PageFrame>
  );
}

function CountsStrip({
  board,
  onPick,
  active,
}: {
  board: Board;
  onPick: (status: ReservationStatus | "") => void;
  active: string;
}) {
  const { t } = useTranslation("booking");
  return (
    <Stack
      direction="row"
      sx={{ flexWrap: "wrap", gap: 1, mb: 1.5 }}
      data-testid="counts"
      aria-label={t("board.counts")}
    >
      <Chip
        label={`${t("board.total")} ${board.counts.total ?? 0}`}
        variant={active === "" ? "filled" : "outlined"}
        onClick={() => onPick("")}
        data-testid="count-total"
      />
      {STATUSES.map((status) => (
        <Chip
          key={status}
          data-testid={`count-${status}`}
          label={`${t(`status.${status}`)} ${board.counts[status] ?? 0}`}
          onClick={() => onPick(active === status ? "" : status)}
          variant={active === status ? "filled" : "outlined"}
          sx={{
            borderColor: STATUS_COLORS[status].main,
            color: STATUS_COLORS[status].main,
            bgcolor: active === status ? STATUS_COLORS[status].fill : undefined,
          }}
        />
      ))}
    </Stack>
  );
}

interface GridProps {
  board: Board;
  date: string;
  today: string;
  filters: BoardFilters;
  moves: Map<number, Move>;
  onOpen: (id: number) => void;
  onMove: (reservation: Reservation, nurseId: number | null, minutes: number) => void;
  onEmptyCell: (nurseId: number | null, minutes: number) => void;
  onDuty: (nurse: BoardNurse, on: boolean) => void;
  dutyBusy: boolean;
}

function Grid({ board, date, today, filters, moves, onOpen, onMove, onEmptyCell, onDuty, dutyBusy }: GridProps) {
  const { t, i18n } = useTranslation("booking");
  const dragged = useRef<number | null>(null);
  const [dragging, setDragging] = useState<number | null>(null);
  const [hover, setHover] = useState<{ column: string; minutes: number } | null>(null);

  // Pending moves are drawn where they were dropped until the server answers.
  const reservations = useMemo(
    () =>
      board.reservations.map((reservation) => {
        const moved = moves.get(reservation.id);
        return moved ? { ...reservation, ...moved } : reservation;
      }),
    [board.reservations, moves],
  );
  const range = gridRange({ ...board, reservations });
  const slots = slotStarts(range);
  const height = (range.end - range.start) * PX;
  const shown = visibleReservations(reservations, filters);
  const byId = new Map(reservations.map((reservation) => [reservation.id, reservation]));
  const periods = board.periods.map((period) => ({ start: toMinutes(period.start), end: toMinutes(period.end) }));
  const inPeriod = (minute: number) =>
    periods.length === 0 || periods.some((period) => minute >= period.start && minute < period.end);

  const columns: { key: ColumnKey; nurse: BoardNurse | null }[] = [
    ...board.nurses.map((nurse) => ({ key: nurse.id as ColumnKey, nurse })),
    { key: "any" as ColumnKey, nurse: null },
  ].filter((column) => filters.nurseId === "" || filters.nurseId === column.key);

  const minuteAt = (event: DragEvent<HTMLElement>, column: HTMLElement): number => {
    const cell = (event.target as HTMLElement).closest<HTMLElement>("[data-slot-start]");
    if (cell?.dataset.slotStart) return toMinutes(cell.dataset.slotStart);
    const top = column.getBoundingClientRect().top;
    const minute = range.start + Math.floor((event.clientY - top) / SLOT_PX) * SLOT_MINUTES;
    return Math.max(range.start, Math.min(range.end - SLOT_MINUTES, minute));
  };
  const endDrag = () => {
    dragged.current = null;
    setDragging(null);
    setHover(null);
  };

  return (
    <Paper variant="outlined" sx={{ overflow: "hidden" }}>
      <Box
        data-testid="board-scroll"
        sx={{ overflow: "auto", maxHeight: "calc(100vh - 240px)", minHeight: 320, position: "relative" }}
      >
        <Box sx={{ display: "flex", minWidth: AXIS_WIDTH + columns.length * COLUMN_MIN_WIDTH }}>
          {/* The time axis: the store's periods as rows. */}
          <Box
            sx={{
              width: AXIS_WIDTH,
              flexShrink: 0,
              position: "sticky",
              left: 0,
              zIndex: 3,
              bgcolor: "background.paper",
              borderRight: 1,
              borderColor: "divider",
            }}
          >
            <Box
              sx={{
                height: 72,
                position: "sticky",
                top: 0,
                bgcolor: "background.paper",
                zIndex: 4,
                borderBottom: 1,
                borderColor: "divider",
              }}
            />
            <Box sx={{ position: "relative", height }} data-testid="time-axis">
              {(periods.length
                ? periods
                : slots
                    .filter((minute) => minute % 60 === 0)
                    .map((start) => ({ start, end: Math.min(start + 60, range.end) }))
              ).map((period) => (
                <Box
                  key={period.start}
                  data-testid={`period-row-${hm(period.start)}`}
                  data-period-start={hm(period.start)}
                  data-period-end={hm(period.end)}
                  sx={{
                    position: "absolute",
                    top: (period.start - range.start) * PX,
                    height: (period.end - period.start) * PX,
                    left: 0,
                    right: 0,
                    borderTop: 1,
                    borderColor: "divider",
                    px: 0.5,
                  }}
                >
                  <Typography variant="caption" sx={{ fontWeight: 600 }}>
                    {hm(period.start)}
                  </Typography>
                  <Typography variant="caption" component="div" color="text.secondary" sx={{ lineHeight: 1 }}>
                    {hm(period.end)}
                  </Typography>
                </Box>
              ))}
            </Box>
          </Box>

          {columns.map(({ key, nurse }) => {
            const id = columnId(key);
            const nurseId = key === "any" ? null : key;
            const blocks = shown.filter((reservation) => (reservation.nurseId ?? "any") === key);
            const places = blocks.map((reservation) => ({ reservation, ...span(reservation, date) }));
            const lanes = layoutLanes(
              places.map((place) => ({ id: place.reservation.id, start: place.start, end: place.end })),
            );
            return (
              <Box
                key={id}
                sx={{
                  flex: "1 0 auto",
                  minWidth: COLUMN_MIN_WIDTH,
                  width: COLUMN_MIN_WIDTH,
                  borderRight: 1,
                  borderColor: "divider",
                }}
              >
                <ColumnHeader nurse={nurse} canClock={date === today} busy={dutyBusy} onDuty={onDuty} />
                <Box
                  data-testid={`nurse-column-${id}`}
                  data-nurse-id={id}
                  sx={{ position: "relative", height }}
                  onDragOver={(event) => {
                    if (dragged.current === null) return;
                    event.preventDefault();
                    event.dataTransfer.dropEffect = "move";
                    const minutes = minuteAt(event, event.currentTarget);
                    if (hover?.column !== id || hover.minutes !== minutes) setHover({ column: id, minutes });
                  }}
                  onDrop={(event) => {
                    event.preventDefault();
                    const raw = dragged.current ?? Number(event.dataTransfer?.getData("text/plain"));
                    const reservation = raw ? byId.get(raw) : undefined;
                    const minutes = minuteAt(event, event.currentTarget);
                    endDrag();
                    if (!reservation || !canMove(reservation)) return;
                    const current = span(reservation, date).start;
                    if (reservation.nurseId === nurseId && current === minutes) return;
                    onMove(reservation, nurseId, minutes);
                  }}
                >
                  {slots.map((minute) => {
                    const highlighted = hover?.column === id && hover.minutes === minute;
                    return (
                      <Box
                        key={minute}
                        data-slot-start={hm(minute)}
                        data-testid={`slot-${id}-${hm(minute)}`}
                        title={t("board.bookHere", { time: hm(minute) })}
                        onClick={() => onEmptyCell(nurseId, minute)}
                        sx={{
                          position: "absolute",
                          top: (minute - range.start) * PX,
                          height: SLOT_PX,
                          left: 0,
                          right: 0,
                          cursor: "pointer",
                          borderTop:
                            minute % 60 === 0 || periods.some((period) => period.start === minute)
                              ? "1px solid"
                              : "1px dashed",
                          borderColor: minute % 60 === 0 ? "divider" : "grey.100",
                          bgcolor: highlighted ? "primary.light" : inPeriod(minute) ? "transparent" : "grey.100",
                          opacity: highlighted ? 0.5 : 1,
                          "&:hover": { bgcolor: dragging === null ? "action.hover" : undefined },
                        }}
                      />
                    );
                  })}
                  {(nurse?.tempOut ?? []).map((interval) => {
                    const start = toMinutes(interval.start);
                    const end = toMinutes(interval.end);
                    return (
                      <Box
                        key={`${interval.start}-${interval.end}`}
                        data-testid={`temp-out-${id}`}
                        sx={{
                          position: "absolute",
                          top: (start - range.start) * PX,
                          height: Math.max(end - start, 1) * PX,
                          left: 0,
                          right: 0,
                          pointerEvents: "none",
                          background: "repeating-linear-gradient(45deg, rgba(0,0,0,0.04) 0 6px, transparent 6px 12px)",
                        }}
                      />
                    );
                  })}
                  {places.map(({ reservation, start, end }) => {
                    const lane = lanes.get(reservation.id) ?? { lane: 0, lanes: 1 };
                    const colors = STATUS_COLORS[reservation.status];
                    const movable = canMove(reservation);
                    const faded = reservation.status === "cancelled";
                    const label = `${reservation.name} ${formatTime(reservation.startTime, i18n.language)}–${formatTime(reservation.endTime, i18n.language)} ${t(`status.${reservation.status}`)}`;
                    return (
                      <Box
                        key={reservation.id}
                        role="button"
                        tabIndex={0}
                        aria-label={label}
                        data-testid={`reservation-block-${reservation.id}`}
                        data-status={reservation.status}
                        data-nurse-id={columnId(reservation.nurseId ?? "any")}
                        data-start={hm(start)}
                        data-end={hm(end)}
                        data-pending={moves.has(reservation.id) ? "true" : undefined}
                        draggable={movable}
                        onDragStart={(event) => {
                          dragged.current = reservation.id;
                          event.dataTransfer.effectAllowed = "move";
                          event.dataTransfer.setData("text/plain", String(reservation.id));
                          // Let the drag begin before the blocks stop catching the pointer.
                          window.setTimeout(() => {
                            if (dragged.current === reservation.id) setDragging(reservation.id);
                          }, 0);
                        }}
                        onDragEnd={endDrag}
                        onClick={() => onOpen(reservation.id)}
                        onKeyDown={(event) => {
                          if (event.key === "Enter" || event.key === " ") {
                            event.preventDefault();
                            onOpen(reservation.id);
                          }
                        }}
                        sx={{
                          position: "absolute",
                          top: (start - range.start) * PX + 1,
                          height: Math.max((end - start) * PX - 2, 18),
                          left: `calc(${(lane.lane / lane.lanes) * 100}% + 2px)`,
                          width: `calc(${100 / lane.lanes}% - 4px)`,
                          bgcolor: colors.fill,
                          color: colors.main,
                          borderLeft: `4px solid ${colors.main}`,
                          borderRadius: 1,
                          boxShadow: 1,
                          px: 0.75,
                          py: 0.25,
                          overflow: "hidden",
                          cursor: movable ? "grab" : "pointer",
                          opacity: faded ? 0.45 : moves.has(reservation.id) ? 0.7 : 1,
                          textDecoration: faded ? "line-through" : undefined,
                          // While dragging, drops go to the cells under the blocks.
                          pointerEvents: dragging !== null ? "none" : "auto",
                          zIndex: 1,
                          "&:focus-visible": { outline: "2px solid", outlineColor: colors.main },
                        }}
                      >
                        <Typography variant="caption" component="div" sx={{ fontWeight: 600, lineHeight: 1.3 }}>
                          {formatTime(reservation.startTime, i18n.language)}–
                          {formatTime(reservation.endTime, i18n.language)} {reservation.name}
                          {reservation.walkIn ? ` · ${t("board.walkIn")}` : ""}
                        </Typography>
                        <Typography variant="caption" component="div" sx={{ lineHeight: 1.3, color: "text.secondary" }}>
                          {formatMemberPhone(reservation.areaCode, reservation.phone)}
                        </Typography>
                        <Typography
                          variant="caption"
                          component="div"
                          sx={{ lineHeight: 1.3, color: "text.primary" }}
                          noWrap
                        >
                          {reservation.projects.map((project) => project.name).join(", ")}
                        </Typography>
                      </Box>
                    );
                  })}
                </Box>
              </Box>
            );
          })}
        </Box>
      </Box>
    </Paper>
  );
}

function ColumnHeader({
  nurse,
  canClock,
  busy,
  onDuty,
}: {
  nurse: BoardNurse | null;
  canClock: boolean;
  busy: boolean;
  onDuty: (nurse: BoardNurse, on: boolean) => void;
}) {
  const { t } = useTranslation("booking");
  return (
    <Box
      data-testid={`nurse-header-${nurse ? nurse.id : "any"}`}
      sx={{
        height: 72,
        position: "sticky",
        top: 0,
        zIndex: 2,
        bgcolor: "background.paper",
        borderBottom: 1,
        borderColor: "divider",
        px: 1,
        py: 0.5,
      }}
    >
      {nurse === null ? (
        <>
          <Typography variant="subtitle2">{t("board.anyNurse")}</Typography>
          <Typography variant="caption" color="text.secondary">
            {t("board.anyNurseHint")}
          </Typography>
        </>
      ) : (
        <>
          <Stack direction="row" spacing={0.5} sx={{ alignItems: "center" }}>
            <Typography variant="subtitle2" noWrap>
              {nurse.name}
            </Typography>
            <Chip
              size="small"
              data-testid={`duty-state-${nurse.id}`}
              color={nurse.onDuty ? "success" : "default"}
              label={nurse.onDuty ? t("board.onDuty") : t("board.offDuty")}
              sx={{ height: 20 }}
            />
          </Stack>
          <Tooltip
            title={nurse.shift ? `${nurse.shift.name} ${nurse.shift.start}–${nurse.shift.end}` : t("board.noShift")}
          >
            <Typography
              variant="caption"
              color="text.secondary"
              noWrap
              component="div"
              sx={{
                borderLeft: nurse.shift?.color ? `3px solid ${nurse.shift.color}` : undefined,
                pl: nurse.shift ? 0.5 : 0,
              }}
            >
              {nurse.shift ? `${nurse.shift.name} ${nurse.shift.start}–${nurse.shift.end}` : t("board.noShift")}
            </Typography>
          </Tooltip>
          {canClock ? (
            nurse.onDuty ? (
              <Button
                size="small"
                disabled={busy}
                onClick={() => onDuty(nurse, false)}
                data-testid={`off-work-${nurse.id}`}
                sx={{ p: 0, minWidth: 0 }}
              >
                {t("board.clockOff")}
              </Button>
            ) : (
              <Button
                size="small"
                disabled={busy}
                onClick={() => onDuty(nurse, true)}
                data-testid={`on-work-${nurse.id}`}
                sx={{ p: 0, minWidth: 0 }}
              >
                {t("board.clockOn")}
              </Button>
            )
          ) : null}
        </>
      )}
    </Box>
  );
}

mountIsland(<OrderBoardPage />);
