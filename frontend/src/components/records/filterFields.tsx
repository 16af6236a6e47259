/** The fields that most filter forms share: a text box, a date range, and the Search and Reset buttons. */
import SearchIcon from "@mui/icons-material/Search";
import Button from "@mui/material/Button";
import { useTranslation } from "react-i18next";
import type { RangeError } from "../../lib/timeRange";
import { DateField } from "../dates/DateField";
import { LimitedTextField } from "../LimitedTextField";

/** A filter form's text field `name`, with its limit (more may be typed; the field then says so). */
export function FilterText<Name extends string>({
  form,
  name,
  label,
  maxChars,
}: {
  form: { input: { [K in Name]: string }; set: (key: Name, value: string) => void };
  name: Name;
  label: string;
  maxChars: number;
}) {
  return (
    <LimitedTextField
      maxChars={maxChars}
      size="small"
      label={label}
      value={form.input[name]}
      onChange={(event) => form.set(name, event.target.value)}
    />
  );
}

/** A filter form's `from` and `to` days, as DateRangeFilter shows them. */
interface FormRange {
  input: { from: string; to: string };
  set: (key: "from" | "to", value: string) => void;
}

export function FormDateRange({
  form,
  ...props
}: {
  form: FormRange;
  fromLabel: string;
  toLabel: string;
  toError?: string | null;
  fromError?: string | null;
}) {
  return <DateRangeFilter from={form.input.from} to={form.input.to} onChange={form.set} {...props} />;
}

/** A filter form's `from` and `to` days when the form refuses an end before the start (`check:
 * reversedRange`): the fault shows under "to". */
export function CheckedDateRange({
  form,
  fromLabel,
  toLabel,
}: {
  form: FormRange & { error: string | null };
  fromLabel: string;
  toLabel: string;
}) {
  const { t } = useTranslation("common");
  return (
    <FormDateRange
      form={form}
      fromLabel={fromLabel}
      toLabel={toLabel}
      toError={form.error && t("filters.endBeforeStart")}
    />
  );
}

/** "From" and "to" days ("YYYY-MM-DD", "" for open); a fault of the range shows under the one it names. */
export function DateRangeFilter({
  from,
  to,
  fromLabel,
  toLabel,
  onChange,
  toError,
  fromError,
}: {
  from: string;
  to: string;
  fromLabel: string;
  toLabel: string;
  onChange: (edge: "from" | "to", value: string) => void;
  /** The words of a fault shown under "to" (an end before the start), or null. */
  toError?: string | null;
  /** The words of a fault shown under "from" (no start given), or null. */
  fromError?: string | null;
}) {
  return (
    <>
      <DateField
        size="small"
        label={fromLabel}
        value={from}
        onChange={(value) => onChange("from", value)}
        error={Boolean(fromError)}
        helperText={fromError || undefined}
      />
      <DateField
        size="small"
        label={toLabel}
        value={to}
        onChange={(value) => onChange("to", value)}
        error={Boolean(toError)}
        helperText={toError || undefined}
      />
    </>
  );
}

/** A required day range checked by lib/timeRange's timeRangeError, in the words of the page's
 * namespace `ns` ("filters.dateFrom", "filters.dateTo" and the "range" faults): a missing start shows
 * under "from", any other fault under "to"; each field keeps the room for its message. */
export function TimeRangeFields({
  ns,
  range,
  onChange,
  rangeError,
  testIdPrefix,
}: {
  ns: string;
  range: { dateFrom: string; dateTo: string };
  onChange: (patch: { dateFrom?: string; dateTo?: string }) => void;
  rangeError: RangeError | null;
  /** The fields' test ids: `${testIdPrefix}-date-from` and `-date-to`. */
  testIdPrefix: string;
}) {
  const { t } = useTranslation(ns);
  const onStart = rangeError === "range.startRequired";
  const rangeText = rangeError ? t(rangeError) : "";
  return (
    <>
      <DateField
        size="small"
        label={t("filters.dateFrom")}
        value={range.dateFrom}
        onChange={(value) => onChange({ dateFrom: value })}
        error={onStart}
        helperText={onStart ? rangeText : " "}
        inputProps={{ "data-testid": `${testIdPrefix}-date-from` }}
      />
      <DateField
        size="small"
        label={t("filters.dateTo")}
        value={range.dateTo}
        onChange={(value) => onChange({ dateTo: value })}
        error={Boolean(rangeError) && !onStart}
        helperText={rangeError && !onStart ? rangeText : " "}
        inputProps={{ "data-testid": `${testIdPrefix}-date-to` }}
      />
    </>
  );
}

/** The form's submit button, and a Reset when `onReset` is given. */
export function SearchButtons({
  searchLabel,
  resetLabel,
  onReset,
}: {
  searchLabel: string;
  resetLabel?: string;
  onReset?: () => void;
}) {
  return (
    <>
      <Button type="submit" variant="contained" startIcon={<SearchIcon />}>
        {searchLabel}
      </Button>
      {onReset ? <Button onClick={onReset}>{resetLabel}</Button> : null}
    </>
  );
}
