/** Daily closing calls (日结; docs/api.md "Daily closing"): the day's figures, closing it with the
 * cash counted, the closings, reopening one (owners). Every figure is the server's; the browser only
 * shows it and works out the difference it shows while the cashier types. */

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { centsToText, toCents } from "../lib/money";
import { api, type Page } from "./client";
import { choices, type QueryOf, type Schemas } from "./schema";
import { storeToday } from "../lib/dates";

export type DayFigures = Schemas["PreviewOutput"];
export type Closing = Schemas["ClosingOutput"];
export type OpenItem = DayFigures["openItems"][number];
export type OpenItemKind = OpenItem["kind"];
export type CarriedOver = Closing["carriedOver"][number];
export type ReopenAsk = Schemas["ReopenAskOutput"];
export type CarryOver = NonNullable<CloseBody["carryOver"]>[number];
export type SaleKind = DayFigures["sales"]["kinds"][number]["kind"];
export type StaffShare = DayFigures["staff"][number];
export type HistorySearch = QueryOf<"daily_history_retrieve">;
export const SALE_KINDS = choices<SaleKind>()([
  "products",
  "projects",
  "packages",
  "sessions",
  "cardSales",
  "topUps",
  "deposits",
]);
export const CREDIT_KINDS = ["service", "sale", "cardSale", "cardConsumption"] as const;

export { BTN_DAY_REOPEN } from "../lib/dayReopenAsk";

export const dailyKeys = {
  all: ["daily"] as const,
  day: (date: string) => ["daily", "day", date] as const,
  history: (search: HistorySearch) => ["daily", "history", search] as const,
};

export type CloseBody = Schemas["CloseInput"];

export function fetchDay(date: string): Promise<DayFigures> {
  return api.get<DayFigures>("/rest/daily/preview", { query: date ? { date } : {}, quiet: true });
}

export function closeDay(body: CloseBody, idempotencyKey: string): Promise<Closing> {
  return api.post<Closing>("/rest/daily/close", { body, idempotencyKey });
}

/** Asks the owner, through the approval centre, to reopen the chosen store's closed `date`. */
export function askReopen(date: string, reason: string, idempotencyKey: string): Promise<ReopenAsk> {
  return api.post<ReopenAsk>("/rest/daily/askReopen", { body: { date, reason }, idempotencyKey });
}

export function reopenDay(closingId: number, reason: string, idempotencyKey: string): Promise<Closing> {
  return api.post<Closing>("/rest/daily/reopen", { body: { closingId, reason }, idempotencyKey });
}

export function searchClosings(search: HistorySearch): Promise<Page<Closing>> {
  return api.get<Page<Closing>>("/rest/daily/history", { query: { ...search }, quiet: true });
}

export const useDay = (date: string) =>
  useQuery({ queryKey: dailyKeys.day(date), queryFn: () => fetchDay(date), retry: false });

export const useClosings = (search: HistorySearch) =>
  useQuery({
    queryKey: dailyKeys.history(search),
    queryFn: () => searchClosings(search),
    placeholderData: keepPreviousData,
  });

/** An open item's key in the close body and the page's state: its kind and ref. */
export const openItemKey = (item: Pick<OpenItem, "kind" | "ref">) => `${item.kind}:${item.ref}`;

/** Counted minus expected, in cents so no float creeps in; null until the count is a valid amount. */
export function cashDifference(expected: string, counted: string): string | null {
  const match = counted.trim().match(/^(\d{1,10})(?:\.(\d{1,2}))?$/);
  if (!match) return null;
  return centsToText(toCents(counted) - toCents(expected));
}

/** The day a page is opened for: `?date=` when it is a date, else today. */
export function dayFromSearch(search: string): string {
  const date = new URLSearchParams(search).get("date") ?? "";
  return /^\d{4}-\d{2}-\d{2}$/.test(date) ? date : storeToday();
}
