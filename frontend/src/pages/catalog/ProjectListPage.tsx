import { useState } from "react";
import { useTranslation } from "react-i18next";
import {
  PROJECT_EXPORT_PATH,
  exportUrl,
  useProjectOptions,
  useProjects,
  type Project,
  type ProjectSearch,
} from "../../api/catalog";
import { mountIsland } from "../../islands/mount";
import { categoryOptions, idFilter } from "./format";
import {
  CatalogTable,
  EnabledSelect,
  ExportButton,
  PageFrame,
  SearchBar,
  priceColumns,
  type EnabledChoice,
} from "./parts";
import { pageNo } from "../../lib/paging";
import { FilterSelect } from "../../components/filters";
import { usePaging } from "../../components/PagedTable";

const PROJECT_DETAIL_ROUTE = "/projectDetail";

/** /projectList (XMGL-PAG-0001): services with their duration, skill and consumables. */
export function ProjectListPage() {
  const { t } = useTranslation("catalog");
  const options = useProjectOptions();
  const paging = usePaging();
  const { refilter } = paging;
  const [keywordInput, setKeywordInput] = useState("");
  const [keyword, setKeyword] = useState("");
  const [category, setCategory] = useState("");
  const [enabled, setEnabled] = useState<EnabledChoice>("");

  const search: ProjectSearch = {
    pageNo: pageNo(paging.pageIndex),
    pageSize: paging.pageSize,
    keyword,
    categoryId: idFilter(category),
    enabled,
  };
  const result = useProjects(search);

  return (
    <PageFrame
      title={t("projects.title")}
      actions={<ExportButton url={exportUrl(PROJECT_EXPORT_PATH, search)} fileName="projects.xlsx" />}
    >
      <SearchBar
        keyword={keywordInput}
        onKeyword={setKeywordInput}
        onSearch={() => refilter(() => setKeyword(keywordInput.trim()))}
        onReset={() =>
          refilter(() => {
            setKeywordInput("");
            setKeyword("");
            setCategory("");
            setEnabled("");
          })
        }
      >
        <FilterSelect
          id="project-category-label"
          label={t("filters.category")}
          allLabel={t("filters.all")}
          value={category}
          options={categoryOptions(options.data?.categories ?? [])}
          minWidth={150}
          onChange={(value) => refilter(() => setCategory(value))}
        />
        <EnabledSelect value={enabled} onChange={(value) => refilter(() => setEnabled(value))} />
      </SearchBar>
      <CatalogTable
        paging={paging}
        result={result}
        label={t("projects.title")}
        emptyText={t("projects.empty")}
        rowHref={(row) => `${PROJECT_DETAIL_ROUTE}?id=${row.id}`}
        columns={[
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
          ...priceColumns<Project>(t, "project"),
        ]}
      />
    </PageFrame>
  );
}

mountIsland(<ProjectListPage />);
