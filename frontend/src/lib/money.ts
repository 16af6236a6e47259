/** How money reads on every page (docs/decisions/0013-money-on-pages.md): one rule, one helper.
 *
 * An amount arrives as the server's decimal string ("1234.5", "199.00", "-12.00") and is shown with
 * the yuan sign, thousands separators and exactly 2 decimals: "¥1,234.50", "¥199.00", "-¥12.00".
 * Tables, totals, facts and sentences alike; only an input the cashier types into holds the bare
 * number. Never through a float: the digits are handled as text (a third decimal rounds half up). */
export function formatMoney(amount: string | number | null | undefined): string {
  if (amount === null || amount === undefined) return "";
  const text = String(amount).trim();
  if (text === "") return "";
  const match = /^([-+]?)(\d+)(?:\.(\d*))?$/.exec(text);
  if (!match) return text;
  const [, sign = "", rawWhole = "0", rawFraction = ""] = match;
  let whole = rawWhole.replace(/^0+(?=\d)/, "");
  let fraction = rawFraction.padEnd(2, "0").slice(0, 2);
  // Round half up on the third decimal, in the digits themselves.
  if ((rawFraction[2] ?? "0") >= "5") {
    const cents = (BigInt(whole) * 100n + BigInt(fraction) + 1n).toString().padStart(3, "0");
    whole = cents.slice(0, -2);
    fraction = cents.slice(-2);
  }
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  const negative = sign === "-" && (whole !== "0" || fraction !== "00");
  return `${negative ? "-" : ""}¥${grouped}.${fraction}`;
}

/** A change of money with its sign always shown ("+¥100.00", "-¥12.00"): ledgers. */
export function formatMoneyChange(amount: string | null | undefined): string {
  const shown = formatMoney(amount);
  return shown === "" || shown.startsWith("-") ? shown : `+${shown}`;
}

/** A decimal text as whole cents ("12.30" → 1230, "-0.05" → -5), so sums and comparisons stay exact.
 * Through a float on purpose, as every caller did before: at two decimals the rounding lands on the
 * exact cent; a blank reads 0 and a non-number NaN, as `Number` does, so callers validate first. */
export function toCents(text: string): number {
  return Math.round(Number(text) * 100);
}

/** Whole cents as the bare decimal a form or the server takes (1230 → "12.30", -5 → "-0.05"). */
export function centsToText(cents: number): string {
  const absolute = Math.abs(cents);
  return `${cents < 0 ? "-" : ""}${Math.floor(absolute / 100)}.${String(absolute % 100).padStart(2, "0")}`;
}
