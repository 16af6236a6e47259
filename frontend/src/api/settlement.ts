/** Settlement between stores calls (issue 30; /rest/settlement/…): a day's statements netted per pair
 * of stores, confirming and disputing one, the months rolled up and paid, the month's matrix, the
 * rules by kind, and a store's clearing of one day (the daily closing shows it). Keys start with
 * "settlement". Every command sends the Idempotency-Key of its submission (lib/submissionKey.ts). */

import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "./client";
import type { QueryOf, Schemas } from "./schema";
import { hasButtonCode } from "./session";

/** The button codes of the settlement pages (apps/core/role_codes.py): an owner reads, confirms and
 * disputes their stores' statements; head office sets the rules, makes a day's statements, rolls a
 * month up and marks it paid (the server refuses these at a store's level with 403). */
export const BTN_SETTLEMENT_STATEMENT = "BTN-MDJS-STATEMENT";
export const BTN_SETTLEMENT_RULES = "BTN-MDJS-RULES";
export const BTN_SETTLEMENT_PAY = "BTN-MDJS-PAY";

export type Statement = Schemas["StatementOutput"];
export type StatementDetail = Schemas["StatementDetailOutput"];
export type StatementEntry = Schemas["StatementEntryOutput"];
export type StatementStatus = Statement["status"];
export type Confirmation = Schemas["ConfirmationOutput"];
export type StatementPage = Schemas["StatementPageOutput"];
export type DisputeInput = Schemas["DisputeInput"];
export type DisputeAnswer = Schemas["DisputeOutput"];
export type MonthSettlement = Schemas["MonthSettlementOutput"];
export type MonthSettlementPage = Schemas["MonthSettlementPageOutput"];
export type Matrix = Schemas["MatrixOutput"];
export type MatrixCell = Schemas["MatrixCellOutput"];
export type MatrixStore = Schemas["MatrixStoreOutput"];
export type Rules = Schemas["RulesOutput"];
export type RuleKind = Schemas["RuleKindOutput"];
export type RuleVersion = Schemas["RuleVersionOutput"];
export type RuleVersionInput = Schemas["RuleVersionInput"];
export type DayClearing = Schemas["DayClearingOutput"];
export type Made = Schemas["MadeOutput"];
export type CallerStores = Schemas["CallerStoresOutput"];

export type StatementSearch = QueryOf<"settlement_statements_retrieve">;
export type MonthSearch = QueryOf<"settlement_months_retrieve">;

export const ENTRIES_EXPORT_PATH = "/rest/settlement/entries/export";

/** The export of a month's entries (an .xlsx, not the envelope). */
export function entriesExportUrl(month: string): string {
  return `${ENTRIES_EXPORT_PATH}?${new URLSearchParams({ month })}`;
}

export const settlementKeys = {
  all: ["settlement"] as const,
  statements: (search: StatementSearch) => ["settlement", "statements", search] as const,
  statement: (id: number) => ["settlement", "statement", id] as const,
  months: (search: MonthSearch) => ["settlement", "months", search] as const,
  matrix: (month: string, storeId: number | null) => ["settlement", "matrix", month, storeId] as const,
  rules: () => ["settlement", "rules"] as const,
  dayClearing: (date: string, storeId: number | null) => ["settlement", "dayClearing", date, storeId] as const,
  stores: () => ["settlement", "stores"] as const,
};

const MONTH = /^\d{4}-\d{2}$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

export function useStatements(search: StatementSearch) {
  return useQuery({
    queryKey: settlementKeys.statements(search),
    queryFn: () => api.get<StatementPage>("/rest/settlement/statements", { query: { ...search }, quiet: true }),
    placeholderData: keepPreviousData,
    enabled: DAY.test(search.date ?? ""),
  });
}

export function useStatement(id: number | null) {
  return useQuery({
    queryKey: settlementKeys.statement(id ?? 0),
    queryFn: () => api.get<StatementDetail>(`/rest/settlement/statement/${id}`, { quiet: true }),
    enabled: id !== null,
  });
}

export function useMonthSettlements(search: MonthSearch) {
  return useQuery({
    queryKey: settlementKeys.months(search),
    queryFn: () => api.get<MonthSettlementPage>("/rest/settlement/months", { query: { ...search }, quiet: true }),
    placeholderData: keepPreviousData,
    enabled: MONTH.test(search.month ?? ""),
  });
}

