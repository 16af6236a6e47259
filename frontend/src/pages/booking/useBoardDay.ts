import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import {
  bookingApi,
  bookingKeys,
  conflictProblems,
  useBoard,
  type BoardNurse,
  type Problem,
  type Reservation,
} from "../../api/booking";
import { notify } from "../../lib/notices";
import { isIsoDate, storeIso, todayInStore, type BoardFilters } from "./rules";
import type { Move } from "./useBoardGrid";

function dateFromSearch(search: string): string {
  const date = new URLSearchParams(search).get("date");
  return isIsoDate(date) ? date : todayInStore();
}

/** The board's day and filters, the day's board refreshed every `refreshMs`, and the two writes:
 * a move (drawn where it was dropped until the server answers; a conflict lists its problems) and a
 * nurse clocking on or off. */
export function useBoardDay(search: string, refreshMs: number) {
  const { t } = useTranslation("booking");
  const queryClient = useQueryClient();
  const [date, setDateState] = useState(() => dateFromSearch(search));
  const [filters, setFilters] = useState<BoardFilters>({ status: "", nurseId: "", showCancelled: false });
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

  return { date, setDate, today, filters, setFilters, board, moves, moveProblems, setMoveProblems, move, duty };
}
