import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Link,
  List,
  ListItem,
  ListItemText,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from "@mui/material";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { useAccountInfo } from "../../api/booking";
import { ApiError, newIdempotencyKey } from "../../api/client";
import {
  PROVIDER_METHODS,
  payOrder,
  receiptUrl,
  saveSignature,
  tillKeys,
  useOrderMember,
  useOrderPrice,
  useSignStatus,
  type Payment,
  type PaymentTender,
  type Tender,
} from "../../api/till";
import { DetailError, Loading } from "../../components/feedback";
import { Facts, PageFrame, Section } from "../../components/layout";
import { mountIsland } from "../../islands/mount";
import { centsToText, formatMoney, toCents } from "../../lib/money";
import {
  NO_PROVIDER,
  ProviderEnded,
  ProviderFields,
  WaitingForProvider,
  pendingProviderTender,
  providerTender,
  type ProviderForm,
} from "./ProviderTender";
import { SignaturePad } from "./SignaturePad";
import { UseDeposit } from "./UseDeposit";
import { changeShown, storedValueCards } from "./tillRules";
import { cardKeys, useMemberCards } from "../../api/cards";

/** Not idFromSearch: this reads a leading number as parseInt does ("12abc" → 12, "1.5" → 1), which that
 * refuses; kept until it is known that nothing links to the till with such an address. */
function idFrom(search: string, name: string): number | null {
  const raw = new URLSearchParams(search).get(name);
  const id = raw ? Number.parseInt(raw, 10) : NaN;
  return Number.isFinite(id) && id > 0 ? id : null;
}

interface TenderForm {
  cash: string;
  cardId: number | "";
  storedValue: string;
  points: string;
}

const EMPTY: TenderForm = { cash: "", cardId: "", storedValue: "", points: "" };

/** The tenders the form holds, in the order the server takes them: cash pays what is left after the others. */
function tendersOf(form: TenderForm, provider: ProviderForm): Tender[] {
  const tenders: Tender[] = [];
  const viaProvider = providerTender(provider);
  if (viaProvider) tenders.push(viaProvider);
  if (form.storedValue.trim() && form.cardId !== "") {
    tenders.push({ method: "storedValue", amount: form.storedValue.trim(), cardId: form.cardId });
  }
  if (form.points.trim()) tenders.push({ method: "points", amount: form.points.trim() });
  if (form.cash.trim()) tenders.push({ method: "cash", amount: form.cash.trim() });
  return tenders;
}

/** The sum of the non-cash tenders as typed, for the change shown beside the cash field only. */
function othersTyped(form: TenderForm, provider: ProviderForm): string {
  const cents = [form.storedValue, form.points, provider.method ? provider.amount : ""]
    .map((text) => (/^\d+(?:\.\d{1,2})?$/.test(text.trim()) ? toCents(text) : 0))
    .reduce((sum, part) => sum + part, 0);
  return centsToText(cents);
}

/** /payment (ERP-KDJC-PAG-0003-0000, 收款): what the order owes, the tenders (cash, stored value,
 * points, WeChat Pay, Alipay, the card terminal), the member's signature when the store asks for one,
 * the wait for a provider (its QR, polled every 2 s, closable), and the receipt once paid. */
