import { useTranslation } from "react-i18next";
import { PROJECT_EXPORT_PATH, exportUrl, useProjectOptions, useProjects, type ProjectSearch } from "../../api/catalog";
import { mountIsland } from "../../islands/mount";
import { idFilter } from "./format";
import { CategorySelect, ExportButton, SwitchableFilters, pricedTable, useSwitchableFilters } from "./parts";
import { pageNo } from "../../lib/paging";
import { usePaging } from "../../components/PagedTable";
import { RecordsPage } from "../../components/records/RecordsPage";

const PROJECT_DETAIL_ROUTE = "/projectDetail";

/** /projectList (XMGL-PAG-0001): services with their duration, skill and consumables. */
export function ProjectListPage() {
  const { t } = useTranslation("catalog");
  const options = useProjectOptions();
  const paging = usePaging();
  const form = useSwitchableFilters(paging, { category: "" });
  const { keyword, category, enabled } = form.filters;

  const search: ProjectSearch = {
    pageNo: pageNo(paging.pageIndex),
    pageSize: paging.pageSize,
    keyword,
    categoryId: idFilter(category),
    enabled,
  };
  const result = useProjects(search);

  return (
    <RecordsPage
      title={t("projects.title")}
      actions={<ExportButton url={exportUrl(PROJECT_EXPORT_PATH, search)} fileName="projects.xlsx" />}
      form={form}
      filters={
        <SwitchableFilters form={form}>
          <CategorySelect
            id="project-category-label"
            rows={options.data?.categories ?? []}
            value={form.input.category}
            onChange={(value) => form.choose("category", value)}
          />
        </SwitchableFilters>
      }
      table={pricedTable(t, "project", {
        paging,
        result,
        emptyText: t("projects.empty"),
        rowHref: (row) => `${PROJECT_DETAIL_ROUTE}?id=${row.id}`,
        columns: [
          { key: "code", label: t("columns.code"), render: (row) => row.code },
          { key: "name", label: t("columns.name"), render: (row) => row.name },
          { key: "category", label: t("columns.category"), render: (row) => row.categoryName },
          {
            key: "duration",
            label: t("columns.duration"),
            align: "right",
            render: (row) => t("minutes", { count: row.durationMinutes }),
          },
          { key: "skill", label: t("columns.requiredSkill"), render: (row) => row.requiredSkill || "—" },
          {
            key: "consumables",
            wrap: true,
            label: t("columns.consumables"),
            render: (row) =>
              row.consumables.length === 0
                ? "—"
                : row.consumables.map((item) => `${item.productName} × ${item.quantity}${item.unit}`).join("; "),
          },
        ],
      })}
    />
  );
}

mountIsland(<ProjectListPage />);
