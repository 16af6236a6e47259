import { DesktopDatePicker } from "@mui/x-date-pickers/DesktopDatePicker";
import type { DateValidationError } from "@mui/x-date-pickers/models";
import type { Dayjs } from "dayjs";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { DATE_FORMAT, EARLIEST_DATE, LATEST_DATE, parseValue } from "./formats";
import { textFieldProps, type TextValueFieldProps } from "./fieldProps";
import { useTextValue } from "./useTextValue";

export type DateFieldProps = TextValueFieldProps & {
  /** "YYYY-MM-DD"; default 1900-01-01. */
  minDate?: string;
  /** "YYYY-MM-DD" (e.g. today for a birthday); default 2099-12-31. */
  maxDate?: string;
};

/**
 * A date typed or picked in the page's language ("YYYY-MM-DD", four-digit years only), the
 * drop-in for a TextField of type "date". The desktop variant everywhere: its field can be typed
 * into on a tablet too, where the mobile one only opens a dialog.
 */
export function DateField({ minDate = EARLIEST_DATE, maxDate = LATEST_DATE, ...props }: DateFieldProps) {
  const { t } = useTranslation();
  const earliest = parseValue(minDate, DATE_FORMAT) ?? undefined;
  const latest = parseValue(maxDate, DATE_FORMAT) ?? undefined;
  // A year being typed passes through 0002, 0020, 0202: the form hears of a date only once it is
  // within the bounds, so a board or a filter does not fetch year 2.
  const [shown, change] = useTextValue(props.value, DATE_FORMAT, props.onChange, (day) =>
    withinBounds(day, earliest, latest),
  );
  const [problem, setProblem] = useState<DateValidationError>(null);
  return (
    <DesktopDatePicker
      label={props.label}
      value={shown}
      onChange={change}
      onError={setProblem}
      format={DATE_FORMAT}
      minDate={earliest}
      maxDate={latest}
      disabled={props.disabled}
      slotProps={{ textField: textFieldProps(props, describe(problem, minDate, maxDate, t)) }}
    />
  );
}

function describe(
  problem: DateValidationError,
  minDate: string,
  maxDate: string,
  t: (key: string, options?: Record<string, string>) => string,
): string {
  if (problem === null) return "";
  if (problem === "minDate") return t("dates.tooEarly", { date: minDate });
  if (problem === "maxDate" || problem === "disableFuture") return t("dates.tooLate", { date: maxDate });
  return t("dates.invalidDate");
}

function withinBounds(day: Dayjs, earliest: Dayjs | undefined, latest: Dayjs | undefined): boolean {
  return !(earliest && day.isBefore(earliest, "day")) && !(latest && day.isAfter(latest, "day"));
}
