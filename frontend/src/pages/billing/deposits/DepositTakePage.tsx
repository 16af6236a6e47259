import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { newIdempotencyKey } from "../../../api/client";
import { amountError, depositKeys, payHref, takeDeposit } from "../../../api/deposits";
import type { MemberRow } from "../../../api/members";
import { LimitedTextField } from "../../../components/LimitedTextField";
import { PageFrame, Section } from "../../../components/layout";
import { MemberPicker } from "../../../components/members/MemberPicker";
import { mountIsland } from "../../../islands/mount";
import { notify } from "../../../lib/notices";
import { DEPOSITS_NS, DepositLinks } from "./depositParts";

const DEPOSIT_MAX = "100000.00";

interface DepositTakePageProps {
  navigate?: (url: string) => void;
}

/** /payIntentionMent: takes a member's intention deposit. The server makes it an order of its own
 * (one deposit line) and the cashier pays it on the payment page with the till's tenders (cash,
 * WeChat Pay, Alipay, the card terminal); the deposit is the member's once that order is paid. */
export function DepositTakePage({ navigate = (url) => window.location.assign(url) }: DepositTakePageProps) {
  const { t } = useTranslation(DEPOSITS_NS);
  const queryClient = useQueryClient();
  const [member, setMember] = useState<MemberRow | null>(null);
  const [amount, setAmount] = useState("");
  const [remark, setRemark] = useState("");
  const [tried, setTried] = useState(false);
  // One key per filled form: a double click or a retry takes one deposit.
  const [key, setKey] = useState(newIdempotencyKey);
  const amountKey = amountError(amount, DEPOSIT_MAX);
  const take = useMutation({
    mutationFn: () => takeDeposit({ memId: member?.memId ?? 0, amount: amount.trim(), remark: remark.trim() }, key),
    onSuccess: (taken) => {
      notify("success", t("take.done", { depositNo: taken.deposit.depositNo }));
      void queryClient.invalidateQueries({ queryKey: depositKeys.all });
      navigate(payHref(taken.orderId));
    },
  });
  const submit = () => {
    setTried(true);
    if (member === null || amountKey) return;
    take.mutate();
  };
  const changed =
    <T,>(setter: (value: T) => void) =>
    (value: T) => {
      setter(value);
      setKey(newIdempotencyKey());
    };
  return (
    <PageFrame title={t("take.title")}>
      <DepositLinks />
      <Section title={t("take.title")}>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t("take.explain")}
        </Typography>
        <Stack spacing={2} sx={{ maxWidth: 520 }}>
          <Stack direction="row" spacing={2} sx={{ alignItems: "center" }}>
            <Typography>{t("take.member")}</Typography>
            <MemberPicker member={member} onChange={changed(setMember)} chooseLabel={t("take.chooseMember")} />
          </Stack>
          {tried && member === null ? <Alert severity="warning">{t("take.noMember")}</Alert> : null}
          <TextField
            label={t("take.amount")}
            value={amount}
            onChange={(event) => changed(setAmount)(event.target.value)}
            error={tried && Boolean(amountKey)}
            helperText={tried && amountKey ? t(amountKey, { most: DEPOSIT_MAX }) : undefined}
            slotProps={{ htmlInput: { inputMode: "decimal", "data-testid": "deposit-amount" } }}
          />
          <LimitedTextField
            maxChars={200}
            label={t("take.remark")}
            value={remark}
            onChange={(event) => changed(setRemark)(event.target.value)}
          />
          {take.isError ? <Alert severity="error">{take.error.message}</Alert> : null}
          <Button variant="contained" disabled={take.isPending} onClick={submit} data-testid="deposit-take">
            {t("take.submit")}
          </Button>
        </Stack>
      </Section>
    </PageFrame>
  );
}

mountIsland(<DepositTakePage />);
