import { useState } from "react";
import { useTranslation } from "react-i18next";
import { usePromotion } from "../../api/catalog";
import { mountIsland } from "../../islands/mount";
import { formatMoney, formatRate } from "./format";
import { CatalogDetailFrame, SimpleTable } from "./parts";
import { storeDateTime } from "../../lib/dates";
import { idFromSearch } from "../../lib/address";
import { Facts, Section } from "../../components/layout";

/** /promotionDetail?id= (KCXG-0001): a promotion's stores and lines. */
export function PromotionDetailPage({ search = window.location.search }: { search?: string }) {
  const { t } = useTranslation("catalog");
  const [id] = useState(() => idFromSearch(search));
  const detail = usePromotion(id);
  return (
    <CatalogDetailFrame
      title={t("promotions.detailTitle")}
      backHref="/promotion"
      backLabel={t("promotions.back")}
      id={id}
      detail={detail}
    >
      {(promotion) => (
        <>
          <Section title={promotion.name}>
            <Facts
              items={[
                [t("promotions.columns.status"), t(`promotions.status.${promotion.status}`)],
                [t("promotions.columns.start"), storeDateTime(promotion.start)],
                [t("promotions.columns.end"), storeDateTime(promotion.end)],
                [
                  t("promotions.columns.stores"),
                  promotion.allStores
                    ? t("promotions.allStores")
                    : promotion.stores.map((store) => store.name).join(", "),
                ],
                [t("promotions.columns.remark"), promotion.remark || "—"],
              ]}
            />
          </Section>
          <Section title={t("lines.title")}>
            <SimpleTable
              label={t("lines.title")}
              emptyText={t("lines.empty")}
              rows={promotion.lines}
              rowKey={(line) => line.id}
              columns={[
                { label: t("promotions.columns.itemType"), render: (line) => t(`itemType.${line.itemType}`) },
                { label: t("columns.code"), render: (line) => line.itemCode },
                { label: t("columns.name"), render: (line) => line.itemName },
                { label: t("columns.price"), align: "right", render: (line) => formatMoney(line.price) },
                {
                  label: t("promotions.columns.offer"),
                  align: "right",
                  render: (line) =>
                    line.promoPrice !== null
                      ? t("promotions.promoPrice", { price: formatMoney(line.promoPrice) })
                      : t("promotions.rate", { rate: formatRate(line.discountRate) }),
                },
              ]}
            />
          </Section>
        </>
      )}
    </CatalogDetailFrame>
  );
}

mountIsland(<PromotionDetailPage />);
