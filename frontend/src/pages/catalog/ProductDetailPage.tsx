import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useProduct } from "../../api/catalog";
import { mountIsland } from "../../islands/mount";
import { formatMoney } from "./format";
import { CatalogDetailFrame, PriceHistory, StoreControls, itemStateFacts } from "./parts";
import { idFromSearch } from "../../lib/address";
import { Facts, Section } from "../../components/layout";

/** /productDetail?id= (CPGL-0002): a product, the store's switch and price, its price history. */
export function ProductDetailPage({ search = window.location.search }: { search?: string }) {
  const { t } = useTranslation("catalog");
  const [id] = useState(() => idFromSearch(search));
  const detail = useProduct(id);
  return (
    <CatalogDetailFrame
      title={t("products.detailTitle")}
      backHref="/productList"
      backLabel={t("products.back")}
      id={id}
      detail={detail}
    >
      {(product) => (
        <>
          <Section title={product.name}>
            <Facts
              items={[
                ...itemStateFacts(product, t),
                [t("columns.brand"), product.brand || "—"],
                [t("columns.category"), product.categoryName],
                [t("columns.specification"), product.specification || "—"],
                [t("columns.unit"), product.unit],
                [t("columns.barcode"), product.barcode || "—"],
                [t("columns.useType"), t(`useType.${product.useType}`)],
                // The server leaves cost out for a role without the cost code: no row rather than "—".
                ...(product.cost === null ? [] : [[t("columns.cost"), formatMoney(product.cost)] as const]),
                [t("columns.safetyStock"), product.defaultSafetyStock],
                [
                  t("columns.useUnit"),
                  product.useUnit
                    ? t("useUnitOf", { per: product.usePerUnit, use: product.useUnit, unit: product.unit })
                    : t("usedWhole"),
                ],
                [t("columns.tracksBatches"), product.tracksBatches ? t("yes") : t("no")],
              ]}
            />
            <StoreControls itemType="product" item={product} />
          </Section>
          <PriceHistory rows={product.priceHistory} />
        </>
      )}
    </CatalogDetailFrame>
  );
}

mountIsland(<ProductDetailPage />);
