import { useState } from "react";
import { useTranslation } from "react-i18next";
import { COUPON_KINDS, useCoupons, type CouponKind, type CouponSearch } from "../../api/catalog";
import { mountIsland } from "../../islands/mount";
import { couponDetailRoute, couponValidity, couponValue } from "./couponText";
import { formatMoney } from "./format";
import { EnabledSelect, KeywordFilters, StoreSwitch, catalogTable, type EnabledChoice } from "./parts";
import { pageNo } from "../../lib/paging";
import { usePaging } from "../../components/PagedTable";
import { RecordsPage } from "../../components/records/RecordsPage";
import { RecordTabs } from "../../components/records/RecordTabs";
import { useKeywordFilters } from "../../lib/filterForm";

/** /couponList (KXGL-PAG-0001): coupon templates by kind, A cash, B discount, C free project. */
export function CouponListPage() {
  const { t } = useTranslation("catalog");
  const paging = usePaging();
  const { refilter } = paging;
  const [kind, setKind] = useState<CouponKind>("A");
  const form = useKeywordFilters({ keyword: "", enabled: "" as EnabledChoice }, paging);
  const { keyword, enabled } = form.filters;
  const search: CouponSearch = { kind, pageNo: pageNo(paging.pageIndex), pageSize: paging.pageSize, keyword, enabled };
  const result = useCoupons(search);

  return (
    <RecordsPage
      title={t("coupons.title")}
      intro={
        <RecordTabs
          value={kind}
          label={t("coupons.kinds")}
          options={COUPON_KINDS.map((value) => ({ value, label: t(`coupons.kind.${value}`) }))}
          onChange={(next) => refilter(() => setKind(next))}
        />
      }
      onSearch={form.submit}
      filters={
        <KeywordFilters form={form}>
          <EnabledSelect value={form.input.enabled} onChange={(value) => form.choose("enabled", value)} />
        </KeywordFilters>
      }
      table={catalogTable({
        paging,
        result,
        label: t(`coupons.kind.${kind}`),
        emptyText: t("coupons.empty"),
        rowHref: (row) => couponDetailRoute(row.kind, row.id),
        columns: [
          { key: "code", label: t("columns.code"), render: (row) => row.code },
          { key: "name", label: t("columns.name"), render: (row) => row.name },
          { key: "value", label: t("coupons.columns.value"), render: (row) => couponValue(row, t) },
          {
            key: "minSpend",
            label: t("coupons.columns.minSpend"),
            align: "right",
            render: (row) => formatMoney(row.minSpend),
          },
          {
            key: "validity",
            label: t("coupons.columns.validity"),
            render: (row) => couponValidity(row, t),
          },
          {
            key: "store",
            label: t("columns.storeEnabled"),
            render: (row) => <StoreSwitch itemType="couponTemplate" item={row} />,
          },
        ],
      })}
    />
  );
}

mountIsland(<CouponListPage />);
