/** The way out of a closed day (issue 28 §2). An action refused because the store's day is closed
 * (409 DAY-40901, "the day is closed; ask the owner to reopen it") shows the server's sentence with
 * what the person can do instead of a retry: the owner (BTN-SYFH-DAY-REOPEN) reopens the day from
 * the closings' history; anyone else asks the owner, with the reason, through the approval centre
 * (the day-reopen request, POST daily/askReopen). */
import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../api/client";
import { askReopen, dailyKeys } from "../../api/daily";
import { hasButtonCode } from "../../api/session";
import { BTN_DAY_REOPEN, closedDateIn, DAY_CLOSED, onAskToReopen, REOPEN_ROUTE } from "../../lib/dayReopenAsk";
import { useSubmissionKey } from "../../lib/submissionKey";
import { ReasonDialog, useReason } from "../ReasonDialog";

/** The closed day a refusal names (its `data.date`, else today), or null when `error` is another failure. */
export function closedDayOf(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.errcode !== DAY_CLOSED) return null;
  return closedDateIn(error.data);
}

/** The request form: the day and the reason, sent once per submission (Idempotency-Key). */
export function AskReopenDialog({ date, onClose }: { date: string; onClose: () => void }) {
  const { t } = useTranslation("common");
  const queryClient = useQueryClient();
  const { reason, setServerError, field } = useReason();
  const submission = useSubmissionKey({ date, reason });
  const ask = useMutation({
    mutationFn: () => askReopen(date, reason, submission.key),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: dailyKeys.all });
      onClose();
    },
    onError: (failure) => {
      if (failure instanceof ApiError) setServerError(failure.fields.reason?.[0] ?? failure.fields.date?.[0]);
    },
  });
  return (
    <ReasonDialog
      {...field}
      title={t("dayClosed.askTitle", { date })}
      text={t("dayClosed.askText")}
      label={t("dayClosed.reason")}
      confirmLabel={t("dayClosed.send")}
      busy={ask.isPending}
      onConfirm={() => ask.mutate()}
      onClose={onClose}
    />
  );
}

/** What the person can do about a closed `date`: reopen it (the owner) or ask the owner to. */
export function DayReopenAction({ date, variant = "text" }: { date: string; variant?: "text" | "outlined" }) {
  const { t } = useTranslation("common");
  const [canReopen] = useState(() => hasButtonCode(BTN_DAY_REOPEN));
  const [asking, setAsking] = useState(false);
  if (canReopen) {
    return (
      <Button color="inherit" size="small" variant={variant} href={REOPEN_ROUTE}>
        {t("dayClosed.reopen")}
      </Button>
    );
  }
  return (
    <>
      <Button color="inherit" size="small" variant={variant} onClick={() => setAsking(true)}>
        {t("dayClosed.ask")}
      </Button>
      {asking ? <AskReopenDialog date={date} onClose={() => setAsking(false)} /> : null}
    </>
  );
}

/** A failed call for a person: a closed day with its way out, anything else as the server said it. */
export function FailureAlert({ error, fallback = "" }: { error: unknown; fallback?: string }) {
  const day = closedDayOf(error);
  const message = error instanceof Error && error.message ? error.message : fallback;
  return (
    <Alert
      severity={day ? "warning" : "error"}
      sx={{ mt: 1 }}
      action={day ? <DayReopenAction date={day} /> : undefined}
      data-testid={day ? "day-closed" : undefined}
    >
      {message}
    </Alert>
  );
}

/** The page's one request form for a notice's "ask the owner" (lib/dayReopenAsk), beside the notices. */
export function DayReopenAskHost() {
  const [date, setDate] = useState<string | null>(null);
  useEffect(() => onAskToReopen(setDate), []);
  return date ? <AskReopenDialog date={date} onClose={() => setDate(null)} /> : null;
}
