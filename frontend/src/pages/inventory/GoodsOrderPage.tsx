import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import {
  BTN_ORDER_PLACE,
  payDetailHref,
  receiveOrderHref,
  storeOrderHref,
  useOrder,
  type GoodsOrderDetail,
} from "../../api/goodsIn";
import { hasButtonCode } from "../../api/session";
import { DetailError, Loading, detailFailure } from "../../components/feedback";
import { BackLink, PageFrame, Section } from "../../components/layout";
import { mountIsland } from "../../islands/mount";
import { idFromSearch } from "../../lib/address";
import { CatalogueFilters, CatalogueTable, OrderBuilderActions } from "./goodsOrderSections";
import { CancelWithReason, OrderFacts, OrderLinesTable } from "./orderParts";
import { NS } from "./parts";
import { cartFromLines, type Cart } from "./stockRules";
import { useCatalogueSearch, useOrderCart } from "./useGoodsOrderBuilder";

/** A product to start the cart with, from a product page (`?productId=&quantity=`). */
function cartFrom(search: string): Cart {
  const params = new URLSearchParams(search);
  const productId = idFromSearch(search, "productId");
  const quantity = params.get("quantity") ?? "1";
  return productId !== null ? { [productId]: quantity } : {};
}

/** /bookProdDetail (DHJL-0002): the store's view of one goods order (`?id=`), or building a new
 * one from head office's catalogue with the suggested quantities. */
export function GoodsOrderPage({ search = window.location.search }: { search?: string }) {
  const [shownId, setShownId] = useState(() => idFromSearch(search));
  const show = (id: number) => {
    window.history.replaceState(null, "", storeOrderHref(id));
    setShownId(id);
  };
  if (shownId === null) return <OrderBuilder initial={cartFrom(search)} onSaved={show} />;
  return <StoreOrder id={shownId} onSaved={show} />;
}

function Frame({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation(NS);
  return (
    <PageFrame wide title={title}>
      <BackLink href="/bookProdLst">{t("orders.title")}</BackLink>
      {children}
    </PageFrame>
  );
}

function StoreOrder({ id, onSaved }: { id: number; onSaved: (id: number) => void }) {
  const { t } = useTranslation(NS);
  const order = useOrder(id);
  const [mayPlace] = useState(() => hasButtonCode(BTN_ORDER_PLACE));
  if (order.isPending)
    return (
      <Frame title={t("orders.title")}>
        <Loading />
      </Frame>
    );
  if (order.isError) {
    return (
      <Frame title={t("orders.title")}>
        <DetailError message={detailFailure(order.error, t("order.notFound"))} onRetry={() => void order.refetch()} />
      </Frame>
    );
  }
  const data = order.data;
  if (data.status === "draft" && mayPlace) {
    return <OrderBuilder initial={cartFromLines(data.lines)} draft={data} onSaved={onSaved} />;
  }
  return (
    <Frame title={t("order.title", { number: data.number })}>
      <OrderFacts order={data} />
      <OrderLinesTable order={data} />
      <Stack direction="row" spacing={2}>
        {data.status === "shipped" ? (
          <Button variant="contained" href={receiveOrderHref(data.id)}>
            {t("order.receive")}
          </Button>
        ) : null}
        {data.status === "submitted" && mayPlace ? <CancelWithReason orderId={data.id} /> : null}
        <Button href={payDetailHref(data.id)}>{t("order.payDetail")}</Button>
      </Stack>
    </Frame>
  );
}

function OrderBuilder({
  initial,
  draft,
  onSaved,
}: {
  initial: Cart;
  draft?: GoodsOrderDetail;
  onSaved: (id: number) => void;
}) {
  const { t } = useTranslation(NS);
  const finder = useCatalogueSearch();
  const cart = useOrderCart(initial, draft, onSaved);
  return (
    <Frame title={draft ? t("order.title", { number: draft.number }) : t("order.newTitle")}>
      <Section title={t("order.catalogue")}>
        <CatalogueFilters finder={finder} cart={cart} />
        <CatalogueTable finder={finder} cart={cart} />
      </Section>
      <Section title={t("order.cart")}>
        <Typography data-testid="cart-count">
          {cart.count > 0 ? t("fields.lines") + ": " + cart.count : t("order.emptyCart")}
        </Typography>
      </Section>
      <OrderBuilderActions cart={cart} draft={draft} />
    </Frame>
  );
}

mountIsland(<GoodsOrderPage />);
