import { useMemo, useRef, useState } from "react";
import type { Board, BoardNurse } from "../../api/booking";
import { gridRange, slotStarts, toMinutes, visibleReservations, type BoardFilters } from "./rules";

/** Pixels per minute of the grid: a 15-minute cell is 24 px high. */
export const PX = 1.6;

type ColumnKey = number | "any";
export const columnId = (key: ColumnKey) => (key === "any" ? "any" : String(key));

/** Where a dragged block was dropped, drawn there until the server answers. */
export interface Move {
  nurseId: number | null;
  startTime: string;
  endTime: string;
}

export interface BoardColumn {
  key: ColumnKey;
  nurse: BoardNurse | null;
}

/** What the grid draws: the day's reservations with the pending moves applied, the minutes it spans
 * and its cells, the store's periods, and the columns the nurse filter leaves. */
export function useGridLayout(board: Board, moves: Map<number, Move>, filters: BoardFilters) {
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

  const columns: BoardColumn[] = [
    ...board.nurses.map((nurse) => ({ key: nurse.id as ColumnKey, nurse })),
    { key: "any" as ColumnKey, nurse: null },
  ].filter((column) => filters.nurseId === "" || filters.nurseId === column.key);

  return { range, slots, height, shown, byId, periods, inPeriod, columns };
}

export type GridLayout = ReturnType<typeof useGridLayout>;

/** The block being dragged (a ref, read by the drop at once; the state redraws the blocks) and the
 * cell under it. */
export function useBlockDrag() {
  const draggedRef = useRef<number | null>(null);
  const [dragging, setDragging] = useState<number | null>(null);
  const [hover, setHover] = useState<{ column: string; minutes: number } | null>(null);
  const startDrag = (id: number) => {
    draggedRef.current = id;
    // Let the drag begin before the blocks stop catching the pointer.
    window.setTimeout(() => {
      if (draggedRef.current === id) setDragging(id);
    }, 0);
  };
  const endDrag = () => {
    draggedRef.current = null;
    setDragging(null);
    setHover(null);
  };
  return { draggedRef, dragging, hover, setHover, startDrag, endDrag };
}

export type BlockDrag = ReturnType<typeof useBlockDrag>;
