import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useProjectPackage } from "../../api/catalog";
import { mountIsland } from "../../islands/mount";
import { CatalogDetailFrame, PriceHistory, LinesSection, StoreControls, itemStateFacts } from "./parts";
import { idFromSearch } from "../../lib/address";
import { Facts, Section } from "../../components/layout";

/** /packageDetail?id= (XMGL-0002): a project package, its sessions and price history. */
function PackageDetailPage({ search = window.location.search }: { search?: string }) {
  const { t } = useTranslation("catalog");
  const [id] = useState(() => idFromSearch(search));
  const detail = useProjectPackage(id);
  return (
    <CatalogDetailFrame
      title={t("projectPackages.detailTitle")}
      backHref="/packageList"
      backLabel={t("projectPackages.back")}
      id={id}
      detail={detail}
    >
      {(pack) => (
        <>
          <Section title={pack.name}>
            <Facts
              items={[
                ...itemStateFacts(pack, t),
                [t("columns.totalSessions"), pack.totalSessions],
                [t("columns.validity"), t("days", { count: pack.validityDays })],
              ]}
            />
            <StoreControls itemType="projectPackage" item={pack} />
          </Section>
          <LinesSection
            rows={pack.lines}
            rowKey={(line) => line.projectId}
            columns={[
              { label: t("columns.code"), render: (line) => line.projectCode },
              { label: t("columns.name"), render: (line) => line.projectName },
              { label: t("columns.sessions"), align: "right", render: (line) => line.sessions },
            ]}
          />
          <PriceHistory rows={pack.priceHistory} />
        </>
      )}
    </CatalogDetailFrame>
  );
}

mountIsland(<PackageDetailPage />);
