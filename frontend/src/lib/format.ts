/** How times, dates and phones read on every page. */

function locale(language: string): string {
  return language.toLowerCase().startsWith("en") ? "en-GB" : "zh-CN";
}

/** An ISO 8601 time with offset, in the page's language ("" for none, the raw text if invalid). */
export function formatDateTime(iso: string | null | undefined, language: string, timeZone?: string): string {
  if (!iso) return "";
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(locale(language), { dateStyle: "medium", timeStyle: "short", timeZone }).format(date);
}

/** A calendar date ("2025-03-01"): read as that day, whatever the browser's time zone. */
export function formatDate(day: string | null | undefined, language: string): string {
  if (!day) return "";
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return day;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return new Intl.DateTimeFormat(locale(language), { dateStyle: "medium", timeZone: "UTC" }).format(date);
}

/** Spec §6: 11-digit phones keep the first 3 and last 4 digits, 8-digit ones the first 2 and last 2.
 * The server sends phones masked already; this only masks one that is not. */
export function maskPhone(phone: string | null | undefined): string {
  if (!phone) return "";
  if (phone.includes("*")) return phone;
  if (/^\d{11}$/.test(phone)) return `${phone.slice(0, 3)}****${phone.slice(7)}`;
  if (/^\d{8}$/.test(phone)) return `${phone.slice(0, 2)}****${phone.slice(6)}`;
  return phone;
}
