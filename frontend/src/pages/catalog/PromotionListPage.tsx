import { useState } from "react";
import { useTranslation } from "react-i18next";
import { PROMOTION_STATUSES, usePromotions, type PromotionSearch, type PromotionStatus } from "../../api/catalog";
import { mountIsland } from "../../islands/mount";
import { KeywordFilters, catalogTable } from "./parts";
import { storeDateTime } from "../../lib/dates";
import { pageNo } from "../../lib/paging";
import { usePaging } from "../../components/PagedTable";
import { RecordsPage } from "../../components/records/RecordsPage";
import { RecordTabs } from "../../components/records/RecordTabs";
import { useKeywordFilters } from "../../lib/filterForm";

const PROMOTION_DETAIL_ROUTE = "/promotionDetail";

/** /promotion (KCXG-0001): promotions that apply to the store, by status. */
export function PromotionListPage() {
  const { t } = useTranslation("catalog");
  const paging = usePaging();
  const { refilter } = paging;
  const [status, setStatus] = useState<PromotionStatus>("current");
  const form = useKeywordFilters({ keyword: "" }, paging);
  const { keyword } = form.filters;
  const search: PromotionSearch = { status, pageNo: pageNo(paging.pageIndex), pageSize: paging.pageSize, keyword };
  const result = usePromotions(search);

  return (
    <RecordsPage
      title={t("promotions.title")}
      intro={
        <RecordTabs
          value={status}
          label={t("promotions.statuses")}
          options={PROMOTION_STATUSES.map((value) => ({ value, label: t(`promotions.status.${value}`) }))}
          onChange={(next) => refilter(() => setStatus(next))}
        />
      }
      onSearch={form.submit}
      filters={<KeywordFilters form={form} />}
      table={catalogTable({
        paging,
        result,
        emptyText: t("promotions.empty"),
        rowHref: (row) => `${PROMOTION_DETAIL_ROUTE}?id=${row.id}`,
        columns: [
          { key: "name", label: t("columns.name"), render: (row) => row.name },
          {
            key: "start",
            label: t("promotions.columns.start"),
            render: (row) => storeDateTime(row.start),
          },
          { key: "end", label: t("promotions.columns.end"), render: (row) => storeDateTime(row.end) },
          {
            key: "stores",
            wrap: true,
            label: t("promotions.columns.stores"),
            render: (row) =>
              row.allStores ? t("promotions.allStores") : row.stores.map((store) => store.name).join(", "),
          },
          { key: "lines", label: t("promotions.columns.lineCount"), align: "right", render: (row) => row.lineCount },
          { key: "remark", wrap: true, label: t("promotions.columns.remark"), render: (row) => row.remark || "—" },
        ],
      })}
    />
  );
}

mountIsland(<PromotionListPage />);
