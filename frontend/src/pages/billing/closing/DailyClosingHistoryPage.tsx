import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Link from "@mui/material/Link";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { BTN_DAY_REOPEN, useClosings, type Closing, type HistorySearch } from "../../../api/daily";
import { hasButtonCode } from "../../../api/session";
import { formatMoney } from "../../../lib/money";
import { usePaging, NOWRAP, type PagedColumn } from "../../../components/PagedTable";
import { FormDateRange, SearchButtons } from "../../../components/records/filterFields";
import { RecordsPage } from "../../../components/records/RecordsPage";
import { mountIsland } from "../../../islands/mount";
import { reversedRange, useFilterForm } from "../../../lib/filterForm";
import { storeDateTime } from "../../../lib/dates";
import { DAILY_NS, dailyHref } from "./dailyParts";
import { ReopenDialog } from "./ReopenDialog";

const EMPTY = { from: "", to: "" };

function filtersFrom(input: typeof EMPTY): HistorySearch {
  return { startDate: input.from || null, endDate: input.to || null };
}

/** /dailyHistory (日结历史, ERP-SYFH-PAG-0001-0000): the store's closings, newest day first, reopened
 * ones included; an owner (BTN-SYFH-DAY-REOPEN) reopens an active one after confirming with a reason. */
export function DailyClosingHistoryPage() {
  const { t } = useTranslation(DAILY_NS);
  const paging = usePaging();
  // Before a search and after Reset the list asks with no dates at all.
  const form = useFilterForm({ empty: EMPTY, toSearch: filtersFrom, paging, check: reversedRange, initial: {} });
  const [canReopen] = useState(() => hasButtonCode(BTN_DAY_REOPEN));
  const [reopening, setReopening] = useState<Closing | null>(null);
  const result = useClosings({ pageNo: paging.pageIndex + 1, pageSize: paging.pageSize, ...form.filters });

  const columns: PagedColumn<Closing>[] = [
    {
      key: "date",
      label: t("day"),
      cellSx: NOWRAP,
      render: (row) => (
        <Link href={dailyHref("/dailyReport", row.date)} underline="hover">
          {row.date}
        </Link>
      ),
    },
    {
      key: "status",
      label: t("closing.status"),
      render: (row) => (
        <Chip size="small" color={row.status === "closed" ? "success" : "default"} label={t(`closing.${row.status}`)} />
      ),
    },
    { key: "expected", label: t("knots.cashExpected"), align: "right", render: (row) => formatMoney(row.cashExpected) },
    { key: "counted", label: t("knots.cashCounted"), align: "right", render: (row) => formatMoney(row.cashCounted) },
    { key: "difference", label: t("knots.difference"), align: "right", render: (row) => formatMoney(row.difference) },
    { key: "reason", label: t("knots.differenceReason"), render: (row) => row.differenceReason || t("dash") },
    { key: "closedBy", label: t("closing.closedBy"), render: (row) => row.closedBy || t("dash") },
    {
      key: "closedAt",
      label: t("closing.closedAt"),
      cellSx: NOWRAP,
      render: (row) => storeDateTime(row.closedAt),
    },
    {
      key: "reopened",
      label: t("closing.reopenReason"),
      render: (row) =>
        row.reopenedAt ? `${row.reopenReason} (${row.reopenedBy}, ${storeDateTime(row.reopenedAt)})` : t("dash"),
    },
    ...(canReopen
      ? [
          {
            key: "actions",
            label: "",
            render: (row: Closing) =>
              row.status === "closed" ? (
                <Button size="small" color="warning" onClick={() => setReopening(row)}>
                  {t("history.reopen")}
                </Button>
              ) : null,
          },
        ]
      : []),
  ];

  return (
    <RecordsPage
      title={t("history.title")}
      onSearch={form.submit}
      filters={
        <>
          <FormDateRange
            form={form}
            fromLabel={t("history.from")}
            toLabel={t("history.to")}
            toError={form.error && t(`members:${form.error}`)}
          />
          <SearchButtons
            searchLabel={t("history.search")}
            resetLabel={t("history.reset")}
            onReset={() => form.resetTo({})}
          />
        </>
      }
      table={{
        result,
        paging,
        columns,
        rowKey: (row) => row.closingId,
        rowTestId: (row) => `closing-row-${row.closingId}`,
        emptyText: t("history.empty"),
      }}
    >
      {reopening ? <ReopenDialog closing={reopening} onClose={() => setReopening(null)} /> : null}
    </RecordsPage>
  );
}

mountIsland(<DailyClosingHistoryPage />);
