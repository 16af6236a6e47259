import { useTranslation } from "react-i18next";
import { ENTRY_KINDS, useDepositEntries, type EntrySearch } from "../../../api/deposits";
import { FilterSelect } from "../../../components/filters";
import { usePaging } from "../../../components/PagedTable";
import { FilterText, FormDateRange, SearchButtons } from "../../../components/records/filterFields";
import { RecordsPage } from "../../../components/records/RecordsPage";
import { mountIsland } from "../../../islands/mount";
import { reversedRange, useFilterForm } from "../../../lib/filterForm";
import { DEPOSITS_NS, DepositLinks, entryColumns } from "./depositParts";

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
export function DepositLedgerPage() {
  const { t } = useTranslation(DEPOSITS_NS);
  const paging = usePaging();
  const form = useFilterForm({ empty: EMPTY, toSearch: filtersFrom, paging, check: reversedRange });
  const { input, set } = form;
  const result = useDepositEntries({ pageNo: paging.pageIndex + 1, pageSize: paging.pageSize, ...form.filters });
  return (
    <RecordsPage
      title={t("records.title")}
      intro={<DepositLinks />}
      onSearch={form.submit}
      filters={
        <>
          <FilterText form={form} name="keyword" label={t("list.keyword")} maxChars={30} />
          <FilterSelect
            id="entry-kind"
            label={t("fields.kind")}
            allLabel={t("kind.all")}
            value={input.kind}
            minWidth={140}
            options={ENTRY_KINDS.map((kind) => ({ value: kind, label: t(`kind.${kind}`) }))}
            onChange={(value) => set("kind", value)}
          />
          <FormDateRange
            form={form}
            fromLabel={t("list.from")}
            toLabel={t("list.to")}
            toError={form.error && t(form.error)}
          />
          <SearchButtons searchLabel={t("list.search")} />
        </>
      }
      table={{
        result,
        paging,
        columns: entryColumns(t, true),
        rowKey: (row) => row.entryId,
        rowTestId: (row) => `entry-row-${row.entryId}`,
        emptyText: t("records.empty"),
      }}
    />
  );
}

mountIsland(<DepositLedgerPage />);
