import { useTranslation } from "react-i18next";
import { ENTRY_KINDS, useDepositEntries, type EntrySearch } from "../../api/deposits";
import { FilterSelect } from "../../components/filters";
import { LimitedTextField } from "../../components/LimitedTextField";
import { rangeError } from "../../components/members/rules";
import { usePaging } from "../../components/PagedTable";
import { DateRangeFilter, SearchButtons } from "../../components/records/filterFields";
import { RecordsPage } from "../../components/records/RecordsPage";
import { mountIsland } from "../../islands/mount";
import { useFilterForm } from "../../lib/filterForm";
import { DEPOSITS_NS, DepositLinks, entryColumns } from "./intentionParts";

interface FilterInput {
  keyword: string;
  kind: string;
  from: string;
  to: string;
}

const EMPTY: FilterInput = { keyword: "", kind: "", from: "", to: "" };

function filtersFrom(input: FilterInput): EntrySearch {
  return {
    keyword: input.keyword.trim() || null,
    kind: (input.kind || null) as EntrySearch["kind"],
    dateFrom: input.from || null,
    dateTo: input.to || null,
  };
}

/** /payIntentionRecord: the deposit ledger of the store, every deposit taken, applied to an order,
 * refunded or returned by a refund, newest first. */
export function IntentionRecordPage() {
  const { t, i18n } = useTranslation(DEPOSITS_NS);
  const paging = usePaging();
  const form = useFilterForm({
    empty: EMPTY,
    toSearch: filtersFrom,
    paging,
    check: (input) => rangeError(input.from, input.to),
  });
  const { input, set } = form;
  const result = useDepositEntries({ pageNo: paging.pageIndex + 1, pageSize: paging.pageSize, ...form.filters });
  return (
    <RecordsPage
      title={t("records.title")}
      intro={<DepositLinks />}
      onSearch={form.submit}
      filters={
        <>
          <LimitedTextField
            maxChars={30}
            size="small"
            label={t("list.keyword")}
            value={input.keyword}
            onChange={(event) => set("keyword", event.target.value)}
          />
          <FilterSelect
            id="entry-kind"
            label={t("fields.kind")}
            allLabel={t("kind.all")}
            value={input.kind}
            minWidth={140}
            options={ENTRY_KINDS.map((kind) => ({ value: kind, label: t(`kind.${kind}`) }))}
            onChange={(value) => set("kind", value)}
          />
          <DateRangeFilter
            from={input.from}
            to={input.to}
            fromLabel={t("list.from")}
            toLabel={t("list.to")}
            onChange={set}
            toError={form.error && t(form.error)}
          />
          <SearchButtons searchLabel={t("list.search")} />
        </>
      }
      table={{
        result,
        paging,
        columns: entryColumns(t, i18n.language, true),
        rowKey: (row) => row.entryId,
        rowTestId: (row) => `entry-row-${row.entryId}`,
        emptyText: t("records.empty"),
      }}
    />
  );
}

mountIsland(<IntentionRecordPage />);
