import SearchIcon from "@mui/icons-material/Search";
import { Button } from "@mui/material";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { ENTRY_KINDS, useDepositEntries, type EntrySearch } from "../../../api/deposits";
import { DateField } from "../../../components/dates/DateField";
import { FilterBar, FilterSelect } from "../../../components/filters";
import { LimitedTextField } from "../../../components/LimitedTextField";
import { PageFrame } from "../../../components/layout";
import { rangeError } from "../../../components/members/rules";
import { PagedTable, usePaging } from "../../../components/PagedTable";
import { mountIsland } from "../../../islands/mount";
import { PAGE_SIZES } from "../../../lib/paging";
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
  const { t, i18n } = useTranslation(DEPOSITS_NS);
  const paging = usePaging();
  const [input, setInput] = useState<FilterInput>(EMPTY);
  const [filters, setFilters] = useState<EntrySearch>(() => filtersFrom(EMPTY));
  const result = useDepositEntries({ pageNo: paging.pageIndex + 1, pageSize: paging.pageSize, ...filters });
  const rangeKey = rangeError(input.from, input.to);
  const set = <K extends keyof FilterInput>(key: K, value: FilterInput[K]) =>
    setInput((previous) => ({ ...previous, [key]: value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (rangeKey) return;
    paging.refilter(() => setFilters(filtersFrom(input)));
  };
  return (
    <PageFrame wide title={t("records.title")}>
      <DepositLinks />
      <FilterBar onSubmit={submit}>
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
        <DateField size="small" label={t("list.from")} value={input.from} onChange={(value) => set("from", value)} />
        <DateField
          size="small"
          label={t("list.to")}
          value={input.to}
          onChange={(value) => set("to", value)}
          error={Boolean(rangeKey)}
          helperText={rangeKey ? t(rangeKey) : undefined}
        />
        <Button type="submit" variant="contained" startIcon={<SearchIcon />}>
          {t("list.search")}
        </Button>
      </FilterBar>
      <PagedTable
        label={t("records.title")}
        result={result}
        paging={paging}
        pageSizes={PAGE_SIZES}
        nowrapHeads
        columns={entryColumns(t, i18n.language, true)}
        rowKey={(row) => row.entryId}
        rowTestId={(row) => `entry-row-${row.entryId}`}
        emptyText={t("records.empty")}
      />
    </PageFrame>
  );
}

mountIsland(<DepositLedgerPage />);
