/** Plain rules of the catalogue pages: how money, rates and times read, and the filter options. */

import { withinBound } from "../../lib/bounds";

export const PAGE_SIZES = [10, 20, 50] as const;

// Money reads the same on every page: the helper lives in lib/money.ts.
export { formatMoney } from "../../lib/money";

/** A rate is the share paid ("0.85"): shown as a percentage ("85%"). */
export function formatRate(rate: string | null | undefined): string {
  if (rate === null || rate === undefined || rate === "") return "";
  const match = /^(\d+)(?:\.(\d*))?$/.exec(rate.trim());
  if (!match) return rate;
  const [, whole = "0", fraction = ""] = match;
  const percent = Number(whole) * 100 + Number(fraction.padEnd(2, "0").slice(0, 2));
  const rest = fraction.slice(2).replace(/0+$/, "");
  return `${percent}${rest ? `.${rest}` : ""}%`;
}

/** The distinct categories of some rows, by name. */
export function categoryOptions(
  rows: readonly { categoryId: number; categoryName: string }[],
): { value: string; label: string }[] {
  const seen = new Map<number, string>();
  for (const row of rows) if (!seen.has(row.categoryId)) seen.set(row.categoryId, row.categoryName);
  return [...seen.entries()]
    .map(([id, name]) => ({ value: String(id), label: name }))
    .sort((a, b) => a.label.localeCompare(b.label));
}

/** The distinct, non-empty brands of some rows. */
export function brandOptions(rows: readonly { brand: string }[]): { value: string; label: string }[] {
  return [...new Set(rows.map((row) => row.brand).filter(Boolean))]
    .sort((a, b) => a.localeCompare(b))
    .map((brand) => ({ value: brand, label: brand }));
}

/** A whole number from a select's value, or null for "all". */
export function idFilter(raw: string): number | null {
  return /^\d+$/.test(raw) && Number(raw) > 0 ? Number(raw) : null;
}

/** A store price typed in the dialog: "" clears it (null); otherwise an amount from 0 to 100,000.00
 * with at most 2 decimals, or an error key. */
export function parseStorePrice(raw: string): { value: string | null } | { error: "invalid" | "negative" | "tooHigh" } {
  const text = raw.trim().replace(/,/g, "");
  if (text === "") return { value: null };
  if (/^-\d+(\.\d{1,2})?$/.test(text)) return { error: "negative" };
  if (!/^\d+(\.\d{1,2})?$/.test(text)) return { error: "invalid" };
  if (!withinBound(text, "moneyLine")) return { error: "tooHigh" };
  return { value: text };
}

/** An amount as whole cents, exactly ("1188.5" → 118850n); null when it is not an amount. */
function cents(amount: string): bigint | null {
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(amount.trim().replace(/,/g, ""));
  if (!match) return null;
  return BigInt(match[1] ?? "0") * 100n + BigInt((match[2] ?? "").padEnd(2, "0"));
}

/** Why a store price asks for a confirmation before it is saved: 0, below half of head office's
 * price, above twice it, or null when it is an ordinary price. The server takes any price of 0 or
 * more; this only catches a slip of the finger (a missing or extra digit). */
export function unusualStorePrice(storePrice: string, headOfficePrice: string): "zero" | "low" | "high" | null {
  const store = cents(storePrice);
  const headOffice = cents(headOfficePrice);
  if (store === null || headOffice === null) return null;
  if (store === 0n) return "zero";
  if (store * 2n < headOffice) return "low";
  return store > headOffice * 2n ? "high" : null;
}
