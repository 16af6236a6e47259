/** A report's filter form, built from its select answer: the time range (or one date for an
 * at-a-date report) with spec §5's messages, the store, region, staff, category and segment the
 * role may choose, the report's own filters, and the grouping switch (as it was / by today's). */
import Box from "@mui/material/Box";
import FormControlLabel from "@mui/material/FormControlLabel";
import Paper from "@mui/material/Paper";
import Switch from "@mui/material/Switch";
import type { FormEvent } from "react";
import { useTranslation } from "react-i18next";
import type { ReportFilterValues, ReportSelect } from "../../../api/reports";
import { DateField } from "../../../components/dates/DateField";
import { FilterSelect } from "../../../components/filters";
import { LimitedTextField } from "../../../components/LimitedTextField";
import { SearchButtons, TimeRangeFields } from "../../../components/records/filterFields";
import type { RangeError } from "../../../lib/timeRange";

export const NS = "reports";
const EXTRA_MAX_CHARS = 100;

type Named = readonly { id: number; name: string }[];
const options = (rows: Named | undefined) => (rows ?? []).map((row) => ({ value: String(row.id), label: row.name }));

export function ReportFiltersForm({
  select,
  draft,
  onChange,
  rangeError,
  onSubmit,
}: {
  select: ReportSelect;
  draft: ReportFilterValues;
  onChange: (patch: Partial<ReportFilterValues>) => void;
  rangeError: RangeError | null;
  onSubmit: (event: FormEvent) => void;
}) {
  const { t } = useTranslation(NS);
  const setExtra = (name: string, value: string) => onChange({ extra: { ...draft.extra, [name]: value } });
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
      <Box
        component="form"
        role="search"
        aria-label={t("filters.label")}
        noValidate
        onSubmit={onSubmit}
        sx={{ display: "flex", flexWrap: "wrap", gap: 2, alignItems: "flex-start" }}
      >
        {select.usesDates ? (
          <TimeRangeFields
            ns={NS}
            range={{ dateFrom: draft.from, dateTo: draft.to }}
            onChange={(patch) =>
              onChange({
                ...(patch.dateFrom !== undefined ? { from: patch.dateFrom } : {}),
                ...(patch.dateTo !== undefined ? { to: patch.dateTo } : {}),
              })
            }
            rangeError={rangeError}
            testIdPrefix="report"
          />
        ) : (
          <DateField
            size="small"
            label={t("filters.atDate")}
            value={draft.to}
            onChange={(value) => onChange({ to: value })}
            helperText=" "
            inputProps={{ "data-testid": "report-date-to" }}
          />
        )}
        {select.stores.length > 1 ? (
          <FilterSelect
            id="report-store-label"
            testId="report-store"
            label={t("filters.store")}
            allLabel={t("filters.allStores")}
            value={draft.storeId}
            options={options(select.stores)}
            minWidth={160}
            onChange={(storeId) => onChange({ storeId, regionId: "" })}
          />
        ) : null}
        {select.regions?.length ? (
          <FilterSelect
            id="report-region-label"
            testId="report-region"
            label={t("filters.region")}
            allLabel={t("filters.allRegions")}
            value={draft.regionId}
            options={options(select.regions)}
            minWidth={140}
            onChange={(regionId) => onChange({ regionId, storeId: "" })}
          />
        ) : null}
        {select.staff && !select.ownFigures ? (
          <FilterSelect
            id="report-staff-label"
            testId="report-staff"
            label={t("filters.staff")}
            allLabel={t("filters.allStaff")}
            value={draft.staffId}
            options={options(select.staff)}
            minWidth={140}
            onChange={(staffId) => onChange({ staffId })}
          />
        ) : null}
        {select.categories ? (
          <FilterSelect
            id="report-category-label"
            testId="report-category"
            label={t("filters.category")}
            allLabel={t("filters.allCategories")}
            value={draft.categoryId}
            options={options(select.categories)}
            minWidth={140}
            onChange={(categoryId) => onChange({ categoryId })}
          />
        ) : null}
        {select.segments ? (
          <FilterSelect
            id="report-segment-label"
            testId="report-segment"
            label={t("filters.segment")}
            allLabel={t("filters.allSegments")}
            value={draft.segment}
            options={select.segments}
            minWidth={140}
            onChange={(segment) => onChange({ segment })}
          />
        ) : null}
        {select.extra.map((extra) =>
          extra.choices.length ? (
            <FilterSelect
              key={extra.name}
              id={`report-extra-${extra.name}-label`}
              testId={`report-extra-${extra.name}`}
              label={extra.label}
              allLabel={t("filters.all")}
              value={draft.extra[extra.name] ?? ""}
              options={extra.choices}
              minWidth={140}
              onChange={(value) => setExtra(extra.name, value)}
            />
          ) : (
            <LimitedTextField
              key={extra.name}
              maxChars={EXTRA_MAX_CHARS}
              size="small"
              label={extra.label}
              required={extra.required}
              value={draft.extra[extra.name] ?? ""}
              onChange={(event) => setExtra(extra.name, event.target.value)}
              slotProps={{ htmlInput: { "data-testid": `report-extra-${extra.name}` } }}
            />
          ),
        )}
        <FormControlLabel
          control={
            <Switch
              checked={draft.grouping === "today"}
              onChange={(event) => onChange({ grouping: event.target.checked ? "today" : "then" })}
              slotProps={{ input: { "aria-describedby": "report-grouping-help" } }}
              data-testid="report-grouping"
            />
          }
          label={t("filters.groupingToday")}
        />
        <SearchButtons searchLabel={t("filters.search")} />
      </Box>
    </Paper>
  );
}
