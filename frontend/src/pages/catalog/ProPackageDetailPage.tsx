import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useProductPackage } from "../../api/catalog";
import { mountIsland } from "../../islands/mount";
import { formatMoney } from "./format";
import { CatalogDetailFrame, PriceHistory, LinesSection, StoreControls, itemStateFacts } from "./parts";
import { idFromSearch } from "../../lib/address";
import { Facts, Section } from "../../components/layout";

/** /proPackageDetail?id= (CPGL-0002): a product package, its lines and price history. */
function ProPackageDetailPage({ search = window.location.search }: { search?: string }) {
  const { t } = useTranslation("catalog");
  const [id] = useState(() => idFromSearch(search));
  const detail = useProductPackage(id);
  return (
    <CatalogDetailFrame
      title={t("productPackages.detailTitle")}
      backHref="/proPackageList"
      backLabel={t("productPackages.back")}
      id={id}
      detail={detail}
    >
      {(pack) => (
        <>
          <Section title={pack.name}>
            <Facts items={itemStateFacts(pack, t)} />
            <StoreControls itemType="productPackage" item={pack} />
          </Section>
          <LinesSection
            rows={pack.lines}
            rowKey={(line) => line.productId}
            columns={[
              { label: t("columns.code"), render: (line) => line.productCode },
              { label: t("columns.name"), render: (line) => line.productName },
              { label: t("columns.quantity"), align: "right", render: (line) => line.quantity },
              { label: t("columns.unitPrice"), align: "right", render: (line) => formatMoney(line.unitPrice) },
            ]}
          />
          <PriceHistory rows={pack.priceHistory} />
        </>
      )}
    </CatalogDetailFrame>
  );
}

mountIsland(<ProPackageDetailPage />);
