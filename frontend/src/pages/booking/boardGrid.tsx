import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Tooltip from "@mui/material/Tooltip";
import Typography from "@mui/material/Typography";
import type { DragEvent } from "react";
import { useTranslation } from "react-i18next";
import WarningAmberIcon from "@mui/icons-material/WarningAmber";
import type { Board, BoardNurse, BoardReservation, Reservation } from "../../api/booking";
import { RESERVATION_STATUS_COLORS } from "../../components/ReservationStatusChip";
import { SLOT_MINUTES, canMove, formatTime, hm, layoutLanes, span, toMinutes, type BoardFilters } from "./rules";
import {
  PX,
  columnId,
  useBlockDrag,
  useGridLayout,
  type BlockDrag,
  type BoardColumn,
  type GridLayout,
  type Move,
} from "./useBoardGrid";
import { formatPhone } from "../../lib/phone";

/* The reservation board's grid (/orderBoard): the time axis, a column per nurse and one for "any
 * nurse", the reservations as blocks to drag between columns and times. */

const SLOT_PX = SLOT_MINUTES * PX;
const AXIS_WIDTH = 72;
const COLUMN_MIN_WIDTH = 168;

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

export function Grid({ board, filters, moves, ...props }: GridProps) {
  const layout = useGridLayout(board, moves, filters);
  const drag = useBlockDrag();
  return (
    <Paper variant="outlined" sx={{ overflow: "hidden" }}>
      <Box
        data-testid="board-scroll"
        sx={{ overflow: "auto", maxHeight: "calc(100vh - 240px)", minHeight: 320, position: "relative" }}
      >
        <Box sx={{ display: "flex", minWidth: AXIS_WIDTH + layout.columns.length * COLUMN_MIN_WIDTH }}>
          <TimeAxis layout={layout} />
          {layout.columns.map((column) => (
            <NurseColumn
              key={columnId(column.key)}
              column={column}
              layout={layout}
              drag={drag}
              moves={moves}
              {...props}
            />
          ))}
        </Box>
      </Box>
    </Paper>
  );
}

/** The time axis: the store's periods as rows (whole hours when the store has none). */
function TimeAxis({ layout }: { layout: GridLayout }) {
  const { periods, slots, range, height } = layout;
  return (
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
  );
}

/** A nurse's column (or "any nurse"'s): the header, the cells that book or take a dropped block, the
 * times the nurse is out, and the reservations side by side where they overlap. */
function NurseColumn({
  column,
  layout,
  drag,
  moves,
  date,
  today,
  onOpen,
  onMove,
  onEmptyCell,
  onDuty,
  dutyBusy,
}: Omit<GridProps, "board" | "filters"> & { column: BoardColumn; layout: GridLayout; drag: BlockDrag }) {
  const { key, nurse } = column;
  const { range, height, shown, byId } = layout;
  const { draggedRef, hover, setHover, endDrag } = drag;
  const id = columnId(key);
  const nurseId = key === "any" ? null : key;
  const blocks = shown.filter((reservation) => (reservation.nurseId ?? "any") === key);
  const places = blocks.map((reservation) => ({ reservation, ...span(reservation, date) }));
  const lanes = layoutLanes(places.map((place) => ({ id: place.reservation.id, start: place.start, end: place.end })));

  const minuteAt = (event: DragEvent<HTMLElement>, target: HTMLElement): number => {
    const cell = (event.target as HTMLElement).closest<HTMLElement>("[data-slot-start]");
    if (cell?.dataset.slotStart) return toMinutes(cell.dataset.slotStart);
    const top = target.getBoundingClientRect().top;
    const minute = range.start + Math.floor((event.clientY - top) / SLOT_PX) * SLOT_MINUTES;
    return Math.max(range.start, Math.min(range.end - SLOT_MINUTES, minute));
  };

  return (
    <Box
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
          if (draggedRef.current === null) return;
          event.preventDefault();
          event.dataTransfer.dropEffect = "move";
          const minutes = minuteAt(event, event.currentTarget);
          if (hover?.column !== id || hover.minutes !== minutes) setHover({ column: id, minutes });
        }}
        onDrop={(event) => {
          event.preventDefault();
          const raw = draggedRef.current ?? Number(event.dataTransfer?.getData("text/plain"));
          const reservation = raw ? byId.get(raw) : undefined;
          const minutes = minuteAt(event, event.currentTarget);
          endDrag();
          if (!reservation || !canMove(reservation)) return;
          const current = span(reservation, date).start;
          if (reservation.nurseId === nurseId && current === minutes) return;
          onMove(reservation, nurseId, minutes);
        }}
      >
        <ColumnSlots column={id} nurseId={nurseId} layout={layout} drag={drag} onEmptyCell={onEmptyCell} />
        <TempOutBands column={id} nurse={nurse} rangeStart={range.start} />
        {places.map(({ reservation, start, end }) => (
          <ReservationBlock
            key={reservation.id}
            reservation={reservation}
            start={start}
            end={end}
            lane={lanes.get(reservation.id) ?? { lane: 0, lanes: 1 }}
            rangeStart={range.start}
            pending={moves.has(reservation.id)}
            drag={drag}
            onOpen={onOpen}
          />
        ))}
      </Box>
    </Box>
  );
}

