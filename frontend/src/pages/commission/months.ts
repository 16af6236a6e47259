/** Months as the commission pages name them: "YYYY-MM". */

/** The month before the one `day` (YYYY-MM-DD) is in. */
export function previousMonth(day: string): string {
  const year = Number(day.slice(0, 4));
  const month = Number(day.slice(5, 7));
  return month === 1 ? `${year - 1}-12` : `${year}-${String(month - 1).padStart(2, "0")}`;
}

/** The month's first and last day. */
export function monthBounds(month: string): [string, string] {
  const year = Number(month.slice(0, 4));
  const number = Number(month.slice(5, 7));
  const last = new Date(Date.UTC(year, number, 0)).getUTCDate();
  return [`${month}-01`, `${month}-${String(last).padStart(2, "0")}`];
}
