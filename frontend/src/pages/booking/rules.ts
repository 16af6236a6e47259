/**
 * Plain rules of the board and the booking form: the store's time zone, the grid's geometry, free
 * slots and the form's checks. Components render; these decide. Each check answers an i18n key of
 * the "booking" namespace, or null.
 */

import type { MemberAreaCode } from "../../api/members";
import type { Board, Interval, Reservation, ReservationBody, ReservationStatus } from "../../api/booking";
import { idFromSearch } from "../../lib/address";
import { storeDateTime } from "../../lib/dates";

/** Times are the store's, whatever the browser's zone (docs/api.md: ISO 8601 with offset,
 * Asia/Shanghai). Shanghai has kept +08:00 without daylight saving since 1991, so a wall-clock time
 * of the store is written with that fixed offset. */
const STORE_ZONE = "Asia/Shanghai";
const STORE_OFFSET = "+08:00";
/** The board snaps moves to 15 minutes and draws one cell per 15 minutes. */
export const SLOT_MINUTES = 15;
export const DURATION_MIN = 5;
export const DURATION_MAX = 600;
export const REMARK_MAX = 200;
export const NAME_MAX = 20;

const ACTIVE_STATUSES: readonly ReservationStatus[] = ["booked", "arrived", "inService"];

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const HM = /^(\d{1,2}):(\d{2})(?::\d{2})?$/;

// --- time zone -----------------------------------------------------------------------------------

