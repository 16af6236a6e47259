import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../../api/client";
import { cashDifference, closeDay, dailyKeys, dayFromSearch, useDay, type DayFigures } from "../../../api/daily";
import { formatMoney } from "../../../lib/money";
import { DetailError, Loading } from "../../../components/feedback";
import { LimitedTextField } from "../../../components/LimitedTextField";
import { Facts, PageFrame, Section } from "../../../components/layout";
import { mountIsland } from "../../../islands/mount";
import { useSubmissionKey } from "../../../lib/submissionKey";
import { ConfirmDialog } from "../../../components/ConfirmDialog";
import { notify } from "../../../lib/notices";
import { ClosedDaySection } from "./closedDay";
import { DAILY_NS, DayBar } from "./dailyParts";
import { OpenItemsSection, useCarryOver, type CarryOverState } from "./openItems";
import {
  Cards,
  Clearing,
  Pending,
  Deposits,
  Points,
  Reconciliation,
  Refunds,
  Revenue,
  Sales,
  Takings,
} from "./dayFigures";

const TEXT_MAX = 200;
/** Closing refused: something of the day is open and not carried over (the page read it earlier). */
const ITEMS_OPEN = "DAY-40903";

/** /dailyKnots (日结, ERP-SYFH-PAG-0001-0000): the day's figures before closing, the cash counted
 * against the cash expected (a difference needs its reason), and closing the day after a
 * confirmation; what of the day is still open is settled or carried over with a reason first. A
 * closed day shows its closing and how it is reopened instead of the form. */
export function DailyClosingPage({ search = window.location.search }: { search?: string }) {
  const { t } = useTranslation(DAILY_NS);
  const [date, setDate] = useState(() => dayFromSearch(search));
  const day = useDay(date);
  return (
    <PageFrame title={t("knots.title")}>
      <DayBar date={date} onChange={setDate} here="/dailyKnots" />
      {day.error ? (
        <DetailError message={day.error.message} onRetry={() => void day.refetch()} />
      ) : !day.data ? (
        <Loading />
      ) : (
        <>
          {day.data.closing ? (
            <ClosedDaySection closing={day.data.closing} asked={day.data.reopenAsked} />
          ) : (
            <OpenDay key={date} figures={day.data} />
          )}
          <Takings figures={day.data} />
          <Refunds figures={day.data} />
          <Revenue figures={day.data} />
          <Clearing figures={day.data} />
          <Reconciliation figures={day.data} />
          <Sales figures={day.data} />
          <Cards figures={day.data} />
          <Points figures={day.data} />
          <Deposits figures={day.data} />
        </>
      )}
    </PageFrame>
  );
}

/** An open day: what of it is still open, then the cash count and the closing. */
function OpenDay({ figures }: { figures: DayFigures }) {
  const carry = useCarryOver(figures.openItems);
  return (
    <>
      <Pending figures={figures} />
      <OpenItemsSection items={figures.openItems} carry={carry} />
      <CloseForm figures={figures} carry={carry} />
    </>
  );
}

function CloseForm({ figures, carry }: { figures: DayFigures; carry: CarryOverState }) {
  const { t } = useTranslation(DAILY_NS);
  const queryClient = useQueryClient();
  const [counted, setCounted] = useState("");
  const [reason, setReason] = useState("");
  const [remark, setRemark] = useState("");
  const [checked, setChecked] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [serverFields, setServerFields] = useState<Record<string, string[]>>({});
  const expected = figures.cash.expected;
  const difference = cashDifference(expected, counted);
  const differs = difference !== null && difference !== "0.00";
  const body = {
    date: figures.date,
    cashCounted: counted.trim(),
    ...(reason.trim() ? { differenceReason: reason.trim() } : {}),
    ...(remark.trim() ? { remark: remark.trim() } : {}),
    ...(carry.carried.length ? { carryOver: carry.carried } : {}),
  };
  const submission = useSubmissionKey(body);
  const close = useMutation({
    mutationFn: () => closeDay(body, submission.key),
    onSuccess: async () => {
      setConfirming(false);
      submission.renew();
      notify("success", t("knots.closed"));
      await queryClient.invalidateQueries({ queryKey: dailyKeys.all });
    },
    onError: async (failure) => {
      setConfirming(false);
      if (failure instanceof ApiError) setServerFields(failure.fields);
      // Something opened (or was settled) since the page was read: show the day as it is now.
      if (failure instanceof ApiError && failure.errcode === ITEMS_OPEN) {
        await queryClient.invalidateQueries({ queryKey: dailyKeys.day(figures.date) });
      }
    },
  });
  const countError = checked && difference === null ? t("knots.badAmount") : serverFields.cashCounted?.[0];
  const reasonError =
    checked && differs && !reason.trim() ? t("knots.reasonNeeded") : serverFields.differenceReason?.[0];
  const blocked = figures.pending.count > 0 || figures.refunds.pending.count > 0;
  const submit = () => {
    setChecked(true);
    carry.setChecked(true);
    setServerFields({});
    if (difference === null || (differs && !reason.trim()) || reason.trim().length > TEXT_MAX) return;
    if (remark.trim().length > TEXT_MAX || !carry.ready) return;
    setConfirming(true);
  };
  return (
    <Section title={t("knots.count")}>
      {figures.pending.count > 0 ? (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {t("knots.pendingBlocks")}
        </Alert>
      ) : null}
      {figures.refunds.pending.count > 0 ? (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {t("knots.pendingRefundsBlock")}
        </Alert>
      ) : null}
      {carry.checked && !carry.ready && !blocked ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {t("open.blocks")}
        </Alert>
      ) : null}
      <Facts items={[[t("knots.cashExpected"), <strong key="expected">{formatMoney(expected)}</strong>]]} />
      <Stack spacing={2} sx={{ mt: 2, maxWidth: 480 }}>
        <TextField
          label={t("knots.cashCounted")}
          value={counted}
          onChange={(event) => setCounted(event.target.value)}
          slotProps={{ htmlInput: { inputMode: "decimal" } }}
          error={Boolean(countError)}
          helperText={countError}
          required
        />
        <Typography data-testid="cash-difference" color={differs ? "warning.main" : "text.secondary"}>
          {t("knots.difference")}: {difference === null ? t("dash") : formatMoney(difference)}
        </Typography>
        <LimitedTextField
          maxChars={TEXT_MAX}
          label={t("knots.differenceReason")}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          required={differs}
          error={Boolean(reasonError)}
          helperText={reasonError}
          multiline
        />
        <LimitedTextField
          maxChars={TEXT_MAX}
          label={t("knots.remark")}
          value={remark}
          onChange={(event) => setRemark(event.target.value)}
          error={Boolean(serverFields.remark)}
          helperText={serverFields.remark?.[0]}
        />
        <Button variant="contained" onClick={submit} disabled={blocked || close.isPending} sx={{ alignSelf: "start" }}>
          {t("knots.close")}
        </Button>
      </Stack>
      <ConfirmDialog
        open={confirming}
        title={t("knots.confirmTitle")}
        message={[
          t("knots.confirmText", {
            date: figures.date,
            counted: formatMoney(body.cashCounted),
            difference: formatMoney(difference ?? "0.00"),
          }),
          carry.carried.length ? t("knots.confirmCarried", { count: carry.carried.length }) : "",
        ].join(" ")}
        busy={close.isPending}
        onConfirm={() => close.mutate()}
        onCancel={() => setConfirming(false)}
      />
    </Section>
  );
}

mountIsland(<DailyClosingPage />);
