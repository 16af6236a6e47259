/** Reservation calls of the board and the booking form (docs/api.md "Reservations, the board and the
 * rota"), their query keys and hooks. */

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { ApiError, api } from "./client";
import { choices, type Schemas } from "./schema";

export type Reservation = Schemas["ReservationOutput"];
export type ReservationStatus = Reservation["status"];
export const STATUSES = choices<ReservationStatus>()(["booked", "arrived", "inService", "done", "noShow", "cancelled"]);

/** Button code that allows "save anyway" (POST forceUpdate). */
export const BTN_FORCE_UPDATE = "BTN-YUKB-FORCE-UPDATE";
/** The conflict answer of check-backed writes: `data.problems`. */
export const CONFLICT = "RES-51021";

export type ReservationDetail = Schemas["ReservationDetailOutput"];
export type Interval = Schemas["Interval"];
export type BoardNurse = Schemas["NurseOutput"];
export type Board = Schemas["BoardOutput"];
/** A reservation of the board: also `needsAnotherNurse`, read from the rota at each request. */
export type BoardReservation = Board["reservations"][number];
export type CodeName = Schemas["CodeNameOutput"];
export type Problem = Schemas["ProblemOutput"];
type CheckResult = Schemas["CheckOutput"];
type BookableProject = Schemas["BookableProjectOutput"];
type NurseOption = Schemas["NurseOutput"];
type AccountInfo = Schemas["AccountInfoOutput"];

/** The body of check, saveOrUpdate and forceUpdate. */
export type ReservationBody = Schemas["ReservationInput"];

export type StatusAction = "arrival" | "startService" | "finish" | "noShow";

export const bookingKeys = {
  all: ["booking"] as const,
  board: (date: string) => ["booking", "board", date] as const,
  detail: (id: number) => ["booking", "detail", id] as const,
  reasons: ["booking", "invalidReasons"] as const,
  sources: ["booking", "sources"] as const,
  projects: (storeId: number) => ["booking", "projects", storeId] as const,
  nurses: (date: string) => ["booking", "nurses", date] as const,
  duration: (projectIds: number[], nurseId: number | null) => ["booking", "duration", projectIds, nurseId] as const,
  account: (memId: number) => ["booking", "account", memId] as const,
  check: (body: ReservationBody) => ["booking", "check", body] as const,
};

const R = "/rest/reservation";

export const bookingApi = {
  board: (date: string) => api.get<Board>(`${R}/board`, { query: { date } }),
  /** `quiet` for callers that show a failure themselves (the history). */
  detail: (id: number, options?: { quiet?: boolean }) => api.get<ReservationDetail>(`${R}/detail/${id}`, options),
  invalidReasons: () => api.get<CodeName[]>(`${R}/findInvalidReason`),
  sources: (options?: { quiet?: boolean }) => api.get<CodeName[]>(`${R}/sources`, options),
  projects: (storeId: number) => api.get<BookableProject[]>(`${R}/projectNameList/${storeId}`),
  nurses: (date: string) => api.get<NurseOption[]>(`${R}/findNurse`, { query: { date } }),
  duration: (projectIds: number[], nurseId: number | null) =>
    api.get<Schemas["BookingDurationOutput"]>(`${R}/getDuration`, {
      query: { projectIds: projectIds.join(","), nurseId },
    }),
  accountInfo: (memId: number) => api.get<AccountInfo>(`${R}/accountInfo/${memId}`),
  /** Quiet: the form shows the outcome itself. */
  check: (body: ReservationBody) => api.post<CheckResult>(`${R}/check`, { body, quiet: true }),
  /** A RES-51021 passes through without an alert (spec §8); the form shows the problems. */
  save: (body: ReservationBody) => api.post<Reservation>(`${R}/saveOrUpdate`, { body }),
  /** Quiet: a conflict (nurseBusy) is shown in the form like saveOrUpdate's. */
  force: (body: ReservationBody) => api.post<Reservation>(`${R}/forceUpdate`, { body, quiet: true }),
  /** The board's drag. Quiet: the board shows the problems and puts the block back. */
  change: (body: Schemas["ReservationMoveInput"]) => api.post<Reservation>(`${R}/change`, { body, quiet: true }),
  act: (action: StatusAction, id: number) =>
    api.post<Reservation>(`${R}/${action}`, { body: { id } satisfies Schemas["ReservationIdInput"] }),
  /** Start of service on an any-nurse reservation names the nurse who gives it. */
  startService: (body: Schemas["ReservationStartServiceInput"]) => api.post<Reservation>(`${R}/startService`, { body }),
  undo: (body: Schemas["ReservationUndoInput"]) => api.post<Reservation>(`${R}/undoStatus`, { body }),
  cancel: (body: Schemas["ReservationCancelInput"]) => api.post<Reservation>(`${R}/inValid`, { body }),
  onWork: (employeeId: number) => api.put<unknown>(`${R}/onWork`, { query: { employeeId } }),
  offWork: (employeeId: number) => api.put<unknown>(`${R}/offWork`, { query: { employeeId } }),
};

/** The problems of a RES-51021 answer, or null for any other failure. */
export function conflictProblems(error: unknown): Problem[] | null {
  if (!(error instanceof ApiError) || error.errcode !== CONFLICT) return null;
  const problems = (error.data as { problems?: Problem[] } | null)?.problems;
  return Array.isArray(problems) ? problems : [];
}

export function useBoard(date: string, refetchInterval: number | false) {
  return useQuery({
    queryKey: bookingKeys.board(date),
    queryFn: () => bookingApi.board(date),
    placeholderData: keepPreviousData,
    enabled: Boolean(date),
    refetchInterval,
    staleTime: 0,
  });
}

export function useReservationDetail(id: number | null, refetchInterval: number | false = false) {
  return useQuery({
    queryKey: bookingKeys.detail(id ?? 0),
    queryFn: () => bookingApi.detail(id ?? 0),
    enabled: id !== null,
    refetchInterval,
    staleTime: 0,
  });
}

export function useInvalidReasons(enabled = true) {
  return useQuery({ queryKey: bookingKeys.reasons, queryFn: bookingApi.invalidReasons, enabled, staleTime: Infinity });
}

export function useSources() {
  return useQuery({ queryKey: bookingKeys.sources, queryFn: () => bookingApi.sources(), staleTime: Infinity });
}

export function useBookableProjects(storeId: number | null) {
  return useQuery({
    queryKey: bookingKeys.projects(storeId ?? 0),
    queryFn: () => bookingApi.projects(storeId ?? 0),
    enabled: storeId !== null,
    staleTime: 5 * 60_000,
  });
}

export function useNurseOptions(date: string) {
  return useQuery({
    queryKey: bookingKeys.nurses(date),
    queryFn: () => bookingApi.nurses(date),
    enabled: Boolean(date),
  });
}

export function useDuration(projectIds: number[], nurseId: number | null) {
  return useQuery({
    queryKey: bookingKeys.duration(projectIds, nurseId),
    queryFn: () => bookingApi.duration(projectIds, nurseId),
    enabled: projectIds.length > 0,
  });
}

export function useAccountInfo(memId: number | null) {
  return useQuery({
    queryKey: bookingKeys.account(memId ?? 0),
    queryFn: () => bookingApi.accountInfo(memId ?? 0),
    enabled: memId !== null,
  });
}

export function useCheck(body: ReservationBody | null) {
  return useQuery({
    queryKey: bookingKeys.check(body ?? ({} as ReservationBody)),
    queryFn: () => bookingApi.check(body as ReservationBody),
    enabled: body !== null,
    staleTime: 0,
    retry: false,
  });
}
