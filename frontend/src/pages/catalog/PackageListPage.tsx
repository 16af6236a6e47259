import { useTranslation } from "react-i18next";
import { useProjectPackages, type ProjectPackage } from "../../api/catalog";
import { mountIsland } from "../../islands/mount";
import { PackageList } from "./PackageList";

const PROJECT_PACKAGE_DETAIL_ROUTE = "/packageDetail";

/** /packageList (XMGL-PAG-0001): project packages (sessions of projects, validity). */
export function PackageListPage() {
  const { t } = useTranslation("catalog");
  return (
    <PackageList<ProjectPackage>
      texts="projectPackages"
      itemType="projectPackage"
      useRows={useProjectPackages}
      detailRoute={PROJECT_PACKAGE_DETAIL_ROUTE}
      contents={(row) => row.lines.map((line) => `${line.projectName} × ${line.sessions}`).join("; ")}
      extraColumns={[
        { key: "sessions", label: t("columns.totalSessions"), align: "right", render: (row) => row.totalSessions },
        {
          key: "validity",
          label: t("columns.validity"),
          align: "right",
          render: (row) => t("days", { count: row.validityDays }),
        },
      ]}
    />
  );
}

mountIsland(<PackageListPage />);
