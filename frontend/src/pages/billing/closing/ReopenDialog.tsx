import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../../api/client";
import { dailyKeys, reopenDay, type Closing } from "../../../api/daily";
import { ReasonDialog, useReason } from "../../../components/ReasonDialog";
import { notify } from "../../../lib/notices";
import { useSubmissionKey } from "../../../lib/submissionKey";
import { DAILY_NS } from "./dailyParts";

/** The owner (BTN-SYFH-DAY-REOPEN) reopens an active closing with a reason (/dailyHistory, /dailyKnots). */
export function ReopenDialog({ closing, onClose }: { closing: Closing; onClose: () => void }) {
  const { t } = useTranslation(DAILY_NS);
  const queryClient = useQueryClient();
  const { reason, setServerError, field } = useReason();
  const submission = useSubmissionKey({ closingId: closing.closingId, reason });
  const reopen = useMutation({
    mutationFn: () => reopenDay(closing.closingId, reason, submission.key),
    onSuccess: async () => {
      notify("success", t("history.reopened"));
      await queryClient.invalidateQueries({ queryKey: dailyKeys.all });
      onClose();
    },
    onError: (failure) => {
      if (failure instanceof ApiError) setServerError(failure.fields.reason?.[0]);
    },
  });
  return (
    <ReasonDialog
      {...field}
      title={t("history.reopenTitle", { date: closing.date })}
      text={t("history.reopenText")}
      label={t("history.reopenReason")}
      confirmLabel={t("history.reopenConfirm")}
      confirmColor="warning"
      busy={reopen.isPending}
      onConfirm={() => reopen.mutate()}
      onClose={onClose}
    />
  );
}