/** The column's slots, one per SLOT_MINUTES: a click books there, a dragged block shows where it
 * would land, and the times outside the store's periods are greyed. */
function ColumnSlots({
  column,
  nurseId,
  layout,
  drag,
  onEmptyCell,
}: {
  column: string;
  nurseId: number | null;
  layout: GridLayout;
  drag: BlockDrag;
  onEmptyCell: GridProps["onEmptyCell"];
}) {
  const { t } = useTranslation("booking");
  const { range, slots, periods, inPeriod } = layout;
  const { dragging, hover } = drag;
  return (
    <>
      {slots.map((minute) => {
        const highlighted = hover?.column === column && hover.minutes === minute;
        return (
          <Box
            key={minute}
            data-slot-start={hm(minute)}
            data-testid={`slot-${column}-${hm(minute)}`}
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
                minute % 60 === 0 || periods.some((period) => period.start === minute) ? "1px solid" : "1px dashed",
              borderColor: minute % 60 === 0 ? "divider" : "grey.100",
              bgcolor: highlighted ? "primary.light" : inPeriod(minute) ? "transparent" : "grey.100",
              opacity: highlighted ? 0.5 : 1,
              "&:hover": { bgcolor: dragging === null ? "action.hover" : undefined },
            }}
          />
        );
      })}
    </>
  );
}

/** The times the nurse is out (temp-out), hatched over the column. */
function TempOutBands({ column, nurse, rangeStart }: { column: string; nurse: BoardNurse | null; rangeStart: number }) {
  return (
    <>
      {(nurse?.tempOut ?? []).map((interval) => {
        const start = toMinutes(interval.start);
        const end = toMinutes(interval.end);
        return (
          <Box
            key={`${interval.start}-${interval.end}`}
            data-testid={`temp-out-${column}`}
            sx={{
              position: "absolute",
              top: (start - rangeStart) * PX,
              height: Math.max(end - start, 1) * PX,
              left: 0,
              right: 0,
              pointerEvents: "none",
              background: "repeating-linear-gradient(45deg, rgba(0,0,0,0.04) 0 6px, transparent 6px 12px)",
            }}
          />
        );
      })}
    </>
  );
}

/** A reservation: its times, customer, phone and projects in its status's colours; a click or Enter
 * opens it, a movable one drags. `pending` while a move waits for the server. */
