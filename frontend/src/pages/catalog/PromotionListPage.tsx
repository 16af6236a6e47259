import { Tab, Tabs } from "@mui/material";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { PROMOTION_STATUSES, usePromotions, type PromotionSearch, type PromotionStatus } from "../../api/catalog";
import { mountIsland } from "../../islands/mount";
import { CatalogTable, PageFrame, SearchBar } from "./parts";
import { formatDateTime } from "../../lib/format";
import { pageNo } from "../../lib/paging";
import { usePaging } from "../../components/PagedTable";

const PROMOTION_DETAIL_ROUTE = "/promotionDetail";

/** /promotion (KCXG-0001): promotions that apply to the store, by status. */
export function PromotionListPage() {
  const { t, i18n } = useTranslation("catalog");
  const paging = usePaging();
  const { refilter } = paging;
  const [status, setStatus] = useState<PromotionStatus>("current");
  const [keywordInput, setKeywordInput] = useState("");
  const [keyword, setKeyword] = useState("");
  const search: PromotionSearch = { status, pageNo: pageNo(paging.pageIndex), pageSize: paging.pageSize, keyword };
  const result = usePromotions(search);

  return (
    <PageFrame title={t("promotions.title")}>
      <Tabs
        value={status}
        onChange={(_, next: PromotionStatus) => refilter(() => setStatus(next))}
        sx={{ mb: 2 }}
        aria-label={t("promotions.statuses")}
      >
        {PROMOTION_STATUSES.map((value) => (
          <Tab key={value} value={value} label={t(`promotions.status.${value}`)} />
        ))}
      </Tabs>
      <SearchBar
        keyword={keywordInput}
        onKeyword={setKeywordInput}
        onSearch={() => refilter(() => setKeyword(keywordInput.trim()))}
        onReset={() =>
          refilter(() => {
            setKeywordInput("");
            setKeyword("");
          })
        }
      />
      <CatalogTable
        paging={paging}
        result={result}
        label={t("promotions.title")}
        emptyText={t("promotions.empty")}
        rowHref={(row) => `${PROMOTION_DETAIL_ROUTE}?id=${row.id}`}
        columns={[
          { key: "name", label: t("columns.name"), render: (row) => row.name },
          {
            key: "start",
            label: t("promotions.columns.start"),
            render: (row) => formatDateTime(row.start, i18n.language),
          },
          { key: "end", label: t("promotions.columns.end"), render: (row) => formatDateTime(row.end, i18n.language) },
          {
            key: "stores",
            wrap: true,
            label: t("promotions.columns.stores"),
            render: (row) =>
              row.allStores ? t("promotions.allStores") : row.stores.map((store) => store.name).join(", "),
          },
          { key: "lines", label: t("promotions.columns.lineCount"), align: "right", render: (row) => row.lineCount },
          { key: "remark", wrap: true, label: t("promotions.columns.remark"), render: (row) => row.remark || "—" },
        ]}
      />
    </PageFrame>
  );
}

mountIsland(<PromotionListPage />);
