/** The settlement pages' rules as plain functions: the days and months they start on, the checks of
 * their forms before anything is sent (the server checks the same and answers in the page's language
 * too), and the bodies the forms send. */

import type { RuleVersionInput, Statement, StatementEntry } from "../../api/settlement";
import { withinBound } from "../../lib/bounds";
import { addDays } from "../../lib/dates";

/** A dispute's reason, a rule version's note (apps/settlement/choices.py NOTE_MAX_LENGTH). */
export const NOTE_MAX = 200;
/** A bank transfer's reference (REFERENCE_MAX_LENGTH). */
export const REFERENCE_MAX = 64;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The day before `today`: a day's statements are made once it has ended. */
export function yesterdayOf(today: string): string {
  return addDays(today, -1);
}

/** "YYYY-MM" of a day. */
export function monthOf(day: string): string {
  return day.slice(0, 7);
}

/** The month before the one `day` (YYYY-MM-DD) is in: the last month that has ended. */
export function previousMonth(day: string): string {
  const year = Number(day.slice(0, 4));
  const month = Number(day.slice(5, 7));
  return month === 1 ? `${year - 1}-12` : `${year}-${String(month - 1).padStart(2, "0")}`;
}

/** Who confirmed a statement: "Store A (SY00001)", one per store that did. */
export function confirmedByText(statement: Pick<Statement, "confirmations">): string {
  return statement.confirmations
    .filter((confirmation) => confirmation.confirmedAt !== null)
    .map((confirmation) =>
      confirmation.confirmedBy ? `${confirmation.storeName} (${confirmation.confirmedBy})` : confirmation.storeName,
    )
    .join(", ");
}

/** A percentage as the pages show it: "80.00" → "80%", "12.50" → "12.5%". */
export function percentText(value: string | null | undefined): string {
  if (value === null || value === undefined || value === "") return "";
  const number = Number(value);
  return Number.isFinite(number) ? `${number}%` : value;
}

/** An entry's card as the cashier knows it, by its number; "#<id>" only for a card the server gave
 * no number for; blank for an entry of no card (a loan, an adjustment). */
export function cardText(entry: Pick<StatementEntry, "cardId" | "cardNo">): string {
  if (entry.cardNo) return entry.cardNo;
  return entry.cardId === null ? "" : `#${entry.cardId}`;
}

// -- the dispute ----------------------------------------------------------------------------------

export interface DisputeDraft {
  correction: string;
  reason: string;
}

/** The i18n keys (namespace "settlement", under "errors.") of what is wrong, by field. */
export type DisputeProblems = Partial<Record<keyof DisputeDraft, string>>;

/** Both fields are required, as the server requires them: a signed amount within the correction's
 * bounds ("moneyCorrection") and a reason of at most NOTE_MAX characters. */
export function disputeProblems(draft: DisputeDraft): DisputeProblems {
  const problems: DisputeProblems = {};
  const correction = draft.correction.trim();
  if (!correction) problems.correction = "correctionRequired";
  else if (!withinBound(correction, "moneyCorrection")) problems.correction = "correctionBound";
  const reason = draft.reason.trim();
  if (!reason) problems.reason = "reasonRequired";
  else if (reason.length > NOTE_MAX) problems.reason = "tooLong";
  return problems;
}

export function disputeBody(draft: DisputeDraft) {
  return { correction: draft.correction.trim(), reason: draft.reason.trim() };
}

// -- a rule's new version -------------------------------------------------------------------------

export interface RuleDraft {
  effectiveFrom: string;
  share: string;
  giftRatio: string;
  note: string;
}

export type RuleProblems = Partial<Record<keyof RuleDraft, string>>;

/** A start no earlier than `earliest` (tomorrow: a day's entries keep the rule they were made
 * under), a share and a gift ratio that are percentages ("percent" bound: 0 to 100, 2 places). */
export function ruleProblems(draft: RuleDraft, earliest: string): RuleProblems {
  const problems: RuleProblems = {};
  if (!DAY.test(draft.effectiveFrom)) problems.effectiveFrom = "dateRequired";
  else if (draft.effectiveFrom < earliest) problems.effectiveFrom = "beforeEarliest";
  if (!draft.share.trim()) problems.share = "percentRequired";
  else if (!withinBound(draft.share, "percent")) problems.share = "percent";
  if (!draft.giftRatio.trim()) problems.giftRatio = "percentRequired";
  else if (!withinBound(draft.giftRatio, "percent")) problems.giftRatio = "percent";
  if (draft.note.trim().length > NOTE_MAX) problems.note = "tooLong";
  return problems;
}

export function ruleBody(kind: RuleVersionInput["kind"], draft: RuleDraft): RuleVersionInput {
  return {
    kind,
    effectiveFrom: draft.effectiveFrom,
    share: draft.share.trim(),
    giftRatio: draft.giftRatio.trim(),
    note: draft.note.trim(),
  };
}
