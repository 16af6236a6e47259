/**
 * The time range of a list (spec §5 "Time range") and the export cap (spec §5, §9), checked the same
 * way by every list page before it asks the server (which checks again with the same messages).
 */

import { daysBetween } from "./dates";

/** i18n keys a page's namespace defines under "range"; the English texts are the spec's sentences. */
export type RangeError = "range.startRequired" | "range.endRequired" | "range.endBeforeStart" | "range.tooLong";

/** Start and end required, end not before start, at most `maxSpanDays` between them (each list's own limit). */
export function timeRangeError(from: string, to: string, maxSpanDays: number): RangeError | null {
  if (!from) return "range.startRequired";
  if (!to) return "range.endRequired";
  const span = daysBetween(from, to);
  if (span === null || span < 0) return "range.endBeforeStart";
  return span > maxSpanDays ? "range.tooLong" : null;
}

/** Spec §5 and §9: an immediate export holds fewer than 100,000 rows; the server makes a larger one
 * in the download centre. */
export const EXPORT_ROW_CAP = 100_000;

/** Whether an export of `total` rows is too large to download at once. */
export function overImmediateExportCap(total: number): boolean {
  return total >= EXPORT_ROW_CAP;
}
