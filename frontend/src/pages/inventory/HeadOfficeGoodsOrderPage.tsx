import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import {
  BTN_ORDER_CONFIRM,
  BTN_ORDER_PAID,
  BTN_ORDER_SHIP,
  orderCommand,
  payDetailHref,
  useOrder,
  type GoodsOrderDetail,
} from "../../api/goodsIn";
import { hasButtonCode } from "../../api/session";
import { DetailError, Loading, detailFailure } from "../../components/feedback";
import { BackLink, PageFrame } from "../../components/layout";
import { mountIsland } from "../../islands/mount";
import { idFromSearch } from "../../lib/address";
import { CancelWithReason, CommandButton, OrderFacts, OrderLinesTable } from "./orderParts";
import { NS } from "./parts";
import { quantityOk } from "./stockRules";

/** /bookProdDetailNew (DHJL-0002): head office's view of a store's goods order: confirm it (the
 * quantities may change), ship it, mark it paid, or cancel it before it ships. */
export function HeadOfficeGoodsOrderPage({ search = window.location.search }: { search?: string }) {
  const { t } = useTranslation(NS);
  const id = idFromSearch(search);
  const order = useOrder(id);
  const body =
    id === null ? (
      <DetailError message={t("order.notFound")} onRetry={() => undefined} />
    ) : order.isPending ? (
      <Loading />
    ) : order.isError ? (
      <DetailError message={detailFailure(order.error, t("order.notFound"))} onRetry={() => void order.refetch()} />
    ) : (
      <HeadOfficeOrder order={order.data} />
    );
  return (
    <PageFrame wide title={order.data ? t("order.title", { number: order.data.number }) : t("orders.headOfficeTitle")}>
      <BackLink href="/bookProdLstNew">{t("orders.headOfficeTitle")}</BackLink>
      {body}
    </PageFrame>
  );
}

function HeadOfficeOrder({ order }: { order: GoodsOrderDetail }) {
  const { t } = useTranslation(NS);
  const [codes] = useState(() => ({
    confirm: hasButtonCode(BTN_ORDER_CONFIRM),
    ship: hasButtonCode(BTN_ORDER_SHIP),
    paid: hasButtonCode(BTN_ORDER_PAID),
  }));
  const [quantities, setQuantities] = useState<Record<number, string>>({});
  const [reference, setReference] = useState("");
  const confirming = order.status === "submitted" && codes.confirm;
  const badQuantity = Object.values(quantities).some((value) => !(value.trim() === "0" || quantityOk(value)));
  const confirmBody = {
    id: order.id,
    lines: Object.entries(quantities).map(([lineId, quantity]) => ({
      lineId: Number(lineId),
      quantity: quantity.trim(),
    })),
  };
  return (
    <>
      <OrderFacts order={order} />
      <OrderLinesTable
        order={order}
        {...(confirming
          ? {
              confirming: quantities,
              onConfirmed: (lineId, quantity) => setQuantities((q) => ({ ...q, [lineId]: quantity })),
            }
          : {})}
      />
      {badQuantity ? (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {t("detail.badQuantity")}
        </Alert>
      ) : null}
      <Stack direction="row" spacing={2} sx={{ alignItems: "center", flexWrap: "wrap", gap: 2 }}>
        {confirming && !badQuantity ? (
          <CommandButton
            label={t("order.confirm")}
            title={t("order.confirmTitle")}
            message={t("order.confirmText")}
            run={() => orderCommand("confirm", confirmBody)}
          />
        ) : null}
        {order.status === "confirmed" && codes.ship ? (
          <CommandButton
            label={t("order.ship")}
            title={t("order.shipTitle")}
            message={t("order.shipText")}
            run={() => orderCommand("ship", { id: order.id })}
          />
        ) : null}
        {["confirmed", "shipped", "received"].includes(order.status) &&
        order.paymentStatus === "unpaid" &&
        codes.paid ? (
          <>
            <TextField
              size="small"
              label={t("order.reference")}
              value={reference}
              onChange={(event) => setReference(event.target.value.slice(0, 64))}
            />
            <CommandButton
              label={t("order.markPaid")}
              title={t("order.paidTitle")}
              message={t("pay.how")}
              variant="outlined"
              run={() => orderCommand("markPaid", { id: order.id, reference: reference.trim() })}
            />
          </>
        ) : null}
        {["submitted", "confirmed"].includes(order.status) && codes.confirm ? (
          <CancelWithReason orderId={order.id} />
        ) : null}
        <Button href={payDetailHref(order.id)}>{t("order.payDetail")}</Button>
      </Stack>
    </>
  );
}

mountIsland(<HeadOfficeGoodsOrderPage />);
