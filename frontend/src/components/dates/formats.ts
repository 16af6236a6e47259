import dayjs, { type Dayjs } from "dayjs";
import customParseFormat from "dayjs/plugin/customParseFormat";

dayjs.extend(customParseFormat);

/** The forms and the API exchange dates as "YYYY-MM-DD" and times as "HH:mm"; the fields show
 * them the same way in both languages (ISO order is read alike in Chinese and English, and a
 * 24-hour time needs no AM/PM). */
export const DATE_FORMAT = "YYYY-MM-DD";
export const TIME_FORMAT = "HH:mm";

/** The widest dates any field accepts: a four-digit year, never a six-digit one. */
export const EARLIEST_DATE = "1900-01-01";
export const LATEST_DATE = "2099-12-31";

/** "" (nothing chosen) or an unreadable text → null; otherwise the strictly parsed day or time. */
export function parseValue(value: string, format: string): Dayjs | null {
  if (value === "") return null;
  const parsed = dayjs(value, format, true);
  return parsed.isValid() ? parsed : null;
}

/** What the form gets: the text of a whole, valid date or time; "" while empty or half typed. */
export function formatValue(value: Dayjs | null, format: string): string {
  return value !== null && value.isValid() ? value.format(format) : "";
}
