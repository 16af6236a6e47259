import AddIcon from "@mui/icons-material/Add";
import Button from "@mui/material/Button";
import { useTranslation } from "react-i18next";
import { useDeposits, type DepositSearch } from "../../../api/deposits";
import { usePaging } from "../../../components/PagedTable";
import { CheckedDateRange, FilterText } from "../../../components/records/filterFields";
import { RecordsPage } from "../../../components/records/RecordsPage";
import { mountIsland } from "../../../islands/mount";
import { reversedRange } from "../../../lib/filterForm";
import { DEPOSITS_NS, DepositLinks, DepositStatusFilter, depositColumns, useDepositFilterForm } from "./depositParts";

/** /stoIntention (the top bar's "intention deposit"): the store's intention deposits with what is
 * left of each and their status; from here a deposit is taken, paid, looked at or refunded. */
export function DepositListPage() {
  const { t } = useTranslation(DEPOSITS_NS);
  const paging = usePaging();
  const form = useDepositFilterForm({
    toSearch: (input): DepositSearch => ({
      keyword: input.keyword.trim() || null,
      status: (input.status || null) as DepositSearch["status"],
      dateFrom: input.from || null,
      dateTo: input.to || null,
    }),
    paging,
    check: reversedRange,
  });
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
      form={form}
      filters={
        <>
          <FilterText form={form} name="keyword" label={t("list.keyword")} maxChars={30} />
          <DepositStatusFilter id="deposit-status" form={form} />
          <CheckedDateRange form={form} fromLabel={t("list.from")} toLabel={t("list.to")} />
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
