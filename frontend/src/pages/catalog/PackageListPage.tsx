import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useProjectPackages, type CatalogSearch } from "../../api/catalog";
import { mountIsland } from "../../islands/mount";
import { formatMoney, pageNo } from "./format";
import { CatalogTable, EnabledSelect, PageFrame, SearchBar, StorePriceButton, StoreSwitch, useListPaging, type EnabledChoice } from "./parts";

export const PROJECT_PACKAGE_DETAIL_ROUTE = "/packageDetail";

/** /packageList (XMGL-PAG-0001): project packages (sessions of projects, validity). */
export function PackageListPage() {
  const { t } = useTranslation("catalog");
  const paging = useListPaging();
  const { refilter } = paging;
  const [keywordInput, setKeywordInput] = useState("");
  const [keyword, setKeyword] = useState("");
  const [enabled, setEnabled] = useState<EnabledChoice>("");
  const search: CatalogSearch = { pageNo: pageNo(paging.pageIndex), pageSize: paging.pageSize, keyword, enabled };
  const result = useProjectPackages(search);

  return (
    <PageFrame title={t("projectPackages.title")}>
      <SearchBar
        keyword={keywordInput}
        onKeyword={setKeywordInput}
        onSearch={() => refilter(() => setKeyword(keywordInput.trim()))}
        onReset={() =>
          refilter(() => {
            setKeywordInput("");
            setKeyword("");
            setEnabled("");
          })
        }
      >
        <EnabledSelect value={enabled} onChange={(value) => refilter(() => setEnabled(value))} />
      </SearchBar>
      <CatalogTable
        paging={paging}
        result={result}
        label={t("projectPackages.title")}
        emptyText={t("projectPackages.empty")}
        rowHref={(row) => `${PROJECT_PACKAGE_DETAIL_ROUTE}?id=${row.id}`}
        columns={[
          { key: "code", label: t("columns.code"), render: (row) => row.code },
          { key: "name", label: t("columns.name"), render: (row) => row.name },
          {
            key: "lines",
            wrap: true,
            label: t("columns.contents"),
            render: (row) => row.lines.map((line) => `${line.projectName} × ${line.sessions}`).join("; ") || "—",
          },
          { key: "sessions", label: t("columns.totalSessions"), align: "right", render: (row) => row.totalSessions },
          { key: "validity", label: t("columns.validity"), align: "right", render: (row) => t("days", { count: row.validityDays }) },
          { key: "price", label: t("columns.price"), align: "right", render: (row) => formatMoney(row.price) },
          { key: "storePrice", label: t("columns.storePrice"), align: "right", render: (row) => formatMoney(row.storePrice) || "—" },
          { key: "effective", label: t("columns.effectivePrice"), align: "right", render: (row) => formatMoney(row.effectivePrice) },
          {
            key: "store",
            label: t("columns.storeEnabled"),
            render: (row) => (
              <>
                <StoreSwitch itemType="projectPackage" item={row} />
                <StorePriceButton itemType="projectPackage" item={row} />
              </>
            ),
          },
        ]}
      />
    </PageFrame>
  );
}

mountIsland(<PackageListPage />);
