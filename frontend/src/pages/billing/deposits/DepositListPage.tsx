import AddIcon from "@mui/icons-material/Add";
import Button from "@mui/material/Button";
import { useTranslation } from "react-i18next";
import { DEPOSIT_STATUSES, useDeposits, type DepositSearch } from "../../../api/deposits";
import { FilterSelect } from "../../../components/filters";
import { usePaging } from "../../../components/PagedTable";
import { FilterText, FormDateRange, SearchButtons } from "../../../components/records/filterFields";
import { RecordsPage } from "../../../components/records/RecordsPage";
import { mountIsland } from "../../../islands/mount";
import { reversedRange, useFilterForm } from "../../../lib/filterForm";
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
  const { t } = useTranslation(DEPOSITS_NS);
  const paging = usePaging();
  const form = useFilterForm({ empty: EMPTY, toSearch: filtersFrom, paging, check: reversedRange });
  const { input, set } = form;
  const result = useDeposits({ pageNo: paging.pageIndex + 1, pageSize: paging.pageSize, ...form.filters });
  return (
    <RecordsPage
      title={t("list.title")}
      actions={
        <Button variant="contained" startIcon={<AddIcon />} href="/payIntentionMent" data-testid="take-deposit">
          {t("list.take")}
        </Button>
      }
      intro={<DepositLinks />}
      onSearch={form.submit}
      filters={
        <>
          <FilterText form={form} name="keyword" label={t("list.keyword")} maxChars={30} />
          <FilterSelect
            id="deposit-status"
            label={t("fields.status")}
            allLabel={t("status.all")}
            value={input.status}
            minWidth={140}
            options={DEPOSIT_STATUSES.map((status) => ({ value: status, label: t(`status.${status}`) }))}
            onChange={(value) => set("status", value)}
          />
          <FormDateRange
            form={form}
            fromLabel={t("list.from")}
            toLabel={t("list.to")}
            toError={form.error && t(form.error)}
          />
          <SearchButtons searchLabel={t("list.search")} resetLabel={t("list.reset")} onReset={form.reset} />
        </>
      }
      table={{
        result,
        paging,
        columns: depositColumns(t, true),
        rowKey: (row) => row.depositId,
        rowTestId: (row) => `deposit-row-${row.depositId}`,
        emptyText: t("list.empty"),
      }}
    />
  );
}

mountIsland(<DepositListPage />);