export function PaymentPage() {
  const { t } = useTranslation("till");
  const [orderId] = useState(() => idFrom(window.location.search, "orderId"));
  const [memIdGiven] = useState(() => idFrom(window.location.search, "memId"));
  const orderMember = useOrderMember(orderId, memIdGiven === null);
  const memId = memIdGiven ?? orderMember.data ?? null;
  const price = useOrderPrice(orderId);
  const sign = useSignStatus(orderId);
  const cards = useMemberCards(memId);
  const account = useAccountInfo(memId);
  const queryClient = useQueryClient();
  const [form, setForm] = useState<TenderForm>(EMPTY);
  const [provider, setProvider] = useState<ProviderForm>(NO_PROVIDER);
  // The provider tender of the last payment: waited for while pending, then its end is shown.
  const [providerRow, setProviderRow] = useState<PaymentTender | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [answer, setAnswer] = useState<Payment | null>(null);
  // One key per submitted set of tenders; a retry of the same set reuses it (the server pays once).
  const [submission, setSubmission] = useState<{ key: string; body: string } | null>(null);

  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: tillKeys.all });
    void queryClient.invalidateQueries({ queryKey: cardKeys.all }); // the balances the payment spent
  };
  const pay = useMutation({
    mutationFn: ({ tenders, key }: { tenders: Tender[]; key: string }) => payOrder(orderId ?? 0, tenders, key),
    onSuccess: (payment, { tenders: sent }) => {
      setAnswer(payment);
      setConfirming(false);
      setForm(EMPTY);
      setProvider(NO_PROVIDER);
      const asked = sent.some(
        (tender) => tender.method !== "cash" && tender.method !== "storedValue" && tender.method !== "points",
      );
      const rows = payment.tenders.filter((tender) => (PROVIDER_METHODS as readonly string[]).includes(tender.method));
      setProviderRow(asked ? (pendingProviderTender(payment.tenders) ?? rows[rows.length - 1] ?? null) : null);
      setSubmission(null);
      refresh();
    },
    onError: () => setConfirming(false),
  });
  const signature = useMutation({
    mutationFn: (png: string) => saveSignature(orderId ?? 0, png),
    onSuccess: (status) => queryClient.setQueryData(tillKeys.signStatus(orderId ?? 0), status),
  });

  if (orderId === null) {
    return (
      <PageFrame title={t("payment.title")}>
        <Alert severity="warning">{t("payment.noOrder")}</Alert>
      </PageFrame>
    );
  }
  if (price.isPending) return <Loading />;
  if (price.isError) return <DetailError message={price.error.message} onRetry={() => void price.refetch()} />;

  const order = price.data;
  const tenders = tendersOf(form, provider);
  const waiting = providerRow?.status === "pending" ? providerRow : null;
  const settled = order.status === "paid" || order.status === "cancelled";
  const needsSignature = Boolean(sign.data?.required && !sign.data.signed);
  // An intention deposit's own order is paid in money only (cash or a provider), never from what the member holds.
  const depositOrder = order.lines.some((line) => line.type === "deposit");
  const usableCards = storedValueCards(cards.data ?? []);
  const chosenCard = usableCards.find((card) => card.cardId === form.cardId);
  const change = form.cash.trim() ? changeShown(form.cash, order.due, othersTyped(form, provider)) : null;
  const nothingDue = order.due === "0.00";
  const refusal = pay.error instanceof ApiError ? pay.error.message : pay.error ? String(pay.error) : "";
  const set = <K extends keyof TenderForm>(key: K, value: TenderForm[K]) =>
    setForm((previous) => ({ ...previous, [key]: value }));

  const submit = () => {
    if (needsSignature || pay.isPending || waiting !== null) return;
    const body = JSON.stringify(tenders);
    const key = submission?.body === body ? submission.key : newIdempotencyKey();
    setSubmission({ key, body });
    pay.mutate({ tenders, key });
  };

  return (
    <PageFrame title={t("payment.title")} wide>
      <Section title={t("payment.order", { orderNo: order.orderNo })}>
        <Facts
          items={[
            [t("payment.status"), t(`orderStatus.${order.status}`, { defaultValue: order.status })],
            [t("totals.total"), formatMoney(order.total)],
            [t("totals.discount"), formatMoney(order.discount)],
            [t("totals.payable"), formatMoney(order.payable)],
            [t("totals.paid"), formatMoney(order.paid)],
            [t("totals.due"), formatMoney(order.due)],
          ]}
        />
        {order.discounts.map((discount) => (
          <Typography key={`${discount.source}-${discount.name}`} variant="body2" color="success.main">
            {t("line.discount", {
              name: discount.name || t(`source.${discount.source}`),
              amount: formatMoney(discount.amount),
            })}
          </Typography>
        ))}
        <Table size="small" aria-label={t("account.lines")} sx={{ mt: 2 }}>
          <TableHead>
            <TableRow>
              <TableCell>{t("line.item")}</TableCell>
              <TableCell>{t("line.qty")}</TableCell>
              <TableCell align="right">{t("line.unitPrice")}</TableCell>
              <TableCell align="right">{t("totals.discount")}</TableCell>
              <TableCell align="right">{t("line.amount")}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {order.lines.map((line) => (
              <TableRow key={line.orderLineId}>
                <TableCell>{line.name}</TableCell>
                <TableCell>{line.qty}</TableCell>
                <TableCell align="right">{formatMoney(line.unitPrice)}</TableCell>
                <TableCell align="right">{formatMoney(line.discount)}</TableCell>
                <TableCell align="right">{formatMoney(line.amount)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Section>

      {answer ? (
        <Alert severity={answer.status === "paid" ? "success" : "info"} sx={{ mb: 2 }} role="status">
          {t("payment.answer", {
            status: t(`orderStatus.${answer.status}`),
            paid: formatMoney(answer.paid),
            due: formatMoney(answer.due),
            change: formatMoney(answer.change),
          })}
          {answer.pending && answer.pending !== "0.00"
            ? ` ${t("provider.pendingTotal", { pending: formatMoney(answer.pending) })}`
            : ""}
        </Alert>
      ) : null}
      {waiting ? (
        <WaitingForProvider
          key={waiting.tenderId}
          tender={waiting}
          onEnded={(ended, now) => {
            setProviderRow(ended);
            if (now) setAnswer((before) => ({ ...now, change: before?.change ?? now.change }));
            refresh();
          }}
        />
      ) : providerRow ? (
        <ProviderEnded tender={providerRow} />
      ) : null}

      {needsSignature && !settled ? (
        <Section title={t("signature.title")}>
          <Typography variant="body2" sx={{ mb: 1 }}>
            {t("signature.required")}
          </Typography>
          {signature.error ? <Alert severity="error">{signature.error.message}</Alert> : null}
          <SignaturePad saving={signature.isPending} onSave={(png) => signature.mutate(png)} />
        </Section>
      ) : null}
      {sign.data?.required && sign.data.signed && !settled ? (
        <Alert severity="success" sx={{ mb: 2 }}>
          {t("signature.signed")}
        </Alert>
      ) : null}

      {!settled && memId !== null && !depositOrder ? (
        <UseDeposit
          orderId={orderId}
          memId={memId}
          due={order.due}
          onPaid={(payment) => {
            setAnswer(payment);
            refresh();
          }}
        />
      ) : null}
      {!settled ? (
        <Section title={t("payment.tenders")}>
          <Stack spacing={2} sx={{ maxWidth: 520 }}>
            <TextField
              label={t("tender.cash")}
              value={form.cash}
              onChange={(event) => set("cash", event.target.value)}
              helperText={
                change !== null ? t("tender.changeShown", { change: formatMoney(change) }) : t("tender.cashHelp")
              }
              slotProps={{ htmlInput: { inputMode: "decimal" } }}
            />
            {memId !== null && !depositOrder ? (
              <>
                <Stack direction="row" spacing={2}>
                  <TextField
                    select
                    label={t("tender.card")}
                    value={form.cardId}
                    onChange={(event) => set("cardId", Number(event.target.value))}
                    sx={{ minWidth: 260 }}
                    helperText={chosenCard ? t("tender.balance", { balance: formatMoney(chosenCard.balance) }) : ""}
                  >
                    {usableCards.map((card) => (
                      <MenuItem key={card.cardId} value={card.cardId}>
                        {t("cards.option", {
                          cardNo: card.cardNo,
                          name: card.name,
                          balance: formatMoney(card.balance),
                        })}
                      </MenuItem>
                    ))}
                  </TextField>
                  <TextField
                    label={t("tender.storedValue")}
                    value={form.storedValue}
                    disabled={form.cardId === ""}
                    onChange={(event) => set("storedValue", event.target.value)}
                    slotProps={{ htmlInput: { inputMode: "decimal" } }}
                  />
                </Stack>
                <TextField
                  label={t("tender.points")}
                  value={form.points}
                  onChange={(event) => set("points", event.target.value)}
                  helperText={account.data ? t("tender.pointsHeld", { points: account.data.points }) : ""}
                  slotProps={{ htmlInput: { inputMode: "decimal" } }}
                />
              </>
            ) : depositOrder ? null : (
              <Typography variant="body2" color="text.secondary">
                {t("tender.walkInCash")}
              </Typography>
            )}
            <ProviderFields form={provider} onChange={setProvider} onScanned={submit} />
            {refusal ? <Alert severity="error">{refusal}</Alert> : null}
            <Button
              variant="contained"
              disabled={needsSignature || pay.isPending || waiting !== null || (tenders.length === 0 && !nothingDue)}
              onClick={() => setConfirming(true)}
            >
              {t("payment.pay")}
            </Button>
          </Stack>
        </Section>
      ) : null}

      {order.status === "paid" || answer?.status === "paid" ? (
        <Section title={t("payment.after")}>
          <Stack direction="row" spacing={2} sx={{ flexWrap: "wrap", alignItems: "center" }}>
            <Button variant="contained" onClick={() => window.open(receiptUrl(orderId, true), "_blank", "noopener")}>
              {t("payment.printReceipt")}
            </Button>
            <Button variant="outlined" onClick={() => window.open(receiptUrl(orderId, false), "_blank", "noopener")}>
              {t("payment.printSlip")}
            </Button>
            <Link href={`/orderDetails?orderId=${orderId}`}>{t("payment.details")}</Link>
            <Link href="/orderBoard">{t("payment.board")}</Link>
          </Stack>
        </Section>
      ) : null}

      <ConfirmPayment
        open={confirming}
        tenders={tenders}
        due={order.due}
        busy={pay.isPending}
        cardNo={chosenCard?.cardNo ?? ""}
        onCancel={() => setConfirming(false)}
        onConfirm={submit}
      />
    </PageFrame>
  );
}

function ConfirmPayment({
  open,
  tenders,
  due,
  busy,
  cardNo,
  onCancel,
  onConfirm,
}: {
  open: boolean;
  tenders: readonly Tender[];
  due: string;
  busy: boolean;
  cardNo: string;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation("till");
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onCancel} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{t("confirm.title")}</DialogTitle>
      <DialogContent>
        <Typography>{t("confirm.due", { due: formatMoney(due) })}</Typography>
        <List dense>
          {tenders.length === 0 ? (
            <ListItem>
              <ListItemText primary={t("confirm.noTender")} />
            </ListItem>
          ) : null}
          {tenders.map((tender) => (
            <ListItem key={tender.method}>
              <ListItemText
                primary={`${t(`tender.${tender.method}`)}: ${formatMoney(tender.amount)}`}
                secondary={tender.method === "storedValue" ? cardNo : null}
              />
            </ListItem>
          ))}
        </List>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{t("cancel")}</Button>
        <Button variant="contained" disabled={busy} onClick={onConfirm}>
          {t("confirm.pay")}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

mountIsland(<PaymentPage />);