/** The month's matrix: every pair of the caller's stores (head office: of the chain), or with
 * `storeId` only the pairs that include that store (one of the caller's; at head office any).
 * `enabled: false` leaves it unasked (the page asks for one store's pairs only once one is chosen). */
export function useMatrix(month: string, storeId: number | null = null, { enabled = true } = {}) {
  return useQuery({
    queryKey: settlementKeys.matrix(month, storeId),
    queryFn: () => api.get<Matrix>("/rest/settlement/matrix", { query: { month, storeId }, quiet: true }),
    enabled: enabled && MONTH.test(month),
  });
}

export function useRules() {
  return useQuery({
    queryKey: settlementKeys.rules(),
    queryFn: () => api.get<Rules>("/rest/settlement/rules", { quiet: true }),
  });
}

/** The store's clearing with the other stores on `date` (the daily closing's figure). Quiet: a role
 * that may not read it (403), or a level above the stores (404), simply does not show it. */
export function useDayClearing(date: string, storeId: number | null) {
  return useQuery({
    queryKey: settlementKeys.dayClearing(date, storeId),
    queryFn: () => api.get<DayClearing>("/rest/settlement/dayClearing", { query: { date, storeId }, quiet: true }),
    enabled: DAY.test(date),
  });
}

/** The caller's stores by name (the pages' store filters offer them), and whether the role acts above
 * the stores (head office). They change only with the role's stores: read once a page. */
export function useCallerStores({ enabled = true } = {}) {
  return useQuery({
    queryKey: settlementKeys.stores(),
    queryFn: () => api.get<CallerStores>("/rest/settlement/stores", { quiet: true }),
    staleTime: Infinity,
    enabled,
  });
}

/** Whether a head-office command is offered: the role has its button code and acts above the stores
 * (the server refuses these at a store's level with 403). Hidden until the caller's stores are read,
 * so that a store's level never sees it flash. */
export function useHeadOfficeCommand(code: string): boolean {
  const granted = hasButtonCode(code);
  const stores = useCallerStores({ enabled: granted });
  return granted && stores.data?.headOffice === true;
}

/** A command's variables: its body (if any) and the Idempotency-Key of the submission. */
interface Keyed {
  key: string;
}

/** A mutation that refreshes every settlement query once it succeeded, then tells `onDone`. */
function useSettlementMutation<V extends Keyed, T>(call: (variables: V) => Promise<T>, onDone?: (answer: T) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: async (answer) => {
      // The caller's stores do not change with a command: not read again.
      await queryClient.invalidateQueries({
        queryKey: settlementKeys.all,
        predicate: (query) => query.queryKey[1] !== settlementKeys.stores()[1],
      });
      onDone?.(answer);
    },
  });
}

export function useConfirmStatement(onDone?: (statement: Statement) => void) {
  return useSettlementMutation(
    ({ id, key }: Keyed & { id: number }) =>
      api.post<Statement>(`/rest/settlement/confirm/${id}`, { idempotencyKey: key }),
    onDone,
  );
}

export function useDisputeStatement(onDone?: (answer: DisputeAnswer) => void) {
  return useSettlementMutation(
    ({ id, body, key }: Keyed & { id: number; body: DisputeInput }) =>
      api.post<DisputeAnswer>(`/rest/settlement/dispute/${id}`, { body, idempotencyKey: key }),
    onDone,
  );
}

export function useMakeStatements(onDone?: (answer: Made) => void) {
  return useSettlementMutation(
    ({ date, key }: Keyed & { date: string }) =>
      api.post<Made>("/rest/settlement/make", { body: { date }, idempotencyKey: key }),
    onDone,
  );
}

export function useRollUpMonth(onDone?: (answer: Made) => void) {
  return useSettlementMutation(
    ({ month, key }: Keyed & { month: string }) =>
      api.post<Made>("/rest/settlement/months/rollUp", { body: { month }, idempotencyKey: key }),
    onDone,
  );
}

export function useMarkMonthPaid(onDone?: (answer: MonthSettlement) => void) {
  return useSettlementMutation(
    ({ id, reference, key }: Keyed & { id: number; reference: string }) =>
      api.post<MonthSettlement>(`/rest/settlement/month/${id}/paid`, { body: { reference }, idempotencyKey: key }),
    onDone,
  );
}

export function useNewRuleVersion(onDone?: (answer: Rules) => void) {
  return useSettlementMutation(
    ({ body, key }: Keyed & { body: RuleVersionInput }) =>
      api.post<Rules>("/rest/settlement/rules", { body, idempotencyKey: key }),
    onDone,
  );
}
