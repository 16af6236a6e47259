import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import MenuItem from "@mui/material/MenuItem";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../../api/client";
import {
  cancelTender,
  isDeviceMethod,
  refreshQr,
  tillKeys,
  useTenderStatus,
  useTerminals,
  type Payment,
  type PaymentTender,
  type ProviderMethod,
} from "../../../api/till";
import { formatMoney } from "../../../lib/money";

export interface ProviderForm {
  method: ProviderMethod | "";
  amount: string;
  /** The customer's payment code (wechat, alipay): the scanner types its digits and Enter. Empty: a QR. */
  authCode: string;
  terminalId: string;
}

export const NO_PROVIDER: ProviderForm = { method: "", amount: "", authCode: "", terminalId: "" };

/** The provider tender the form holds, as pay/excute reads it. */
export function providerTender(form: ProviderForm) {
  if (form.method === "" || !form.amount.trim()) return null;
  const tender: { method: ProviderMethod; amount: string; authCode?: string; terminalId?: string } = {
    method: form.method,
    amount: form.amount.trim(),
  };
  if (!isDeviceMethod(form.method) && form.authCode.trim()) tender.authCode = form.authCode.trim();
  if (isDeviceMethod(form.method) && form.terminalId) tender.terminalId = form.terminalId;
  return tender;
}

/** The pending provider tender of a payment's answer, if any (the one the page waits for). */
export function pendingProviderTender(tenders: readonly PaymentTender[]): PaymentTender | null {
  return [...tenders].reverse().find((tender) => tender.status === "pending" && tender.method !== "cash") ?? null;
}

export function errorText(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  return error ? String(error) : "";
}

/** WeChat Pay, Alipay, the card terminal or the payment box as a tender: the amount, then the scanned
 * code (or none for a QR the customer scans), or the terminal (box) that takes the card (reads the
 * customer's code). Enter in the code field pays. */
export function ProviderFields({
  form,
  onChange,
  onScanned,
}: {
  form: ProviderForm;
  onChange: (form: ProviderForm) => void;
  onScanned: () => void;
}) {
  const { t } = useTranslation("till");
  const device = isDeviceMethod(form.method) ? form.method : null;
  const terminals = useTerminals(device !== null, device ?? "pos");
  const set = <K extends keyof ProviderForm>(key: K, value: ProviderForm[K]) => onChange({ ...form, [key]: value });
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={2}>
        <TextField
          select
          label={t("provider.method")}
          value={form.method}
          onChange={(event) => onChange({ ...NO_PROVIDER, method: event.target.value as ProviderMethod | "" })}
          sx={{ minWidth: 200 }}
        >
          <MenuItem value="">{t("provider.none")}</MenuItem>
          <MenuItem value="wechat">{t("tender.wechat")}</MenuItem>
          <MenuItem value="alipay">{t("tender.alipay")}</MenuItem>
          <MenuItem value="pos">{t("tender.pos")}</MenuItem>
          <MenuItem value="box">{t("tender.box")}</MenuItem>
        </TextField>
        <TextField
          label={t("provider.amount")}
          value={form.amount}
          disabled={form.method === ""}
          onChange={(event) => set("amount", event.target.value)}
          slotProps={{ htmlInput: { inputMode: "decimal" } }}
        />
      </Stack>
      {form.method === "wechat" || form.method === "alipay" ? (
        <TextField
          label={t("provider.authCode")}
          value={form.authCode}
          onChange={(event) => set("authCode", event.target.value.replace(/\D/g, ""))}
          onKeyDown={(event) => {
            if (event.key === "Enter" && form.authCode.trim() && form.amount.trim()) {
              event.preventDefault();
              onScanned();
            }
          }}
          helperText={t("provider.authCodeHelp")}
          slotProps={{ htmlInput: { inputMode: "numeric", autoComplete: "off" } }}
        />
      ) : null}
      {device !== null ? (
        <>
          <TextField
            select
            label={t(device === "box" ? "provider.box" : "provider.terminal")}
            value={form.terminalId}
            onChange={(event) => set("terminalId", event.target.value)}
            helperText={t(device === "box" ? "provider.boxHelp" : "provider.terminalHelp")}
          >
            <MenuItem value="">{t(device === "box" ? "provider.defaultBox" : "provider.defaultTerminal")}</MenuItem>
            {(terminals.data ?? []).map((terminal) => (
              <MenuItem key={terminal.terminalId} value={terminal.terminalId} disabled={!terminal.online}>
                {terminal.online
                  ? t("provider.terminalOption", { name: terminal.name, terminalId: terminal.terminalId })
                  : t("provider.terminalOffline", { name: terminal.name, terminalId: terminal.terminalId })}
              </MenuItem>
            ))}
          </TextField>
          {terminals.isError ? <Alert severity="error">{errorText(terminals.error)}</Alert> : null}
        </>
      ) : null}
    </Stack>
  );
}

