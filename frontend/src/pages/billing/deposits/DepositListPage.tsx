import AddIcon from "@mui/icons-material/Add";
import SearchIcon from "@mui/icons-material/Search";
import { Button } from "@mui/material";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { DEPOSIT_STATUSES, useDeposits, type DepositSearch } from "../../../api/deposits";
import { DateField } from "../../../components/dates/DateField";
import { FilterBar, FilterSelect } from "../../../components/filters";
import { LimitedTextField } from "../../../components/LimitedTextField";
import { PageFrame } from "../../../components/layout";
import { rangeError } from "../../../components/members/rules";
import { PagedTable, usePaging } from "../../../components/PagedTable";
import { mountIsland } from "../../../islands/mount";
import { PAGE_SIZES } from "../../../lib/paging";
import { DEPOSITS_NS, DepositLinks, depositColumns } from "./depositParts";

interface FilterInput {
  keyword: string;
  status: string;
  from: string;
  to: string;
}

const EMPTY: FilterInput = { keyword: "", status: "", from: "", to: "" };

function filtersFrom(input: FilterInput): DepositSearch {
  return {
    keyword: input.keyword.trim() || null,
    status: (input.status || null) as DepositSearch["status"],
    dateFrom: input.from || null,
    dateTo: input.to || null,
  };
}

/** /stoIntention (the top bar's "intention deposit"): the store's intention deposits with what is
 * left of each and their status; from here a deposit is taken, paid, looked at or refunded. */
export function DepositListPage() {
  const { t, i18n } = useTranslation(DEPOSITS_NS);
  const paging = usePaging();
  const [input, setInput] = useState<FilterInput>(EMPTY);
  const [filters, setFilters] = useState<DepositSearch>(() => filtersFrom(EMPTY));
  const result = useDeposits({ pageNo: paging.pageIndex + 1, pageSize: paging.pageSize, ...filters });
  const rangeKey = rangeError(input.from, input.to);
  const set = <K extends keyof FilterInput>(key: K, value: FilterInput[K]) =>
    setInput((previous) => ({ ...previous, [key]: value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (rangeKey) return;
    paging.refilter(() => setFilters(filtersFrom(input)));
  };
  const reset = () =>
    paging.refilter(() => {
      setInput(EMPTY);
      setFilters(filtersFrom(EMPTY));
    });
  return (
    <PageFrame
      wide
      title={t("list.title")}
      actions={
        <Button variant="contained" startIcon={<AddIcon />} href="/payIntentionMent" data-testid="take-deposit">
          {t("list.take")}
        </Button>
      }
    >
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
          id="deposit-status"
          label={t("fields.status")}
          allLabel={t("status.all")}
          value={input.status}
          minWidth={140}
          options={DEPOSIT_STATUSES.map((status) => ({ value: status, label: t(`status.${status}`) }))}
          onChange={(value) => set("status", value)}
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
        <Button onClick={reset}>{t("list.reset")}</Button>
      </FilterBar>
      <PagedTable
        label={t("list.title")}
        result={result}
        paging={paging}
        pageSizes={PAGE_SIZES}
        nowrapHeads
        columns={depositColumns(t, i18n.language, true)}
        rowKey={(row) => row.depositId}
        rowTestId={(row) => `deposit-row-${row.depositId}`}
        emptyText={t("list.empty")}
      />
    </PageFrame>
  );
}

mountIsland(<DepositListPage />);
