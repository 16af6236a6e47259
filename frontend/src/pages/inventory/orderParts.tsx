/** Pieces of the goods-order detail pages: the order's facts, its lines, a command with its
 * confirmation. */
import Button from "@mui/material/Button";
import Link from "@mui/material/Link";
import Paper from "@mui/material/Paper";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableContainer from "@mui/material/TableContainer";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import TextField from "@mui/material/TextField";
import { useQueryClient } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { productPageHref, stockKeys, type GoodsOrderDetail } from "../../api/goodsIn";
import { Facts, Section } from "../../components/layout";
import { storeDateTime } from "../../lib/dates";
import { formatMoney } from "../../lib/money";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { notify } from "../../lib/notices";
import { NS, OrderStatusChip, PaymentChip, failureText } from "./parts";

export function OrderFacts({ order }: { order: GoodsOrderDetail }) {
  const { t } = useTranslation(NS);
  const when = (value: string | null | undefined) => (value ? storeDateTime(value) : t("dash"));
  return (
    <Section title={t("order.title", { number: order.number })}>
      <Facts
        items={[
          [t("fields.store"), order.storeName],
          [t("fields.status"), <OrderStatusChip key="status" status={order.status} />],
          [t("fields.payment"), <PaymentChip key="payment" status={order.paymentStatus} />],
          [t("fields.amount"), formatMoney(order.amount)],
          [t("fields.createdAt"), `${when(order.createdAt)} ${order.createdByName}`],
          [t("status.submitted"), when(order.submittedAt)],
          [t("status.confirmed"), `${when(order.confirmedAt)} ${order.confirmedByName}`],
          [t("status.shipped"), `${when(order.shippedAt)} ${order.shippedByName}`],
          [t("status.received"), `${when(order.receivedAt)} ${order.receivedByName}`],
          [t("fields.remark"), order.cancelReason || order.remark || t("dash")],
        ]}
      />
    </Section>
  );
}

/** The order's lines; `confirming` makes the confirmed quantities editable (head office). */
export function OrderLinesTable({
  order,
  confirming,
  onConfirmed,
}: {
  order: GoodsOrderDetail;
  confirming?: Record<number, string>;
  onConfirmed?: (lineId: number, quantity: string) => void;
}) {
  const { t } = useTranslation(NS);
  return (
    <TableContainer component={Paper} variant="outlined" sx={{ mb: 2 }}>
      <Table size="small" aria-label={t("order.cart")}>
        <TableHead>
          <TableRow>
            <TableCell>{t("fields.product")}</TableCell>
            <TableCell>{t("fields.barcode")}</TableCell>
            <TableCell>{t("fields.units")}</TableCell>
            <TableCell align="right">{t("fields.suggested")}</TableCell>
            <TableCell align="right">{t("fields.ordered")}</TableCell>
            <TableCell align="right">{t("fields.confirmed")}</TableCell>
            <TableCell align="right">{t("fields.shipped")}</TableCell>
            <TableCell align="right">{t("fields.supplyPrice")}</TableCell>
            <TableCell align="right">{t("fields.amount")}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {order.lines.map((line) => (
            <TableRow key={line.lineId} data-testid={`order-line-${line.productId}`}>
              <TableCell>
                <Link href={productPageHref(line.productId, line.useType)} underline="hover">
                  {`${line.code} ${line.name}`}
                </Link>
              </TableCell>
              <TableCell>{line.barcode}</TableCell>
              <TableCell>{`${line.unit} / ${line.usePerUnit} ${line.useUnit}`}</TableCell>
              <TableCell align="right">{line.suggested}</TableCell>
              <TableCell align="right">{line.quantity}</TableCell>
              <TableCell align="right">
                {confirming && onConfirmed ? (
                  <TextField
                    size="small"
                    sx={{ width: 100 }}
                    value={confirming[line.lineId] ?? line.quantity}
                    slotProps={{
                      htmlInput: { "aria-label": `${t("fields.confirmed")} ${line.name}`, inputMode: "decimal" },
                    }}
                    onChange={(event) => onConfirmed(line.lineId, event.target.value.slice(0, 14))}
                  />
                ) : (
                  (line.confirmedQuantity ?? t("dash"))
                )}
              </TableCell>
              <TableCell align="right">{line.shippedQuantity ?? t("dash")}</TableCell>
              <TableCell align="right">{formatMoney(line.unitPrice)}</TableCell>
              <TableCell align="right">{formatMoney(line.amount)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** A button that asks first, then runs a command and refreshes the order. */
export function CommandButton({
  label,
  title,
  message,
  run,
  variant = "contained",
  color,
  children,
}: {
  label: string;
  title: string;
  message: string;
  run: () => Promise<unknown>;
  variant?: "contained" | "outlined";
  color?: "error" | "primary";
  children?: ReactNode;
}) {
  const { t } = useTranslation(NS);
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const go = async () => {
    setBusy(true);
    try {
      await run();
      notify("success", t("order.done"));
      await queryClient.invalidateQueries({ queryKey: stockKeys.all });
    } catch (error) {
      notify("error", failureText(error, t("export.failed")), { durationMs: 4000 });
    } finally {
      setBusy(false);
      setOpen(false);
    }
  };
  return (
    <>
      <Button variant={variant} color={color} onClick={() => setOpen(true)} disabled={busy}>
        {label}
      </Button>
      <ConfirmDialog
        open={open}
        title={title}
        message={message}
        busy={busy}
        onConfirm={() => void go()}
        onCancel={() => setOpen(false)}
      />
      {children}
    </>
  );
}
