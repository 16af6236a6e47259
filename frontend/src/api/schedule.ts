/** Rota calls (docs/api.md "Reservations, the board and the rota": /rest/schedule/*), keys and hooks. */

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ApiError, api } from "./client";
import { choices, type Schemas } from "./schema";

/** The button code that lets a role change the rota and the shift types (docs/api.md "Role codes");
 * without it the rota page only reads. */
export const BTN_ROTA_EDIT = "BTN-PBGL-ROTA-EDIT";

/** start and end "HH:MM", color "#rrggbb". */
export type ShiftType = Schemas["ShiftTypeOutput"];

export type ShiftTypeInput = Schemas["ShiftTypeInput"];

/** What a rota cell holds: the schema's kinds, and "none", the page's way to clear a cell. */
export type RotaKind = RotaDay["kind"] | "none";
export const ROTA_KINDS = choices<RotaKind>()(["shift", "leave", "dayOff", "none"]);

export type RotaEmployee = Schemas["StaffNameOutput"];
export type RotaDay = Schemas["RotaDayOutput"];
/** myEmployeeId: the signed-in user's own employee in the store, whose row is highlighted. */
type Rota = Schemas["RotaOutput"];

/** A cell of the batch save; its kind is one of ROTA_KINDS ("none" clears the cell). */
export type RotaEntry = Omit<Schemas["RotaEntryInput"], "kind"> & { kind: RotaKind };

const scheduleKeys = {
  all: ["schedule"] as const,
  shiftTypes: () => ["schedule", "shiftTypes"] as const,
  rota: (from: string, to: string) => ["schedule", "rota", from, to] as const,
};

const fetchShiftTypes = () => api.get<ShiftType[]>("/rest/schedule/shiftTypes", { quiet: true });
const fetchRota = (from: string, to: string) =>
  api.get<Rota>("/rest/schedule/rota", { query: { from, to }, quiet: true });
/** Spec §8: an edit of the schedule succeeds without a notice (the client's pass-through rule). */
export const saveShiftType = (input: ShiftTypeInput) =>
  api.post<ShiftType>("/rest/schedule/shiftType/save", { body: input });
/** `confirm`: save even though nurses go off duty for their reservations (else 409 STRANDED). */
export const saveRota = ({ entries, confirm = false }: { entries: RotaEntry[]; confirm?: boolean }) =>
  api.post<unknown>("/rest/schedule/rota/save", {
    body: (confirm ? { entries, confirm } : { entries }) satisfies Schemas["RotaSaveInput"],
  });
export const copyLastWeek = ({ weekStart, confirm = false }: { weekStart: string; confirm?: boolean }) =>
  api.post<unknown>("/rest/schedule/rota/copyLastWeek", {
    body: (confirm ? { weekStart, confirm } : { weekStart }) satisfies Schemas["CopyWeekInput"],
  });

/** A rota change would take nurses off duty for these reservations (docs/api.md RES-40906). */
export const STRANDED = "RES-40906";

/** One reservation of a STRANDED answer's `data.reservations`. */
export interface StrandedReservation {
  id: number;
  date: string;
  startTime: string;
  name: string;
  projects: string[];
  nurseId: number;
  nurseName: string;
}

export function strandedReservations(error: unknown): StrandedReservation[] | null {
  if (!(error instanceof ApiError) || error.errcode !== STRANDED) return null;
  return (error.data as { reservations?: StrandedReservation[] } | null)?.reservations ?? [];
}

export function useShiftTypes() {
  return useQuery({ queryKey: scheduleKeys.shiftTypes(), queryFn: fetchShiftTypes });
}

export function useRota(from: string, to: string) {
  return useQuery({ queryKey: scheduleKeys.rota(from, to), queryFn: () => fetchRota(from, to) });
}

/** A write of the rota or the shift types; every schedule query is read again after it. */
export function useScheduleMutation<I, O>(call: (input: I) => Promise<O>, onDone?: (output: O, input: I) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: async (output, input) => {
      await queryClient.invalidateQueries({ queryKey: scheduleKeys.all });
      onDone?.(output, input);
    },
  });
}
