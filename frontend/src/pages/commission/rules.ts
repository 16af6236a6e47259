/** The checks of a plan version's form, before it is sent (the server checks the same and answers in
 * the page's language too): the first tier from 0, each starting above the one before, rates from 0
 * to 100, a fixed amount not negative, and a start no earlier than the first open day. */

import { formatMoney } from "../../lib/money";

export interface TierDraft {
  fromAmount: string;
  rate: string;
}

export interface VersionDraft {
  effectiveFrom: string;
  tierMode: "whole" | "above";
  perSession: string;
  tiers: TierDraft[];
  note: string;
}

/** The i18n keys (namespace "commission", under "errors.") of what is wrong, by field. */
export type VersionProblems = Partial<Record<"effectiveFrom" | "perSession" | "tiers", string>>;

const NUMBER = /^\d+(\.\d{1,2})?$/;

export function versionProblems(draft: VersionDraft, firstOpenDay: string | null): VersionProblems {
  const problems: VersionProblems = {};
  if (!/^\d{4}-\d{2}-\d{2}$/.test(draft.effectiveFrom)) problems.effectiveFrom = "dateRequired";
  else if (firstOpenDay && draft.effectiveFrom < firstOpenDay) problems.effectiveFrom = "beforeOpen";
  if (draft.perSession.trim() && !NUMBER.test(draft.perSession.trim())) problems.perSession = "amount";
  const tiers = draft.tiers;
  if (tiers.length === 0) problems.tiers = "noTier";
  else if (tiers.some((tier) => !NUMBER.test(tier.fromAmount.trim()) || !NUMBER.test(tier.rate.trim())))
    problems.tiers = "number";
  else if (Number(tiers[0]!.fromAmount) !== 0) problems.tiers = "firstFromZero";
  else if (tiers.some((tier, index) => index > 0 && Number(tier.fromAmount) <= Number(tiers[index - 1]!.fromAmount)))
    problems.tiers = "ascending";
  else if (tiers.some((tier) => Number(tier.rate) > 100)) problems.tiers = "rate";
  return problems;
}

export function versionBody(draft: VersionDraft) {
  return {
    effectiveFrom: draft.effectiveFrom,
    tierMode: draft.tierMode,
    perSession: draft.perSession.trim() || "0",
    tiers: draft.tiers.map((tier) => ({ fromAmount: tier.fromAmount.trim(), rate: tier.rate.trim() })),
    note: draft.note.trim(),
  };
}

/** "¥0.00 → 5% · ¥10,000.00 → 8%": a version's tiers on one line, the amounts as money reads everywhere. */
export function tiersText(tiers: readonly { fromAmount: string; rate: string }[]): string {
  return tiers.map((tier) => `${formatMoney(tier.fromAmount)} → ${Number(tier.rate)}%`).join(" · ");
}
