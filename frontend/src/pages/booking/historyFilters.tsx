/** The filters shared by /orderHistory and /orderHistoryBoard and the page frame. */

import SearchIcon from "@mui/icons-material/Search";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import FormControl from "@mui/material/FormControl";
import InputLabel from "@mui/material/InputLabel";
import MenuItem from "@mui/material/MenuItem";
import Paper from "@mui/material/Paper";
import Select from "@mui/material/Select";
import { useState, type FormEvent, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { currentSession } from "../../api/session";
import { useRecordNurses, useSourceOptions, useStatusOptions, type HistoryFilters } from "../../api/bookingHistory";
import { useReservationStatusWord } from "../../components/ReservationStatusChip";
import { phoneFilterError, timeRangeError, type RangeError } from "./historyRules";
import { LimitedTextField } from "../../components/LimitedTextField";
import { DateField } from "../../components/dates/DateField";

export const NS = "bookingHistory";

interface FilterErrors {
  range: RangeError | null;
  phone: string | null;
}

/**
 * The filters a person edits (`draft`) and those the lists use (`applied`, only ever a valid set).
 * Dates and the phone apply on Search; the drop-downs apply at once when the draft is valid.
 */
export function useHistoryFilters(initial: HistoryFilters, maxSpanDays: number, onApply?: () => void) {
  const [draft, setDraft] = useState(initial);
  const [applied, setApplied] = useState<HistoryFilters>(initial);
  const [errors, setErrors] = useState<FilterErrors>({ range: null, phone: null });

  const apply = (next: HistoryFilters): boolean => {
    const found: FilterErrors = {
      range: timeRangeError(next.dateFrom, next.dateTo, maxSpanDays),
      phone: phoneFilterError(next.phone),
    };
    setErrors(found);
    if (found.range || found.phone) return false;
    setApplied({ ...next, phone: next.phone.trim() });
    onApply?.();
    return true;
  };
  const update = (patch: Partial<HistoryFilters>, applyNow = false) => {
    const next = { ...draft, ...patch };
    setDraft(next);
    if (applyNow) apply(next);
  };
  return { draft, applied, errors, update, apply: (next: HistoryFilters = draft) => apply(next), setDraft };
}

type HistoryFilterState = ReturnType<typeof useHistoryFilters>;

function OptionSelect({
  id,
  label,
  allLabel,
  value,
  options,
  onChange,
}: {
  id: string;
  label: string;
  allLabel: string;
  value: string;
  options: readonly { value: string; label: string }[];
  onChange: (value: string) => void;
}) {
  return (
    <FormControl size="small" sx={{ minWidth: 150 }} data-testid={id}>
      <InputLabel id={`${id}-label`}>{label}</InputLabel>
      <Select
        labelId={`${id}-label`}
        id={id}
        label={label}
        value={value}
        onChange={(event) => onChange(String(event.target.value))}
      >
        <MenuItem value="">{allLabel}</MenuItem>
        {options.map((option) => (
          <MenuItem key={option.value} value={option.value}>
            {option.label}
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  );
}

/** The filter bar: date range, nurse, status, and (on the list) source and member phone. */
export function HistoryFilterBar({
  state,
  showSource = true,
  showPhone = true,
  extra,
}: {
  state: HistoryFilterState;
  showSource?: boolean;
  showPhone?: boolean;
  /** More controls at the end of the bar (the board's week buttons). */
  extra?: ReactNode;
}) {
  const { t } = useTranslation(NS);
  const [storeId] = useState(() => currentSession()?.storeId ?? null);
  const nurses = useRecordNurses(storeId);
  const statuses = useStatusOptions();
  // The words of the status chips, whatever the server calls them.
  const statusWord = useReservationStatusWord();
  const sources = useSourceOptions();
  const { draft, errors, update, apply } = state;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    apply();
  };
  const rangeText = errors.range ? t(errors.range) : "";
  const onStart = errors.range === "range.startRequired";

  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
      <Box
        component="form"
        onSubmit={submit}
        role="search"
        aria-label={t("filters.label")}
        noValidate
        sx={{ display: "flex", flexWrap: "wrap", gap: 2, alignItems: "flex-start" }}
      >
        <DateField
          size="small"
          label={t("filters.dateFrom")}
          value={draft.dateFrom}
          onChange={(value) => update({ dateFrom: value })}
          error={Boolean(errors.range) && onStart}
          helperText={onStart ? rangeText : " "}
          inputProps={{ "data-testid": "history-date-from" }}
        />
        <DateField
          size="small"
          label={t("filters.dateTo")}
          value={draft.dateTo}
          onChange={(value) => update({ dateTo: value })}
          error={Boolean(errors.range) && !onStart}
          helperText={errors.range && !onStart ? rangeText : " "}
          inputProps={{ "data-testid": "history-date-to" }}
        />
        <OptionSelect
          id="history-nurse"
          label={t("filters.nurse")}
          allLabel={t("filters.allNurses")}
          value={draft.nurseId}
          options={(nurses.data ?? []).map((nurse) => ({ value: String(nurse.id), label: nurse.name }))}
          onChange={(value) => update({ nurseId: value }, true)}
        />
        <OptionSelect
          id="history-status"
          label={t("filters.status")}
          allLabel={t("filters.allStatuses")}
          value={draft.status}
          options={(statuses.data ?? []).map((option) => ({ value: option.code, label: statusWord(option.code) }))}
          onChange={(value) => update({ status: value }, true)}
        />
        {showSource ? (
          <OptionSelect
            id="history-source"
            label={t("filters.source")}
            allLabel={t("filters.allSources")}
            value={draft.source}
            options={(sources.data ?? []).map((option) => ({ value: option.code, label: option.name }))}
            onChange={(value) => update({ source: value }, true)}
          />
        ) : null}
        {showPhone ? (
          <LimitedTextField
            maxChars={11}
            size="small"
            label={t("filters.phone")}
            value={draft.phone}
            onChange={(event) => update({ phone: event.target.value })}
            error={Boolean(errors.phone)}
            helperText={errors.phone ? t(errors.phone) : t("filters.phoneHint")}
            slotProps={{ htmlInput: { inputMode: "numeric", "data-testid": "history-phone" } }}
          />
        ) : null}
        <Button type="submit" variant="contained" startIcon={<SearchIcon />} data-testid="history-search">
          {t("filters.search")}
        </Button>
        {extra}
      </Box>
    </Paper>
  );
}