const partsFormat = new Intl.DateTimeFormat("en-CA", {
  timeZone: STORE_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/** The store's calendar date and minute of the day of an instant. */
export function zoneParts(instant: string | Date): { date: string; minutes: number } {
  const value = typeof instant === "string" ? new Date(instant) : instant;
  const parts = Object.fromEntries(partsFormat.formatToParts(value).map((part) => [part.type, part.value]));
  const hour = Number(parts.hour) % 24;
  return { date: `${parts.year}-${parts.month}-${parts.day}`, minutes: hour * 60 + Number(parts.minute) };
}

/** Today in the store. */
export function todayInStore(now: Date = new Date()): string {
  return zoneParts(now).date;
}

export function isIsoDate(text: string | null | undefined): text is string {
  if (!text || !ISO_DATE.test(text)) return false;
  const time = Date.parse(`${text}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === text;
}

/** A calendar date `days` away. */
export function shiftDate(date: string, days: number): string {
  const time = Date.parse(`${date}T00:00:00Z`) + days * 86_400_000;
  return new Date(time).toISOString().slice(0, 10);
}

/** Minute of the day of "HH:MM", "HH:MM:SS", or an ISO instant (in the store's zone). */
export function toMinutes(value: string): number {
  const match = HM.exec(value.trim());
  if (match) return Number(match[1]) * 60 + Number(match[2]);
  return zoneParts(value).minutes;
}

export function hm(minutes: number): string {
  const clamped = Math.max(0, Math.min(24 * 60, Math.round(minutes)));
  return `${String(Math.floor(clamped / 60)).padStart(2, "0")}:${String(clamped % 60).padStart(2, "0")}`;
}

/** The ISO instant of a store wall-clock time ("2026-11-23T10:30:00+08:00"). */
export function storeIso(date: string, minutes: number): string {
  return `${date}T${hm(minutes)}:00${STORE_OFFSET}`;
}

/** A time of the store as shown ("10:30"), whatever the browser's zone. */
export function formatTime(instant: string, language = "en"): string {
  return new Intl.DateTimeFormat(language === "en" ? "en-GB" : "zh-CN", {
    timeZone: STORE_ZONE,
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).format(new Date(instant));
}

/** A date and time of the store as shown: "2026-12-06 14:30" in both languages, "—" for none. */
export function formatDateTime(instant: string | null | undefined): string {
  return storeDateTime(instant) || "—";
}

/** A "YYYY-MM-DD" date with its weekday, as a heading: "2026-12-06 Sun" / "2026-12-06 周日" (the day
 * first, as everywhere: "Sun, 06/12/2026" reads as June to some). */
export function formatDay(date: string, language = "en"): string {
  const weekday = new Intl.DateTimeFormat(language === "en" ? "en-GB" : "zh-CN", {
    timeZone: "UTC",
    weekday: "short",
  }).format(new Date(`${date}T00:00:00Z`));
  return `${date} ${weekday}`;
}

export function snap(minutes: number, step = SLOT_MINUTES): number {
  return Math.round(minutes / step) * step;
}

/** A reservation's place on its day: start and end minutes (an end past midnight stays at 24:00). */
export function span(
  reservation: Pick<Reservation, "startTime" | "endTime">,
  date: string,
): { start: number; end: number } {
  const start = zoneParts(reservation.startTime);
  const end = zoneParts(reservation.endTime);
  const startMinutes = start.date < date ? 0 : start.minutes;
  const endMinutes = end.date > date ? 24 * 60 : end.minutes;
  return { start: startMinutes, end: Math.max(endMinutes, startMinutes + 1) };
}

// --- the grid --------------------------------------------------------------------------------------

/** The grid's first and last minute: the periods and opening hours, widened to show every
 * reservation of the day, in whole slots; 09:00 to 21:00 when the store says nothing. */
export function gridRange(board: Pick<Board, "openTime" | "closeTime" | "periods" | "reservations" | "date">): {
  start: number;
  end: number;
} {
  const starts: number[] = [];
  const ends: number[] = [];
  for (const period of board.periods) {
    starts.push(toMinutes(period.start));
    ends.push(toMinutes(period.end));
  }
  if (board.openTime) starts.push(toMinutes(board.openTime));
  if (board.closeTime) ends.push(toMinutes(board.closeTime));
  for (const reservation of board.reservations) {
    const place = span(reservation, board.date);
    starts.push(place.start);
    ends.push(place.end);
  }
  if (starts.length === 0 || ends.length === 0) return { start: 9 * 60, end: 21 * 60 };
  const start = Math.floor(Math.min(...starts) / SLOT_MINUTES) * SLOT_MINUTES;
  const end = Math.ceil(Math.max(...ends) / SLOT_MINUTES) * SLOT_MINUTES;
  return { start, end: Math.max(end, start + SLOT_MINUTES) };
}

export function slotStarts(range: { start: number; end: number }, step = SLOT_MINUTES): number[] {
  const slots: number[] = [];
  for (let minute = range.start; minute < range.end; minute += step) slots.push(minute);
  return slots;
}

/** Side-by-side lanes for overlapping blocks of one column: each block's lane and the number of
 * lanes of its overlapping group. */
export function layoutLanes(
  items: readonly { id: number; start: number; end: number }[],
): Map<number, { lane: number; lanes: number }> {
  const sorted = [...items].sort((a, b) => a.start - b.start || a.end - b.end || a.id - b.id);
  const result = new Map<number, { lane: number; lanes: number }>();
  let group: { id: number; lane: number }[] = [];
  let laneEnds: number[] = [];
  let groupEnd = -Infinity;
  const close = () => {
    const lanes = Math.max(1, laneEnds.length);
    for (const entry of group) result.set(entry.id, { lane: entry.lane, lanes });
    group = [];
    laneEnds = [];
  };
  for (const item of sorted) {
    if (item.start >= groupEnd) {
      close();
      groupEnd = -Infinity;
    }
    let lane = laneEnds.findIndex((end) => end <= item.start);
    if (lane === -1) {
      lane = laneEnds.length;
      laneEnds.push(item.end);
    } else {
      laneEnds[lane] = item.end;
    }
    group.push({ id: item.id, lane });
    groupEnd = Math.max(groupEnd, item.end);
  }
  close();
  return result;
}

export interface BoardFilters {
  status: ReservationStatus | "";
  nurseId: number | "any" | "";
  showCancelled: boolean;
}

/** The reservations the board shows under its filters. */
export function visibleReservations<R extends Reservation>(reservations: readonly R[], filters: BoardFilters): R[] {
  return reservations.filter((reservation) => {
    if (filters.status) return reservation.status === filters.status;
    return reservation.status !== "cancelled" || filters.showCancelled;
  });
}

/** The nurses who could take a reservation over at its time: another nurse of the board whose rota
 * shift covers it (any nurse when the store planned nobody that day, as the server's rule in
 * apps/booking/duty.py), not clocked off before it ends, and with no active reservation overlapping
 * it. The server checks again when the move is saved. */
export function nursesFreeFor(
  board: Pick<Board, "nurses" | "reservations">,
  reservation: Pick<Reservation, "id" | "nurseId" | "startTime" | "endTime">,
): Board["nurses"] {
  const start = zoneParts(reservation.startTime).minutes;
  const end = zoneParts(reservation.endTime).minutes;
  const [from, to] = [Date.parse(reservation.startTime), Date.parse(reservation.endTime)];
  const planned = board.nurses.some((nurse) => nurse.rotaKind !== null);
  const busy = (nurseId: number) =>
    board.reservations.some(
      (other) =>
        other.id !== reservation.id &&
        other.nurseId === nurseId &&
        ACTIVE_STATUSES.includes(other.status) &&
        Date.parse(other.startTime) < to &&
        Date.parse(other.endTime) > from,
    );
  return board.nurses.filter((nurse) => {
    if (nurse.id === reservation.nurseId || busy(nurse.id)) return false;
    if (nurse.offWorkAt && Date.parse(nurse.offWorkAt) < to) return false;
    if (!planned) return true;
    const shift = nurse.shift;
    return (
      nurse.rotaKind === "shift" && shift !== null && toMinutes(shift.start) <= start && end <= toMinutes(shift.end)
    );
  });
}

/** Whether a reservation can be dragged: the server moves booked reservations only. */
export function canMove(reservation: Reservation): boolean {
  return reservation.status === "booked";
}

/** The status actions offered in the details drawer, as the server allows them `now`: arrival and
 * start of service on the reservation's day only, a no-show once its start has passed. */
export function actionsFor(
  reservation: Pick<Reservation, "status" | "startTime">,
  now: Date = new Date(),
): ("arrival" | "startService" | "finish" | "noShow" | "cancel" | "edit")[] {
  const itsDay = zoneParts(reservation.startTime).date === todayInStore(now);
  const started = now.getTime() >= new Date(reservation.startTime).getTime();
  switch (reservation.status) {
    case "booked":
      return [...(itsDay ? (["arrival"] as const) : []), ...(started ? (["noShow"] as const) : []), "cancel", "edit"];
    case "arrived":
      return [...(itsDay ? (["startService"] as const) : []), "cancel"];
    case "inService":
      return ["finish"];
    default:
      return [];
  }
}

const UNDOABLE: readonly ReservationStatus[] = ["arrived", "noShow", "cancelled"];

interface HistoryEntry {
  at: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

/** A history entry's status change (from, to and the reason given), or null when it has none. */
export function statusMove(entry: Pick<HistoryEntry, "before" | "after">): {
  from: ReservationStatus;
  to: ReservationStatus;
  reason: string;
} | null {
  const from = entry.before?.status;
  const to = entry.after?.status;
  if (typeof from !== "string" || typeof to !== "string") return null;
  const reason = entry.after?.reason;
  return {
    from: from as ReservationStatus,
    to: to as ReservationStatus,
    reason: typeof reason === "string" ? reason : "",
  };
}

/** Whether an arrival, no-show or cancellation can still be taken back: on the day it was set. */
export function canUndo(
  reservation: { status: ReservationStatus; history: readonly HistoryEntry[] },
  now: Date = new Date(),
): boolean {
  if (!UNDOABLE.includes(reservation.status)) return false;
  const setting = [...reservation.history].reverse().find((entry) => statusMove(entry)?.to === reservation.status);
  return setting !== undefined && zoneParts(setting.at).date === todayInStore(now);
}

/** The problems "save anyway" may override (apps/booking/choices.py OVERRIDABLE_PROBLEMS): never a
 * nurse booked twice, never a start that has passed. */
const FORCEABLE_PROBLEMS: readonly string[] = ["nurseOffDuty", "outsideHours", "memberBooked"];

/** Whether "save anyway" can get past these problems: only when each of them may be overridden. */
export function forceable(problems: readonly { code: string }[]): boolean {
  return problems.length > 0 && problems.every((problem) => FORCEABLE_PROBLEMS.includes(problem.code));
}

// --- free slots ----------------------------------------------------------------------------------

function overlaps(a: { start: number; end: number }, b: { start: number; end: number }): boolean {
  return a.start < b.end && b.start < a.end;
}

/** Starts (minutes, every `step`) at which `duration` fits inside one of the store's periods (or
 * the opening hours when it has none) without meeting the nurse's active reservations; with no nurse
 * ("any nurse") a start is free when at least one nurse of the board is free then (or when the board
 * has no nurse at all). `excludeId` is the reservation being edited. A start that has passed by
 * `now` is never free: a past day has none, today's begin at the current minute. */
export function freeSlots({
  board,
  nurseId,
  duration,
  excludeId,
  step = SLOT_MINUTES,
  now = new Date(),
}: {
  board: Board;
  nurseId: number | null;
  duration: number;
  excludeId?: number | null;
  step?: number;
  now?: Date;
}): number[] {
  const present = zoneParts(now);
  if (board.date < present.date) return [];
  const earliest = board.date === present.date ? present.minutes : 0;
  const windows: { start: number; end: number }[] = board.periods.length
    ? board.periods.map((period: Interval) => ({ start: toMinutes(period.start), end: toMinutes(period.end) }))
    : board.openTime && board.closeTime
      ? [{ start: toMinutes(board.openTime), end: toMinutes(board.closeTime) }]
      : [];
  const length = Math.max(duration, 1);
  const busyOf = (id: number) =>
    board.reservations
      .filter(
        (reservation) =>
          reservation.nurseId === id && reservation.id !== excludeId && ACTIVE_STATUSES.includes(reservation.status),
      )
      .map((reservation) => span(reservation, board.date));
  const candidates = nurseId === null ? board.nurses.map((nurse) => nurse.id) : [nurseId];
  const busy = new Map(candidates.map((id) => [id, busyOf(id)]));
  if (windows.length === 0) return [];
  const first = Math.ceil(Math.min(...windows.map((window) => window.start)) / step) * step;
  const last = Math.max(...windows.map((window) => window.end));
  const slots: number[] = [];
  for (let start = first; start + length <= last; start += step) {
    if (start < earliest) continue;
    // A long booking may run over adjoining periods (10:00-12:00 then 12:00-14:00).
    if (!covered(windows, start, start + length)) continue;
    const wanted = { start, end: start + length };
    const free =
      candidates.length === 0 ||
      candidates.some((id) => !(busy.get(id) ?? []).some((taken) => overlaps(taken, wanted)));
    if (free) slots.push(start);
  }
  return slots;
}

/** Whether [start, end) lies inside the windows, adjoining ones joined. */
function covered(windows: readonly { start: number; end: number }[], start: number, end: number): boolean {
  let reach = start;
  for (const window of [...windows].sort((a, b) => a.start - b.start)) {
    if (window.start <= reach && window.end > reach) reach = window.end;
    if (reach >= end) return true;
  }
  return false;
}

// --- the booking form ----------------------------------------------------------------------------

type CustomerKind = "member" | "walkIn";

export interface Draft {
  id: number | null;
  kind: CustomerKind;
  memId: number | null;
  name: string;
  areaCode: MemberAreaCode;
  phone: string;
  /** Editing a walk-in whose phone arrives masked: an empty phone keeps it. */
  keepPhone: boolean;
  projectIds: number[];
  nurseId: number | null;
  date: string;
  /** "HH:MM" or "". */
  time: string;
  duration: string;
  source: string;
  remark: string;
}

export type DraftField = "customer" | "name" | "phone" | "projects" | "date" | "time" | "duration" | "remark";

const MAINLAND_MOBILE = /^1[3-9]\d{9}$/;
const HK_MACAO_PHONE = /^\d{8}$/;

/** Spec §5 phone formats: 0086 → 11 digits, 1 then 3-9; 00852 and 00853 → 8 digits. */
export function phoneError(areaCode: MemberAreaCode, phone: string): string | null {
  const text = phone.trim();
  if (!text) return "validation.phoneRequired";
  if (areaCode === "0086") return MAINLAND_MOBILE.test(text) ? null : "validation.phoneMainland";
  return HK_MACAO_PHONE.test(text) ? null : "validation.phoneHkMacao";
}

/** Every problem of the form, by field (i18n keys). */
export function draftErrors(draft: Draft): Partial<Record<DraftField, string>> {
  const errors: Partial<Record<DraftField, string>> = {};
  if (draft.kind === "member") {
    if (draft.memId === null) errors.customer = "validation.memberRequired";
  } else {
    if (!draft.name.trim()) errors.name = "validation.nameRequired";
    else if (draft.name.trim().length > NAME_MAX) errors.name = "validation.nameTooLong";
    if (!(draft.keepPhone && !draft.phone.trim())) {
      const phone = phoneError(draft.areaCode, draft.phone);
      if (phone) errors.phone = phone;
    }
  }
  if (draft.projectIds.length === 0) errors.projects = "validation.projectsRequired";
  if (!isIsoDate(draft.date)) errors.date = "validation.dateRequired";
  if (!HM.test(draft.time)) errors.time = "validation.timeRequired";
  if (draft.duration.trim()) {
    const minutes = Number(draft.duration);
    if (!Number.isInteger(minutes) || minutes < DURATION_MIN || minutes > DURATION_MAX)
      errors.duration = "validation.duration";
  }
  if (draft.remark.length > REMARK_MAX) errors.remark = "validation.remarkTooLong";
  return errors;
}

/** The body of check, saveOrUpdate and forceUpdate; null while the form has problems. */
export function draftBody(draft: Draft): ReservationBody | null {
  if (Object.keys(draftErrors(draft)).length > 0) return null;
  const body: ReservationBody = {
    projectIds: [...draft.projectIds],
    nurseId: draft.nurseId,
    startTime: storeIso(draft.date, toMinutes(draft.time)),
  };
  if (draft.id !== null) body.id = draft.id;
  if (draft.kind === "member" && draft.memId !== null) {
    body.memId = draft.memId;
  } else {
    body.name = draft.name.trim();
    body.areaCode = draft.areaCode;
    if (draft.phone.trim()) body.phone = draft.phone.trim();
  }
  if (draft.duration.trim()) body.duration = Number(draft.duration);
  if (draft.source) body.source = draft.source;
  if (draft.remark.trim()) body.remark = draft.remark.trim();
  return body;
}

/** The form's starting point from /newOrder's query: ?nurseId=&start= (a store wall-clock time
 * "YYYY-MM-DDTHH:MM", or an ISO instant) or ?date=. */
export function draftFromSearch(search: string, today: string): Draft {
  const params = new URLSearchParams(search);
  const draft = emptyDraft(today);
  const nurse = idFromSearch(search, "nurseId");
  if (nurse !== null) draft.nurseId = nurse;
  if (params.get("walkIn") === "1") draft.kind = "walkIn";
  const start = params.get("start");
  if (start) {
    const local = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})$/.exec(start);
    if (local && isIsoDate(local[1])) {
      draft.date = local[1];
      draft.time = local[2] ?? "";
    } else if (!Number.isNaN(Date.parse(start))) {
      const parts = zoneParts(start);
      draft.date = parts.date;
      draft.time = hm(parts.minutes);
    }
  } else if (isIsoDate(params.get("date"))) {
    draft.date = params.get("date") as string;
  }
  return draft;
}

export function emptyDraft(today: string): Draft {
  return {
    id: null,
    kind: "member",
    memId: null,
    name: "",
    areaCode: "0086",
    phone: "",
    keepPhone: false,
    projectIds: [],
    nurseId: null,
    date: today,
    time: "",
    duration: "",
    source: "",
    remark: "",
  };
}

/** The form filled from a reservation being edited. */
export function draftFromReservation(reservation: Reservation): Draft {
  const start = zoneParts(reservation.startTime);
  const areaCode = (
    ["0086", "00852", "00853"].includes(reservation.areaCode) ? reservation.areaCode : "0086"
  ) as MemberAreaCode;
  return {
    id: reservation.id,
    kind: reservation.memId === null ? "walkIn" : "member",
    memId: reservation.memId,
    name: reservation.memId === null ? reservation.name : "",
    areaCode,
    phone: "",
    keepPhone: reservation.memId === null,
    projectIds: reservation.projects.map((project) => project.id),
    nurseId: reservation.nurseId,
    date: start.date,
    time: hm(start.minutes),
    duration: String(reservation.duration),
    source: reservation.source ?? "",
    remark: reservation.remark ?? "",
  };
}

/** What a select shows for `value`: the value when it is one of the options, else the empty option
 * (MUI warns of an out-of-range value, e.g. while the options are still loading). */
export function shownChoice(value: string, options: readonly { code: string }[] | undefined): string {
  return options?.some((option) => option.code === value) ? value : "";
}

export function boardHref(date: string): string {
  return `/orderBoard?date=${date}`;
}

export function newOrderHref(
  options: { nurseId?: number | null; date?: string; minutes?: number; id?: number } = {},
): string {
  const params = new URLSearchParams();
  if (options.id !== undefined) params.set("id", String(options.id));
  if (options.nurseId !== undefined && options.nurseId !== null) params.set("nurseId", String(options.nurseId));
  if (options.date && options.minutes !== undefined) params.set("start", `${options.date}T${hm(options.minutes)}`);
  else if (options.date) params.set("date", options.date);
  const text = params.toString();
  return text ? `/newOrder?${text}` : "/newOrder";
}
