import { Tab, Tabs } from "@mui/material";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { COUPON_KINDS, useCoupons, type CouponKind, type CouponSearch } from "../../api/catalog";
import { mountIsland } from "../../islands/mount";
import { couponDetailRoute, couponValidity, couponValue } from "./couponText";
import { formatMoney } from "./format";
import { CatalogTable, EnabledSelect, PageFrame, SearchBar, StoreSwitch, type EnabledChoice } from "./parts";
import { pageNo } from "../../lib/paging";
import { usePaging } from "../../components/PagedTable";

/** /couponList (KXGL-PAG-0001): coupon templates by kind, A cash, B discount, C free project. */
export function CouponListPage() {
  const { t, i18n } = useTranslation("catalog");
  const paging = usePaging();
  const { refilter } = paging;
  const [kind, setKind] = useState<CouponKind>("A");
  const [keywordInput, setKeywordInput] = useState("");
  const [keyword, setKeyword] = useState("");
  const [enabled, setEnabled] = useState<EnabledChoice>("");
  const search: CouponSearch = { kind, pageNo: pageNo(paging.pageIndex), pageSize: paging.pageSize, keyword, enabled };
  const result = useCoupons(search);

  return (
    <PageFrame title={t("coupons.title")}>
      <Tabs
        value={kind}
        onChange={(_, next: CouponKind) => refilter(() => setKind(next))}
        sx={{ mb: 2 }}
        aria-label={t("coupons.kinds")}
      >
        {COUPON_KINDS.map((value) => (
          <Tab key={value} value={value} label={t(`coupons.kind.${value}`)} />
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
            setEnabled("");
          })
        }
      >
        <EnabledSelect value={enabled} onChange={(value) => refilter(() => setEnabled(value))} />
      </SearchBar>
      <CatalogTable
        paging={paging}
        result={result}
        label={t(`coupons.kind.${kind}`)}
        emptyText={t("coupons.empty")}
        rowHref={(row) => couponDetailRoute(row.kind, row.id)}
        columns={[
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
            render: (row) => couponValidity(row, t, i18n.language),
          },
          {
            key: "store",
            label: t("columns.storeEnabled"),
            render: (row) => <StoreSwitch itemType="couponTemplate" item={row} />,
          },
        ]}
      />
    </PageFrame>
  );
}

mountIsland(<CouponListPage />);
