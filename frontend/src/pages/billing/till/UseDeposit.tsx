import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import MenuItem from "@mui/material/MenuItem";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { newIdempotencyKey } from "../../../api/client";
import {
  amountError,
  applicableAmount,
  applyDeposit,
  depositKeys,
  useMemberDeposits,
  type Deposit,
} from "../../../api/deposits";
import type { Payment } from "../../../api/till";
import { Section } from "../../../components/layout";
import { formatMoney } from "../../../lib/money";
import { notify } from "../../../lib/notices";

const NS = "deposits";

/** The payment page's "use deposit" (issue 17 §4): the member's intention deposits with money left
 * at this store; one of them pays part (or all) of what is due, a `deposit` tender the server adds
 * under the deposit's lock. The server prices: the page sends the deposit and the amount only. */
export function UseDeposit({
  orderId,
  memId,
  due,
  onPaid,
}: {
  orderId: number;
  memId: number;
  due: string;
  onPaid: (payment: Payment) => void;
}) {
  const { t } = useTranslation(NS);
  const deposits = useMemberDeposits(memId);
  const [open, setOpen] = useState(false);
  const usable = deposits.data ?? [];
  return (
    <Section title={t("use.title")}>
      {usable.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {deposits.isPending ? "" : t("use.none")}
        </Typography>
      ) : (
        <Stack direction="row" spacing={2} sx={{ alignItems: "center", flexWrap: "wrap" }}>
          {usable.map((deposit) => (
            <Typography key={deposit.depositId} variant="body2">
              {t("use.option", { depositNo: deposit.depositNo, left: formatMoney(deposit.left) })}
            </Typography>
          ))}
          <Button variant="outlined" onClick={() => setOpen(true)} disabled={due === "0.00"} data-testid="use-deposit">
            {t("use.button")}
          </Button>
        </Stack>
      )}
      {open ? (
        <UseDepositDialog
          orderId={orderId}
          due={due}
          deposits={usable}
          onClose={() => setOpen(false)}
          onPaid={(payment) => {
            setOpen(false);
            onPaid(payment);
          }}
        />
      ) : null}
    </Section>
  );
}

function UseDepositDialog({
  orderId,
  due,
  deposits,
  onClose,
  onPaid,
}: {
  orderId: number;
  due: string;
  deposits: Deposit[];
  onClose: () => void;
  onPaid: (payment: Payment) => void;
}) {
  const { t } = useTranslation(NS);
  const titleId = useId();
  const queryClient = useQueryClient();
  const first = deposits[0];
  const [depositId, setDepositId] = useState<number>(first?.depositId ?? 0);
  const chosen = deposits.find((deposit) => deposit.depositId === depositId) ?? first;
  const most = chosen ? applicableAmount(chosen.left, due) : "0.00";
  const [amount, setAmount] = useState<string | null>(null);
  const wanted = amount ?? most;
  const amountKey = amountError(wanted, most);
  // One key per dialog: a double click applies once.
  const [key] = useState(newIdempotencyKey);
  const apply = useMutation({
    mutationFn: () => applyDeposit({ orderId, depositId, amount: wanted.trim() }, key),
    onSuccess: (answer) => {
      notify("success", t("use.done", { amount: formatMoney(wanted) }));
      void queryClient.invalidateQueries({ queryKey: depositKeys.all });
      onPaid(answer.payment);
    },
  });
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{t("use.button")}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ mt: 1, minWidth: 320 }}>
          <TextField
            select
            label={t("use.deposit")}
            value={depositId}
            onChange={(event) => {
              setDepositId(Number(event.target.value));
              setAmount(null);
            }}
          >
            {deposits.map((deposit) => (
              <MenuItem key={deposit.depositId} value={deposit.depositId}>
                {t("use.option", { depositNo: deposit.depositNo, left: formatMoney(deposit.left) })}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label={t("use.amount")}
            value={wanted}
            onChange={(event) => setAmount(event.target.value)}
            error={Boolean(amountKey)}
            helperText={amountKey ? t(amountKey, { most }) : undefined}
            slotProps={{ htmlInput: { inputMode: "decimal", "data-testid": "use-deposit-amount" } }}
          />
          {apply.isError ? <Alert severity="error">{apply.error.message}</Alert> : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t("use.cancel")}</Button>
        <Button
          variant="contained"
          disabled={Boolean(amountKey) || apply.isPending}
          onClick={() => apply.mutate()}
          data-testid="use-deposit-confirm"
        >
          {t("use.confirm")}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
