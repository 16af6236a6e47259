/** The filters shared by /orderHistory and /orderHistoryBoard and the page frame. */

import SearchIcon from "@mui/icons-material/Search";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import { useState, type FormEvent, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { currentSession } from "../../api/session";
import { useRecordNurses, useSourceOptions, useStatusOptions, type HistoryFilters } from "../../api/bookingHistory";
import { useReservationStatusWord } from "../../components/ReservationStatusChip";
import { phoneFilterError, timeRangeError, type RangeError } from "./historyRules";
import { LimitedTextField } from "../../components/LimitedTextField";
import { TimeRangeFields } from "../../components/records/filterFields";
import { FilterSelect } from "../../components/filters";

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

/** A drop-down of the history's filters, found by its id in tests. */
function OptionSelect({ id, ...props }: Omit<Parameters<typeof FilterSelect>[0], "minWidth" | "selectId" | "testId">) {
  return <FilterSelect {...props} id={`${id}-label`} selectId={id} testId={id} minWidth={150} />;
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
        <TimeRangeFields ns={NS} range={draft} onChange={update} rangeError={errors.range} testIdPrefix="history" />
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
