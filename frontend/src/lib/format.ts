/** How phones read on every page (times and dates: lib/dates, the same in both languages). */

/** Spec §6: 11-digit phones keep the first 3 and last 4 digits, 8-digit ones the first 2 and last 2.
 * The server sends phones masked already; this only masks one that is not. */
export function maskPhone(phone: string | null | undefined): string {
  if (!phone) return "";
  if (phone.includes("*")) return phone;
  if (/^\d{11}$/.test(phone)) return `${phone.slice(0, 3)}****${phone.slice(7)}`;
  if (/^\d{8}$/.test(phone)) return `${phone.slice(0, 2)}****${phone.slice(6)}`;
  return phone;
}
