import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import Link from "@mui/material/Link";
import List from "@mui/material/List";
import ListItem from "@mui/material/ListItem";
import ListItemText from "@mui/material/ListItemText";
import Stack from "@mui/material/Stack";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { receiptUrl, type OrderDetailPrice, type Tender } from "../../../api/till";
import { Facts, Section } from "../../../components/layout";
import { formatMoney } from "../../../lib/money";
import { sessionsFact } from "./tillRules";
import { ProviderEnded, WaitingForProvider } from "./ProviderTender";
import { SignaturePad } from "./SignaturePad";
import type { PaymentOutcome } from "./paymentRules";
import type { PaymentForm } from "./usePayment";

/** What the order owes: its status and totals, the discounts the server applied, and its lines. */
export function OrderOwedSection({ order }: { order: OrderDetailPrice }) {
  const { t } = useTranslation("till");
  return (
    <Section title={t("payment.order", { orderNo: order.orderNo })}>
      <Facts
        items={[
          [t("payment.status"), t(`orderStatus.${order.status}`, { defaultValue: order.status })],
          [t("totals.total"), formatMoney(order.total)],
          [t("totals.discount"), formatMoney(order.discount)],
          ...sessionsFact(order.sessionsValue, t("totals.sessionsValue")),
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
  );
}

/** The last payment's answer, then the provider tender waited for (its QR, polled) or how it ended. */
export function PaymentAnswer({ payment }: { payment: PaymentForm }) {
  const { t } = useTranslation("till");
  const { answer, waiting, providerRow } = payment;
  return (
    <>
      {answer ? (
        <Alert severity={answer.status === "paid" ? "success" : "info"} sx={{ mb: 2 }} role="status">
          <Stack spacing={0.5}>
            <span>
              {t("payment.answer", {
                status: t(`orderStatus.${answer.status}`),
                paid: formatMoney(answer.paid),
                due: formatMoney(answer.due),
              })}
            </span>
            {answer.change !== "0.00" ? (
              <strong data-testid="payment-change">
                {t("payment.change", { change: formatMoney(answer.change) })}
              </strong>
            ) : null}
            {answer.pending && answer.pending !== "0.00" ? (
              <span>{t("provider.pendingTotal", { pending: formatMoney(answer.pending) })}</span>
            ) : null}
          </Stack>
        </Alert>
      ) : null}
      {waiting ? (
        <WaitingForProvider key={waiting.tenderId} tender={waiting} onEnded={payment.providerEnded} />
      ) : providerRow ? (
        <ProviderEnded tender={providerRow} />
      ) : null}
    </>
  );
}

/** The member's signature, asked for before paying when the store requires one. */
export function SignatureSection({
  error,
  saving,
  onSave,
}: {
  error: Error | null;
  saving: boolean;
  onSave: (png: string) => void;
}) {
  const { t } = useTranslation("till");
  return (
    <Section title={t("signature.title")}>
      <Typography variant="body2" sx={{ mb: 1 }}>
        {t("signature.required")}
      </Typography>
      {error ? <Alert severity="error">{error.message}</Alert> : null}
      <SignaturePad saving={saving} onSave={onSave} />
    </Section>
  );
}

/** After the order is paid: the receipt and the slip to print, and where to go next. */
export function AfterPaymentSection({ orderId }: { orderId: number }) {
  const { t } = useTranslation("till");
  return (
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
  );
}

/** The tenders the member offers before they are sent, what is due, the change the cash gives back
 * and what is still due after the payment (by the server's rule, `paymentOutcome`). */
export function ConfirmPayment({
  open,
  tenders,
  due,
  outcome,
  busy,
  cardNo,
  onCancel,
  onConfirm,
}: {
  open: boolean;
  tenders: readonly Tender[];
  due: string;
  outcome: PaymentOutcome | null;
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
        {outcome && outcome.cash !== null ? (
          <Typography sx={{ fontWeight: 600 }} data-testid="confirm-change">
            {t("confirm.change", { change: formatMoney(outcome.change) })}
          </Typography>
        ) : null}
        {outcome && outcome.left !== "0.00" ? (
          <Typography>{t("confirm.left", { left: formatMoney(outcome.left) })}</Typography>
        ) : null}
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
