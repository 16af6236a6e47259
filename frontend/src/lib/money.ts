/** How money reads on every page (the catalogue, the till). */

/** Money arrives as a decimal string ("1234.50"): thousands separators and at most 2 decimals,
 * never through a float ("1234.50" → "1,234.50", "199.00" → "199", "0.5" → "0.50"). */
export function formatMoney(amount: string | null | undefined): string {
  if (amount === null || amount === undefined) return "";
  const text = amount.trim();
  const match = /^(-?)(\d+)(?:\.(\d*))?$/.exec(text);
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
  return `${negative ? "-" : ""}${grouped}${fraction === "00" ? "" : `.${fraction}`}`;
}
