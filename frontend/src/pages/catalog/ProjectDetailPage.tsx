import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useProject } from "../../api/catalog";
import { mountIsland } from "../../islands/mount";
import { CatalogDetailFrame, PriceHistory, SimpleTable, StoreControls, itemStateFacts } from "./parts";
import { idFromSearch } from "../../lib/address";
import { Facts, Section } from "../../components/layout";

/** /projectDetail?id= (XMGL-0002): a project, the products it consumes, its price history. */
function ProjectDetailPage({ search = window.location.search }: { search?: string }) {
  const { t } = useTranslation("catalog");
  const [id] = useState(() => idFromSearch(search));
  const detail = useProject(id);
  return (
    <CatalogDetailFrame
      title={t("projects.detailTitle")}
      backHref="/projectList"
      backLabel={t("projects.back")}
      id={id}
      detail={detail}
    >
      {(project) => (
        <>
          <Section title={project.name}>
            <Facts
              items={[
                ...itemStateFacts(project, t),
                [t("columns.category"), project.categoryName],
                [t("columns.duration"), t("minutes", { count: project.durationMinutes })],
                [t("columns.requiredSkill"), project.requiredSkill || "—"],
              ]}
            />
            <StoreControls itemType="project" item={project} />
          </Section>
          <Section title={t("columns.consumables")}>
            <SimpleTable
              label={t("columns.consumables")}
              emptyText={t("lines.empty")}
              rows={project.consumables}
              rowKey={(line) => line.productId}
              columns={[
                { label: t("columns.code"), render: (line) => line.productCode },
                { label: t("columns.name"), render: (line) => line.productName },
                { label: t("columns.quantity"), align: "right", render: (line) => line.quantity },
                { label: t("columns.unit"), render: (line) => line.unit },
              ]}
            />
          </Section>
          <PriceHistory rows={project.priceHistory} />
        </>
      )}
    </CatalogDetailFrame>
  );
}

mountIsland(<ProjectDetailPage />);
