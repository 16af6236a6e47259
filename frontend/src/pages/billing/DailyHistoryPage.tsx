import SearchIcon from "@mui/icons-material/Search";
import {
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Link,
} from "@mui/material";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../api/client";
import { BTN_DAY_REOPEN, dailyKeys, reopenDay, useClosings, type Closing, type HistorySearch } from "../../api/daily";
import { hasButtonCode } from "../../api/session";
import { formatMoney } from "../../lib/money";
import { DateField } from "../../components/dates/DateField";
import { FilterBar } from "../../components/filters";
import { LimitedTextField } from "../../components/LimitedTextField";
import { PageFrame } from "../../components/layout";
import { PagedTable, usePaging, NOWRAP, type PagedColumn } from "../../components/PagedTable";
import { rangeError } from "../../components/members/rules";
import { mountIsland } from "../../islands/mount";
import { formatDateTime } from "../../lib/format";
import { PAGE_SIZES } from "../../lib/paging";
import { useSubmissionKey } from "../../lib/submissionKey";
import { notify } from "../../lib/notices";
import { DAILY_NS, dailyHref } from "./dailyParts";

const REASON_MAX = 200;

/** /dailyHistory (日结历史, ERP-SYFH-PAG-0001-0000): the store's closings, newest day first, reopened
 * ones included; an owner (BTN-SYFH-DAY-REOPEN) reopens an active one after confirming with a reason. */
export function DailyHistoryPage() {
  const { t, i18n } = useTranslation(DAILY_NS);
  const paging = usePaging();
  const [input, setInput] = useState({ from: "", to: "" });
  const [filters, setFilters] = useState<HistorySearch>({});
  const [canReopen] = useState(() => hasButtonCode(BTN_DAY_REOPEN));
  const [reopening, setReopening] = useState<Closing | null>(null);
  const result = useClosings({ pageNo: paging.pageIndex + 1, pageSize: paging.pageSize, ...filters });
  const rangeKey = rangeError(input.from, input.to);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (rangeKey) return;
    paging.refilter(() => setFilters({ startDate: input.from || null, endDate: input.to || null }));
  };
  const reset = () =>
    paging.refilter(() => {
      setInput({ from: "", to: "" });
      setFilters({});
    });

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
      render: (row) => formatDateTime(row.closedAt, i18n.language),
    },
    {
      key: "reopened",
      label: t("closing.reopenReason"),
      render: (row) =>
        row.reopenedAt
          ? `${row.reopenReason} (${row.reopenedBy}, ${formatDateTime(row.reopenedAt, i18n.language)})`
          : t("dash"),
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
    <PageFrame wide title={t("history.title")}>
      <FilterBar onSubmit={submit}>
        <DateField
          size="small"
          label={t("history.from")}
          value={input.from}
          onChange={(value) => setInput((previous) => ({ ...previous, from: value }))}
        />
        <DateField
          size="small"
          label={t("history.to")}
          value={input.to}
          onChange={(value) => setInput((previous) => ({ ...previous, to: value }))}
          error={Boolean(rangeKey)}
          helperText={rangeKey ? t(`members:${rangeKey}`) : undefined}
        />
        <Button type="submit" variant="contained" startIcon={<SearchIcon />}>
          {t("history.search")}
        </Button>
        <Button onClick={reset}>{t("history.reset")}</Button>
      </FilterBar>
      <PagedTable
        label={t("history.title")}
        result={result}
        paging={paging}
        pageSizes={PAGE_SIZES}
        nowrapHeads
        columns={columns}
        rowKey={(row) => row.closingId}
        rowTestId={(row) => `closing-row-${row.closingId}`}
        emptyText={t("history.empty")}
      />
      {reopening ? <ReopenDialog closing={reopening} onClose={() => setReopening(null)} /> : null}
    </PageFrame>
  );
}

function ReopenDialog({ closing, onClose }: { closing: Closing; onClose: () => void }) {
  const { t } = useTranslation(DAILY_NS);
  const titleId = useId();
  const queryClient = useQueryClient();
  const [reason, setReason] = useState("");
  const [checked, setChecked] = useState(false);
  const [serverError, setServerError] = useState<string | undefined>();
  const submission = useSubmissionKey({ closingId: closing.closingId, reason: reason.trim() });
  const reopen = useMutation({
    mutationFn: () => reopenDay(closing.closingId, reason.trim(), submission.key),
    onSuccess: async () => {
      notify("success", t("history.reopened"));
      await queryClient.invalidateQueries({ queryKey: dailyKeys.all });
      onClose();
    },
    onError: (failure) => {
      if (failure instanceof ApiError) setServerError(failure.fields.reason?.[0]);
    },
  });
  const missing = checked && !reason.trim();
  const confirm = () => {
    setChecked(true);
    setServerError(undefined);
    if (!reason.trim() || reason.trim().length > REASON_MAX) return;
    reopen.mutate();
  };
  return (
    <Dialog open onClose={reopen.isPending ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{t("history.reopenTitle", { date: closing.date })}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{t("history.reopenText")}</DialogContentText>
        <LimitedTextField
          maxChars={REASON_MAX}
          label={t("history.reopenReason")}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          required
          fullWidth
          multiline
          error={missing || Boolean(serverError)}
          helperText={missing ? t("history.reasonNeeded") : serverError}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={reopen.isPending}>
          {t("history.cancel")}
        </Button>
        <Button color="warning" variant="contained" onClick={confirm} disabled={reopen.isPending}>
          {t("history.reopenConfirm")}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

mountIsland(<DailyHistoryPage />);