/** Whether `expiresAt` (ISO) has passed: re-rendered when it does. */
export function useExpired(expiresAt: string | null | undefined): boolean {
  const at = expiresAt ? Date.parse(expiresAt) : Number.NaN;
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (Number.isNaN(at) || at <= now) return undefined;
    const timer = window.setTimeout(() => setNow(Date.now()), Math.min(at - now + 50, 2_147_000_000));
    return () => window.clearTimeout(timer);
  }, [at, now]);
  return !Number.isNaN(at) && at <= now;
}

/** A pending provider tender: the QR the customer scans (drawn by the server; past its expiry, "QR
 * expired — refresh"), or "waiting for the customer" (the card terminal, the payment box); asked
 * again every 2 s; the cashier may close it. Ends with the provider's word. */
export function WaitingForProvider({
  tender,
  onEnded,
}: {
  tender: PaymentTender;
  onEnded: (tender: PaymentTender, order: Payment | null) => void;
}) {
  const { t } = useTranslation("till");
  const queryClient = useQueryClient();
  const status = useTenderStatus(tender.tenderId);
  const current = status.data?.tender ?? tender;
  const endedStatus = current.status;
  useEffect(() => {
    if (endedStatus !== "pending") onEnded(current, status.data?.order ?? null);
    // Once, when the provider's word arrives.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [endedStatus]);
  const close = useMutation({
    mutationFn: () => cancelTender(tender.tenderId),
    onSuccess: (answer) => queryClient.setQueryData([...tillKeys.all, "tenderStatus", tender.tenderId], answer),
  });
  const refresh = useMutation({
    mutationFn: () => refreshQr(tender.tenderId),
    onSuccess: (answer) => queryClient.setQueryData([...tillKeys.all, "tenderStatus", tender.tenderId], answer),
  });
  const expired = useExpired(current.mode === "qr" ? current.expiresAt : null);
  if (current.status !== "pending") {
    return <ProviderEnded tender={current} />;
  }
  return (
    <Stack role="status" aria-live="polite" spacing={1} sx={{ mb: 2 }}>
      <Typography variant="h6">
        {t("provider.waiting", { method: t(`tender.${current.method}`), amount: formatMoney(current.amount) })}
      </Typography>
      {current.qrImage && expired ? (
        <Alert
          severity="warning"
          action={
            <Button color="inherit" size="small" disabled={refresh.isPending} onClick={() => refresh.mutate()}>
              {t("provider.refreshQr")}
            </Button>
          }
        >
          {t("provider.qrExpired")}
        </Alert>
      ) : current.qrImage ? (
        <>
          <Box sx={{ lineHeight: 0 }}>
            <img src={current.qrImage} alt={t("provider.qrAlt")} width={220} height={220} />
          </Box>
          <Typography variant="body2" color="text.secondary">
            {t("provider.qrHelp")}
          </Typography>
        </>
      ) : (
        <Typography variant="body2" color="text.secondary">
          {current.method === "pos"
            ? t("provider.terminalWaiting")
            : current.method === "box"
              ? t("provider.boxWaiting", { box: current.terminalId || t("provider.defaultBox") })
              : t("provider.customerConfirming")}
        </Typography>
      )}
      {status.isError ? <Alert severity="error">{errorText(status.error)}</Alert> : null}
      {close.isError ? <Alert severity="error">{errorText(close.error)}</Alert> : null}
      {refresh.isError ? <Alert severity="error">{errorText(refresh.error)}</Alert> : null}
      <Stack direction="row" spacing={1}>
        <Button variant="outlined" color="warning" disabled={close.isPending} onClick={() => close.mutate()}>
          {t("provider.close")}
        </Button>
        {current.qrImage && !expired ? (
          <Button variant="text" disabled={refresh.isPending} onClick={() => refresh.mutate()}>
            {t("provider.newQr")}
          </Button>
        ) : null}
      </Stack>
    </Stack>
  );
}

/** How a provider tender ended: paid, or declined with the provider's reason. */
export function ProviderEnded({ tender }: { tender: PaymentTender }) {
  const { t } = useTranslation("till");
  const method =
    tender.method === "box" && (tender.message === "wechat" || tender.message === "alipay")
      ? t("provider.boxPaidWith", { wallet: t(`tender.${tender.message}`) })
      : t(`tender.${tender.method}`);
  if (tender.status === "succeeded") {
    return (
      <Alert severity="success" sx={{ mb: 2 }} role="status">
        {t("provider.succeeded", { method, amount: formatMoney(tender.amount) })}
      </Alert>
    );
  }
  return (
    <Alert severity="error" sx={{ mb: 2 }} role="alert">
      {t("provider.failed", { method, amount: formatMoney(tender.amount), reason: tender.message || "—" })}
    </Alert>
  );
}
