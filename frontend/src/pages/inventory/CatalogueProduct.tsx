/** The catalogue's product page when ordering (/structureProductDetail for professional goods,
 * /aestheticProductDetail for retail goods): the product, its units and prices, the store's stock
 * and the suggested quantity, and a way to add it to a goods order. */
import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { BTN_ORDER_PLACE, productPageHref, useCatalogueProduct } from "../../api/goodsIn";
import { hasButtonCode } from "../../api/session";
import { DetailError, Loading, detailFailure } from "../../components/feedback";
import { BackLink, Facts, PageFrame, Section } from "../../components/layout";
import { idFromSearch } from "../../lib/address";
import { formatMoney } from "../../lib/money";
import { NS } from "./parts";
import { quantityOk } from "./stockRules";

export function CatalogueProduct({ useType, search }: { useType: "professional" | "retail"; search: string }) {
  const { t } = useTranslation(NS);
  const id = idFromSearch(search, "productId");
  const product = useCatalogueProduct(id);
  const [quantity, setQuantity] = useState<string | null>(null);
  const [mayPlace] = useState(() => hasButtonCode(BTN_ORDER_PLACE));
  const title = useType === "professional" ? t("product.structureTitle") : t("product.aestheticTitle");
  let body;
  if (id === null || product.isError) {
    body = (
      <DetailError
        message={product.error ? detailFailure(product.error, t("product.notFound")) : t("product.notFound")}
        onRetry={() => void product.refetch()}
      />
    );
  } else if (product.isPending) {
    body = <Loading />;
  } else {
    const row = product.data;
    const wanted = quantity ?? (Number(row.suggested ?? 0) > 0 ? (row.suggested ?? "1") : "1");
    body = (
      <>
        {row.useType !== useType ? (
          <Alert
            severity="info"
            sx={{ mb: 2 }}
            action={<Button href={productPageHref(row.productId, row.useType)}>{t("order.view")}</Button>}
          >
            {t("product.otherKind")}
          </Alert>
        ) : null}
        <Section title={`${row.code} ${row.name}`}>
          <Facts
            items={[
              [t("fields.useType"), t(`useTypes.${row.useType}`)],
              [t("fields.barcode"), row.barcode || t("dash")],
              [t("fields.units"), `${row.unit} / ${row.usePerUnit} ${row.useUnit}`],
              [t("fields.supplyPrice"), formatMoney(row.supplyPrice)],
              [t("fields.storePrice"), formatMoney(row.storePrice)],
              [t("fields.liveStock"), row.liveStock ?? t("dash")],
              [t("fields.safetyStock"), row.safetyStock ?? t("dash")],
              [t("fields.used30Days"), row.used30Days ?? t("dash")],
              [t("fields.suggested"), row.suggested ?? t("dash")],
            ]}
          />
        </Section>
        {mayPlace ? (
          <Stack direction="row" spacing={2} sx={{ alignItems: "center" }}>
            <TextField
              size="small"
              label={t("product.quantity")}
              value={wanted}
              error={!quantityOk(wanted)}
              onChange={(event) => setQuantity(event.target.value.slice(0, 14))}
            />
            <Button
              variant="contained"
              disabled={!quantityOk(wanted)}
              href={`/bookProdDetail?productId=${row.productId}&quantity=${encodeURIComponent(wanted.trim())}`}
            >
              {t("product.addToOrder")}
            </Button>
          </Stack>
        ) : null}
      </>
    );
  }
  return (
    <PageFrame title={title}>
      <BackLink href="/bookProdLst">{t("orders.title")}</BackLink>
      {body}
    </PageFrame>
  );
}
