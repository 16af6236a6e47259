import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import { useTranslation } from "react-i18next";
import { exportUrl } from "../../../api/catalog";
import { DEPOSIT_EXPORT_PATH, DEPOSIT_STATUSES, useDepositRecords, type RecordSearch } from "../../../api/deposits";
import { FilterSelect } from "../../../components/filters";
import { Facts, Section } from "../../../components/layout";
import { usePaging } from "../../../components/PagedTable";
import { FilterText, FormDateRange, SearchButtons } from "../../../components/records/filterFields";
import { RecordsPage } from "../../../components/records/RecordsPage";
import { mountIsland } from "../../../islands/mount";
import { useFilterForm } from "../../../lib/filterForm";
import { formatMoney } from "../../../lib/money";
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
  const { t } = useTranslation(DEPOSITS_NS);
  const paging = usePaging();
  const form = useFilterForm<FilterInput, RecordSearch | null>({
    empty: EMPTY,
    toSearch: filtersFrom,
    paging,
    check: (input) => recordRangeError(input.from, input.to),
    initial: null,
  });
  const { input, set, filters } = form;
  const result = useDepositRecords(
    filters ? { pageNo: paging.pageIndex + 1, pageSize: paging.pageSize, ...filters } : null,
  );
  // The start's fault shows under "from", the others under "to", once a search was tried.
  const rangeKey = form.tried ? form.error : null;
  const summary = result.data?.summary;
  return (
    <RecordsPage
      title={t("depositRecord.title")}
      actions={filters ? <ExportButton filters={filters} count={result.data?.total ?? null} /> : null}
      intro={<DepositLinks />}
      onSearch={form.submit}
      filters={
        <>
          <FormDateRange
            form={form}
            fromLabel={t("list.from")}
            toLabel={t("list.to")}
            fromError={rangeKey === "errors.startRequired" ? t(rangeKey) : null}
            toError={rangeKey && rangeKey !== "errors.startRequired" ? t(rangeKey) : null}
          />
          <FilterText form={form} name="keyword" label={t("list.keyword")} maxChars={30} />
          <FilterSelect
            id="record-status"
            label={t("fields.status")}
            allLabel={t("status.all")}
            value={input.status}
            minWidth={140}
            options={DEPOSIT_STATUSES.map((status) => ({ value: status, label: t(`status.${status}`) }))}
            onChange={(value) => set("status", value)}
          />
          <SearchButtons searchLabel={t("list.search")} />
        </>
      }
      instead={filters === null ? <Alert severity="info">{t("depositRecord.needRange")}</Alert> : undefined}
      totals={
        summary ? (
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
        ) : null
      }
      table={{
        result,
        paging,
        columns: depositColumns(t, false),
        rowKey: (row) => row.depositId,
        rowTestId: (row) => `record-row-${row.depositId}`,
        emptyText: t("list.empty"),
      }}
    />
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
