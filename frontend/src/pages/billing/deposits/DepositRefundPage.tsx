import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import Link from "@mui/material/Link";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { newIdempotencyKey } from "../../../api/client";
import { approvalHref, type RefundApprovalAsked } from "../../../api/refunds";
import {
  amountError,
  depositHref,
  depositKeys,
  depositRefundAsked,
  hasMoneyLeft,
  refundDeposit,
  useDeposit,
  type DepositRefunded,
} from "../../../api/deposits";
import { DetailError, Loading } from "../../../components/feedback";
import { LimitedTextField } from "../../../components/LimitedTextField";
import { Facts, PageFrame, Section } from "../../../components/layout";
import { mountIsland } from "../../../islands/mount";
import { idFromSearch } from "../../../lib/address";
import { formatMoney } from "../../../lib/money";
import { notify } from "../../../lib/notices";
import { DEPOSITS_NS, DepositLinks, depositMoneyFacts } from "./depositParts";

/** /refundIntention?depositId=: refunds what is left of a deposit (all of it by default, never more)
 * with a reason, after a confirmation; the server returns it the way it was paid (cash out of the
 * till, a provider's refund through the provider). */
export function DepositRefundPage() {
  const { t } = useTranslation(DEPOSITS_NS);
  const titleId = useId();
  const queryClient = useQueryClient();
  const [depositId] = useState(() => idFromSearch(window.location.search, "depositId"));
  const detail = useDeposit(depositId);
  const [amount, setAmount] = useState<string | null>(null);
  const [reason, setReason] = useState("");
  const [tried, setTried] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [key] = useState(newIdempotencyKey);
  const [done, setDone] = useState<DepositRefunded | null>(null);
  const [asked, setAsked] = useState<RefundApprovalAsked | null>(null);
  const refund = useMutation({
    mutationFn: (body: { depositId: number; amount: string; reason: string }) => refundDeposit(body, key),
    onSuccess: (answer) => {
      setConfirming(false);
      if (depositRefundAsked(answer)) {
        setAsked(answer);
        notify("info", t("refund.sentForApproval"));
        return;
      }
      setDone(answer);
      notify("success", t("refund.done"));
      void queryClient.invalidateQueries({ queryKey: depositKeys.all });
    },
    onError: () => setConfirming(false),
  });
  if (depositId === null) {
    return (
      <PageFrame title={t("refund.title")}>
        <Alert severity="warning">{t("refund.noDeposit")}</Alert>
      </PageFrame>
    );
  }
  if (detail.isPending) return <Loading />;
  if (detail.isError) return <DetailError message={detail.error.message} onRetry={() => void detail.refetch()} />;
  const deposit = done?.deposit ?? detail.data;
  const wanted = amount ?? deposit.left;
  const amountKey = amountError(wanted, deposit.left);
  const reasonMissing = !reason.trim();
  const ask = () => {
    setTried(true);
    if (amountKey || reasonMissing) return;
    setConfirming(true);
  };
  return (
    <PageFrame title={t("refund.title")}>
      <DepositLinks />
      <Section title={deposit.depositNo}>
        <Facts items={depositMoneyFacts(t, deposit)} />
        <Link href={depositHref(deposit.depositId)}>{t("list.detail")}</Link>
      </Section>
      {asked ? (
        <Alert severity="info" role="status" data-testid="refund-asked">
          {t("refund.sentForApproval")} <Link href={approvalHref(asked.approvalId)}>{t("refund.approval")}</Link>
        </Alert>
      ) : done ? (
        <Alert severity="success" role="status" data-testid="refund-done">
          {t("refund.done")}: {done.refund.refundNo} {formatMoney(done.refund.amount)}
        </Alert>
      ) : !hasMoneyLeft(deposit) ? (
        <Alert severity="info">{t("refund.nothingLeft")}</Alert>
      ) : (
        <Section title={t("refund.title")}>
          <Alert severity="info" sx={{ mb: 2 }}>
            {t("refund.explain")}
          </Alert>
          <Stack spacing={2} sx={{ maxWidth: 520 }}>
            <TextField
              label={t("refund.amount")}
              value={wanted}
              onChange={(event) => setAmount(event.target.value)}
              error={Boolean(amountKey)}
              helperText={amountKey ? t(amountKey, { most: deposit.left }) : undefined}
              slotProps={{ htmlInput: { inputMode: "decimal", "data-testid": "refund-amount" } }}
            />
            <LimitedTextField
              maxChars={200}
              label={t("refund.reason")}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              error={tried && reasonMissing}
              helperText={tried && reasonMissing ? t("refund.reasonRequired") : undefined}
              slotProps={{ htmlInput: { "data-testid": "refund-reason" } }}
            />
            {refund.isError ? <Alert severity="error">{refund.error.message}</Alert> : null}
            <Button variant="contained" color="warning" onClick={ask} data-testid="refund-submit">
              {t("refund.submit")}
            </Button>
          </Stack>
        </Section>
      )}
      <Dialog open={confirming} onClose={() => setConfirming(false)} aria-labelledby={titleId}>
        <DialogTitle id={titleId}>{t("refund.confirmTitle")}</DialogTitle>
        <DialogContent>
          <DialogContentText>
            {t("refund.confirmText", {
              amount: formatMoney(wanted),
              depositNo: deposit.depositNo,
              member: deposit.memberName,
            })}
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)}>{t("refund.cancel")}</Button>
          <Button
            variant="contained"
            color="warning"
            disabled={refund.isPending}
            onClick={() =>
              refund.mutate({ depositId: deposit.depositId, amount: wanted.trim(), reason: reason.trim() })
            }
            data-testid="refund-confirm"
          >
            {t("refund.confirm")}
          </Button>
        </DialogActions>
      </Dialog>
    </PageFrame>
  );
}

mountIsland(<DepositRefundPage />);
