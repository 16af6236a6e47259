import PrintIcon from "@mui/icons-material/Print";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Link from "@mui/material/Link";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { cancellable, paymentHref, takesPayment, type OrderDetail } from "../../../api/bills";
import { BTN_REFUND, refundable, returnHref } from "../../../api/refunds";
import { hasButtonCode } from "../../../api/session";
import { OrderStatusChip } from "../../../components/billing/orders";
import { Facts, Section } from "../../../components/layout";
import { storeDateTime } from "../../../lib/dates";
import { NS } from "./parts";
import { useReceiptPrint } from "./useReceiptPrint";

const accountHref = (memId: number) => `/personalAccount?memId=${memId}`;

/** The order's head: its number and status, what can be done with it (print the receipt, cancel an
 * unpaid order, take the rest of the payment, refund with the refund role), and who, when, by whom. */
export function OrderHeadSection({
  order,
  navigate,
  openReceipt,
  onCancel,
}: {
  order: OrderDetail;
  navigate: (url: string) => void;
  openReceipt: (url: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation(NS);
  const dash = t("dash");
  const [canRefund] = useState(() => hasButtonCode(BTN_REFUND));
  const { printing, print } = useReceiptPrint(order.orderId, openReceipt);
  return (
    <Section title={t("details.head")}>
      <Stack direction="row" spacing={1} sx={{ alignItems: "center", mb: 2, flexWrap: "wrap", rowGap: 1 }}>
        <Typography variant="h6" component="p">
          {order.orderNo}
        </Typography>
        <OrderStatusChip
          status={order.status}
          label={order.statusName}
          refundStatus={order.refundStatus}
          refundLabel={order.refundStatusName}
        />
        <Box sx={{ flexGrow: 1 }} />
        <Button variant="outlined" startIcon={<PrintIcon />} disabled={printing} onClick={() => void print()}>
          {t("details.print")}
        </Button>
        {cancellable(order) ? (
          <Button variant="outlined" color="error" onClick={onCancel}>
            {t("details.cancel")}
          </Button>
        ) : null}
        {takesPayment(order) ? (
          <Button variant="contained" onClick={() => navigate(paymentHref(order.orderId))}>
            {t("details.pay")}
          </Button>
        ) : null}
        {canRefund && refundable(order) ? (
          <Button variant="outlined" color="error" onClick={() => navigate(returnHref(order.orderId))}>
            {t("refunds:order.refund")}
          </Button>
        ) : null}
      </Stack>
      <Facts
        items={[
          [
            t("fields.customer"),
            order.memId !== null ? (
              <Link href={accountHref(order.memId)} underline="hover">
                {order.name}
              </Link>
            ) : (
              `${order.name} (${t("walkIn")})`
            ),
          ],
          [t("fields.phone"), order.phone || dash],
          [t("details.businessDate"), order.businessDate],
          [t("fields.createdAt"), storeDateTime(order.createdAt)],
          [t("details.paidAt"), storeDateTime(order.paidAt) || dash],
          [t("fields.operator"), order.operatorName || dash],
          [t("details.remark"), order.remark || dash],
        ]}
      />
    </Section>
  );
}
