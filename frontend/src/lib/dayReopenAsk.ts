/**
 * Asking the owner to reopen a closed day from anywhere on the page (issue 28 §2). A call refused
 * because the store's day is closed (409 DAY-40901) shows its notice with what the person can do
 * (`closedDayAction`): the owner reopens the day from the closings' history; anyone else asks, and
 * the page's one request form (components/dayClosed/DayClosed's DayReopenAskHost, mounted beside the
 * notices) opens for that day. The notices and the page are separate React roots that load this
 * module once, so both reach the same form.
 */

import { hasButtonCode } from "../api/session";
import { i18n } from "../i18n";
import { storeToday } from "./dates";
import type { NoticeAction } from "./notices";

export const DAY_CLOSED = "DAY-40901";
/** The button code that lets an owner reopen a closed day. */
export const BTN_DAY_REOPEN = "BTN-SYFH-DAY-REOPEN";
/** Where an owner reopens a closed day. */
export const REOPEN_ROUTE = "/dailyHistory";

type Listener = (date: string) => void;

const listeners = new Set<Listener>();

export function askToReopen(date: string): void {
  for (const listener of listeners) listener(date);
}

export function onAskToReopen(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The day a closed-day refusal names (its `data.date`; today when it names none). */
export function closedDateIn(data: unknown): string {
  const date = (data as { date?: unknown } | null)?.date;
  return typeof date === "string" ? date : storeToday();
}

/** The notice's button for a closed-day refusal whose answer carried `data`. */
export function closedDayAction(data: unknown): NoticeAction {
  if (hasButtonCode(BTN_DAY_REOPEN)) {
    return { label: i18n.t("common:dayClosed.reopen"), onClick: () => window.location.assign(REOPEN_ROUTE) };
  }
  return { label: i18n.t("common:dayClosed.ask"), onClick: () => askToReopen(closedDateIn(data)) };
}
