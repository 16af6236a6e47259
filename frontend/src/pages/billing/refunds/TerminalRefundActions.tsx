import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { newIdempotencyKey } from "../../../api/client";
import { refundKeys, type RefundTender } from "../../../api/refunds";
import { queryTerminalRefund, resendTerminalRefund, resendable } from "../../../api/terminalRefunds";
import { errorText } from "../till/ProviderTender";

/** On /refundDetail, beside a card terminal (or payment box) refund tender that is pending or failed:
 * "send to the terminal again" (with the refund button code; one key per press, so a double click
 * sends once) and, while pending, "ask the terminal". The refund is read again after either. */
export function TerminalRefundActions({
  refundId,
  tender,
  canRefund,
}: {
  refundId: number;
  tender: RefundTender;
  canRefund: boolean;
}) {
  const { t } = useTranslation("refunds");
  const queryClient = useQueryClient();
  const [key, setKey] = useState(newIdempotencyKey);
  const body = { refundId, tenderId: tender.tenderId ?? 0 };
  const reread = () => queryClient.invalidateQueries({ queryKey: refundKeys.detail(refundId) });
  const resend = useMutation({
    mutationFn: () => resendTerminalRefund(body, key),
    onSuccess: () => {
      setKey(newIdempotencyKey());
      void reread();
    },
  });
  const query = useMutation({ mutationFn: () => queryTerminalRefund(body), onSuccess: () => void reread() });
  const open = resendable(tender);
  if (!open && !resend.isSuccess) return null;
  const busy = resend.isPending || query.isPending;
  return (
    <Stack spacing={1} sx={{ mt: 1 }}>
      <Stack direction="row" spacing={1}>
        {open && canRefund ? (
          <Button size="small" variant="outlined" disabled={busy} onClick={() => resend.mutate()}>
            {t(tender.method === "box" ? "terminal.resendBox" : "terminal.resend")}
          </Button>
        ) : null}
        {open && tender.status === "pending" ? (
          <Button size="small" disabled={busy} onClick={() => query.mutate()}>
            {t("terminal.query")}
          </Button>
        ) : null}
      </Stack>
      {resend.isSuccess ? (
        <Alert severity={resend.data.status === "failed" ? "error" : "success"} role="status">
          {t(`terminal.answer.${resend.data.status}`, { attempts: resend.data.attempts })}
        </Alert>
      ) : null}
      {resend.isError ? <Alert severity="error">{errorText(resend.error)}</Alert> : null}
      {query.isError ? <Alert severity="error">{errorText(query.error)}</Alert> : null}
    </Stack>
  );
}
