import SearchIcon from "@mui/icons-material/Search";
import { Alert, Box, Button } from "@mui/material";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { exportUrl } from "../../../api/catalog";
import { DEPOSIT_EXPORT_PATH, DEPOSIT_STATUSES, useDepositRecords, type RecordSearch } from "../../../api/deposits";
import { DateField } from "../../../components/dates/DateField";
import { FilterBar, FilterSelect } from "../../../components/filters";
import { LimitedTextField } from "../../../components/LimitedTextField";
import { Facts, PageFrame, Section } from "../../../components/layout";
import { PagedTable, usePaging } from "../../../components/PagedTable";
import { mountIsland } from "../../../islands/mount";
import { formatMoney } from "../../../lib/money";
import { PAGE_SIZES } from "../../../lib/paging";
import { DEPOSITS_NS, DepositLinks, depositColumns } from "./depositParts";
import { CappedExportButton } from "../../../components/CappedExportButton";

/** Spec §5: an export of 100,000 rows or more is refused (here before any call, and by the server). */

interface FilterInput {
  keyword: string;
  status: string;
  from: string;
  to: string;
}

const EMPTY: FilterInput = { keyword: "", status: "", from: "", to: "" };

/** Spec §5's time-range rule as the page checks it (the server checks it too, with the same words;
 * the span limit is the server's and not shown). */
export function recordRangeError(from: string, to: string): string | null {
  if (!from) return "errors.startRequired";
  if (!to) return "errors.endRequired";
  if (to < from) return "errors.endBeforeStart";
  return null;
}

function filtersFrom(input: FilterInput): RecordSearch {
  return {
    keyword: input.keyword.trim() || null,
    status: (input.status || null) as RecordSearch["status"],
    dateFrom: input.from,
    dateTo: input.to,
  };
}

/** /depositRecord (DJGL-0001, 定金记录): the store's deposits of a date range with the totals taken,
 * applied, refunded and still held (a liability), paged, with an export. */
export function DepositRecordPage() {
  const { t, i18n } = useTranslation(DEPOSITS_NS);
  const paging = usePaging();
  const [input, setInput] = useState<FilterInput>(EMPTY);
  const [tried, setTried] = useState(false);
  const [filters, setFilters] = useState<RecordSearch | null>(null);
  const result = useDepositRecords(
    filters ? { pageNo: paging.pageIndex + 1, pageSize: paging.pageSize, ...filters } : null,
  );
  const rangeKey = recordRangeError(input.from, input.to);
  const set = <K extends keyof FilterInput>(key: K, value: FilterInput[K]) =>
    setInput((previous) => ({ ...previous, [key]: value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (rangeKey) return;
    paging.refilter(() => setFilters(filtersFrom(input)));
  };
  const summary = result.data?.summary;
  return (
    <PageFrame
      wide
      title={t("depositRecord.title")}
      actions={filters ? <ExportButton filters={filters} count={result.data?.total ?? null} /> : null}
    >
      <DepositLinks />
      <FilterBar onSubmit={submit}>
        <DateField
          size="small"
          label={t("list.from")}
          value={input.from}
          onChange={(value) => set("from", value)}
          error={tried && rangeKey === "errors.startRequired"}
          helperText={tried && rangeKey === "errors.startRequired" ? t(rangeKey) : undefined}
        />
        <DateField
          size="small"
          label={t("list.to")}
          value={input.to}
          onChange={(value) => set("to", value)}
          error={tried && Boolean(rangeKey) && rangeKey !== "errors.startRequired"}
          helperText={tried && rangeKey && rangeKey !== "errors.startRequired" ? t(rangeKey) : undefined}
        />
        <LimitedTextField
          maxChars={30}
          size="small"
          label={t("list.keyword")}
          value={input.keyword}
          onChange={(event) => set("keyword", event.target.value)}
        />
        <FilterSelect
          id="record-status"
          label={t("fields.status")}
          allLabel={t("status.all")}
          value={input.status}
          minWidth={140}
          options={DEPOSIT_STATUSES.map((status) => ({ value: status, label: t(`status.${status}`) }))}
          onChange={(value) => set("status", value)}
        />
        <Button type="submit" variant="contained" startIcon={<SearchIcon />}>
          {t("list.search")}
        </Button>
      </FilterBar>
      {filters === null ? (
        <Alert severity="info">{t("depositRecord.needRange")}</Alert>
      ) : (
        <>
          {summary ? (
            <Section title={t("depositRecord.title")}>
              <Box data-testid="deposit-totals">
                <Facts
                  items={[
                    [t("depositRecord.count"), summary.count],
                    [t("depositRecord.taken"), formatMoney(summary.taken)],
                    [t("depositRecord.applied"), formatMoney(summary.applied)],
                    [t("depositRecord.refunded"), formatMoney(summary.refunded)],
                    [t("depositRecord.held"), <strong key="held">{formatMoney(summary.held)}</strong>],
                  ]}
                />
              </Box>
            </Section>
          ) : null}
          <PagedTable
            label={t("depositRecord.title")}
            result={result}
            paging={paging}
            pageSizes={PAGE_SIZES}
            nowrapHeads
            columns={depositColumns(t, i18n.language, false)}
            rowKey={(row) => row.depositId}
            rowTestId={(row) => `record-row-${row.depositId}`}
            emptyText={t("list.empty")}
          />
        </>
      )}
    </PageFrame>
  );
}

function ExportButton({ filters, count }: { filters: RecordSearch; count: number | null }) {
  return (
    <CappedExportButton
      url={exportUrl(DEPOSIT_EXPORT_PATH, filters)}
      fileName="deposits.xlsx"
      count={count}
      ns={DEPOSITS_NS}
      testId="deposit-export"
    />
  );
}

mountIsland(<DepositRecordPage />);