function ReservationBlock({
  reservation,
  start,
  end,
  lane,
  rangeStart,
  pending,
  drag,
  onOpen,
}: {
  reservation: BoardReservation;
  start: number;
  end: number;
  lane: { lane: number; lanes: number };
  rangeStart: number;
  pending: boolean;
  drag: BlockDrag;
  onOpen: (id: number) => void;
}) {
  const { t, i18n } = useTranslation("booking");
  const { dragging, startDrag, endDrag } = drag;
  const colors = RESERVATION_STATUS_COLORS[reservation.status];
  const movable = canMove(reservation);
  const faded = reservation.status === "cancelled";
  const needsNurse = reservation.needsAnotherNurse;
  const label = `${reservation.name} ${formatTime(reservation.startTime, i18n.language)}–${formatTime(reservation.endTime, i18n.language)} ${t(`status.${reservation.status}`)}${needsNurse ? `, ${t("board.needsAnotherNurse")}` : ""}`;
  return (
    <Box
      role="button"
      tabIndex={0}
      aria-label={label}
      data-testid={`reservation-block-${reservation.id}`}
      data-status={reservation.status}
      data-nurse-id={columnId(reservation.nurseId ?? "any")}
      data-start={hm(start)}
      data-end={hm(end)}
      data-pending={pending ? "true" : undefined}
      data-needs-another-nurse={needsNurse ? "true" : undefined}
      draggable={movable}
      onDragStart={(event) => {
        event.dataTransfer.effectAllowed = "move";
        event.dataTransfer.setData("text/plain", String(reservation.id));
        startDrag(reservation.id);
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
        top: (start - rangeStart) * PX + 1,
        height: Math.max((end - start) * PX - 2, 18),
        left: `calc(${(lane.lane / lane.lanes) * 100}% + 2px)`,
        width: `calc(${100 / lane.lanes}% - 4px)`,
        bgcolor: colors.fill,
        color: colors.main,
        borderLeft: `4px solid ${colors.main}`,
        // Off duty on the rota: a warning frame the desk cannot miss, whatever the status colour.
        outline: needsNurse ? "2px dashed" : undefined,
        outlineColor: needsNurse ? "warning.main" : undefined,
        outlineOffset: -2,
        borderRadius: 1,
        boxShadow: 1,
        px: 0.75,
        py: 0.25,
        overflow: "hidden",
        cursor: movable ? "grab" : "pointer",
        opacity: faded ? 0.45 : pending ? 0.7 : 1,
        textDecoration: faded ? "line-through" : undefined,
        // While dragging, drops go to the cells under the blocks.
        pointerEvents: dragging !== null ? "none" : "auto",
        zIndex: 1,
        "&:focus-visible": { outline: "2px solid", outlineColor: colors.main },
      }}
    >
      <Typography variant="caption" component="div" sx={{ fontWeight: 600, lineHeight: 1.3 }}>
        {formatTime(reservation.startTime, i18n.language)}–{formatTime(reservation.endTime, i18n.language)}{" "}
        {reservation.name}
        {reservation.walkIn ? ` · ${t("board.walkIn")}` : ""}
      </Typography>
      {needsNurse ? (
        <Stack
          direction="row"
          spacing={0.5}
          sx={{ alignItems: "center", color: "warning.dark" }}
          data-testid={`needs-another-nurse-${reservation.id}`}
        >
          <WarningAmberIcon sx={{ fontSize: 14 }} aria-hidden />
          <Typography variant="caption" sx={{ fontWeight: 600, lineHeight: 1.3 }} noWrap>
            {t("board.needsAnotherNurse")}
          </Typography>
        </Stack>
      ) : null}
      <Typography variant="caption" component="div" sx={{ lineHeight: 1.3, color: "text.secondary" }}>
        {formatPhone(reservation.areaCode, reservation.phone)}
      </Typography>
      <Typography variant="caption" component="div" sx={{ lineHeight: 1.3, color: "text.primary" }} noWrap>
        {reservation.projects.map((project) => project.name).join(", ")}
      </Typography>
    </Box>
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
