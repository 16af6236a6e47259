/**
 * Calendar days ("YYYY-MM-DD") and times in the store's zone (Asia/Shanghai), whatever the
 * browser's zone: the reservation history, the board and the rota read them the same way.
 */

export const STORE_TIME_ZONE = "Asia/Shanghai";

const DAY_MS = 86_400_000;
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

function dayNumber(day: string): number | null {
  const match = ISO_DAY.exec(day);
  if (!match) return null;
  const value = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return Number.isNaN(value) ? null : Math.round(value / DAY_MS);
}

function dayText(number: number): string {
  return new Date(number * DAY_MS).toISOString().slice(0, 10);
}

/** "2026-03-01" plus n days (n may be negative). */
export function addDays(day: string, days: number): string {
  const number = dayNumber(day);
  return number === null ? day : dayText(number + days);
}

/** Whole days from `from` to `to` ("2026-03-01" → "2026-03-03" is 2); null when either is not a date. */
export function daysBetween(from: string, to: string): number | null {
  const a = dayNumber(from);
  const b = dayNumber(to);
  return a === null || b === null ? null : b - a;
}

/** Every day from `from` to `to`, both included. */
export function daysOf(from: string, to: string): string[] {
  const span = daysBetween(from, to);
  if (span === null || span < 0) return [];
  return Array.from({ length: span + 1 }, (_, index) => addDays(from, index));
}

/** The Monday of the week holding `day` (weeks start on Monday in the store's calendar). */
export function mondayOf(day: string): string {
  const number = dayNumber(day);
  if (number === null) return day;
  const weekday = (new Date(number * DAY_MS).getUTCDay() + 6) % 7; // Monday 0 … Sunday 6
  return dayText(number - weekday);
}

/** A day and a minute of the store's zone on the 24-hour clock: what a store time shows. */
export const STORE_DATE_TIME: Intl.DateTimeFormatOptions = {
  timeZone: STORE_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
};

const storePartsFormat = new Intl.DateTimeFormat("en-GB", STORE_DATE_TIME);

/** The year, month, day, hour and minute of an instant in the store's zone, as written ("03", "14"). */
export function storeParts(date: Date): Record<string, string> {
  return Object.fromEntries(storePartsFormat.formatToParts(date).map((part) => [part.type, part.value]));
}

/** Today's date in the store's zone ("YYYY-MM-DD"). */
export function storeToday(now: Date = new Date()): string {
  const parts = storeParts(now);
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/** The store-zone date of an ISO time with offset ("" when it cannot be read). */
export function storeDate(iso: string | null | undefined): string {
  if (!iso) return "";
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  const parts = storeParts(date);
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/** "14:30" in the store's zone. */
export function storeTime(iso: string | null | undefined): string {
  if (!iso) return "";
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const parts = storeParts(date);
  return `${parts.hour}:${parts.minute}`;
}

/** "2026-03-01 14:30" in the store's zone. */
export function storeDateTime(iso: string | null | undefined): string {
  if (!iso) return "";
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const parts = storeParts(date);
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
}

/** A board column's heading: "Mon 03-02" / "周一 03-02". */
export function dayHeading(day: string, language: string): string {
  const number = dayNumber(day);
  if (number === null) return day;
  const weekday = new Intl.DateTimeFormat(language.toLowerCase().startsWith("en") ? "en-GB" : "zh-CN", {
    weekday: "short",
    timeZone: "UTC",
  }).format(new Date(number * DAY_MS));
  return `${weekday} ${day.slice(5)}`;
}
