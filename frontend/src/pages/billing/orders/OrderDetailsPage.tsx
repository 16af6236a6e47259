import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { billKeys, cancelOrder, useOrder, type OrderDetail } from "../../../api/bills";
import { newIdempotencyKey } from "../../../api/client";
import { mountIsland } from "../../../islands/mount";
import { idFromSearch } from "../../../lib/address";
import { OrderHeadSection } from "./orderHeadSection";
import {
  DrawnSessionsSection,
  OrderLinesSection,
  RefundsSection,
  SignatureSection,
  TendersSection,
  TotalsSection,
} from "./orderDetailSections";
import { NS } from "./parts";
import { DetailPage } from "../../../components/DetailPage";
import { OrderEvaluationPanel } from "../../../components/evaluations/OrderEvaluationPanel";

const LIST_ROUTE = "/billingList";

interface OrderDetailsPageProps {
  search?: string;
  navigate?: (url: string) => void;
  /** Shows the receipt (an HTML page) in a tab of its own. */
  openReceipt?: (url: string) => void;
}

/** /orderDetails?orderId= (ERP-KDJC-PAG-0006-0000): one order's head, lines with their discounts and
 * staff, tenders, the package sessions it drew, the member's signature, the totals and the member's
 * evaluation (or its link and QR code); print the receipt, cancel an unpaid order, or take the rest of the payment. */
export function OrderDetailsPage({
  search = window.location.search,
  navigate = (url) => window.location.assign(url),
  openReceipt = (url) => void window.open(url, "_blank", "noopener"),
}: OrderDetailsPageProps) {
  const { t } = useTranslation(NS);
  const [orderId] = useState(() => idFromSearch(search, "orderId"));
  const order = useOrder(orderId);
  return (
    <DetailPage
      wide
      title={t("details.title")}
      backHref={LIST_ROUTE}
      backLabel={t("details.back")}
      id={orderId}
      detail={order}
      missingId={t("details.missingId")}
      notFound={t("details.notFound")}
    >
      {(found) => <OrderView order={found} navigate={navigate} openReceipt={openReceipt} />}
    </DetailPage>
  );
}

function OrderView({
  order,
  navigate,
  openReceipt,
}: {
  order: OrderDetail;
  navigate: (url: string) => void;
  openReceipt: (url: string) => void;
}) {
  const [cancelling, setCancelling] = useState(false);
  return (
    <>
      <OrderHeadSection
        order={order}
        navigate={navigate}
        openReceipt={openReceipt}
        onCancel={() => setCancelling(true)}
      />
      <OrderLinesSection order={order} />
      <TendersSection order={order} />
      <DrawnSessionsSection orderId={order.orderId} />
      <RefundsSection order={order} />
      <TotalsSection order={order} />
      {order.signed ? <SignatureSection orderId={order.orderId} /> : null}
      <OrderEvaluationPanel orderId={order.orderId} />
      {cancelling ? <CancelDialog order={order} onClose={() => setCancelling(false)} /> : null}
    </>
  );
}

function CancelDialog({ order, onClose }: { order: OrderDetail; onClose: () => void }) {
  const { t } = useTranslation(NS);
  const titleId = useId();
  const queryClient = useQueryClient();
  // One key for this confirmation: a double click or a retry cancels once.
  const [key] = useState(newIdempotencyKey);
  const cancel = useMutation({
    mutationFn: () => cancelOrder(order.orderId, key),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: billKeys.all });
      onClose();
    },
  });
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{t("details.cancelTitle")}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t("details.cancelText", { orderNo: order.orderNo })}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t("back")}</Button>
        <Button color="error" variant="contained" disabled={cancel.isPending} onClick={() => cancel.mutate()}>
          {t("details.cancelConfirm")}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

mountIsland(<OrderDetailsPage />);
