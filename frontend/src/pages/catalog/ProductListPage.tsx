import { useTranslation } from "react-i18next";
import {
  PRODUCT_EXPORT_PATH,
  exportUrl,
  useProductOptions,
  useProducts,
  type ProductSearch,
  type UseType,
} from "../../api/catalog";
import { mountIsland } from "../../islands/mount";
import { brandOptions, idFilter } from "./format";
import { CategorySelect, ExportButton, SwitchableFilters, pricedTable, useSwitchableFilters } from "./parts";
import { pageNo } from "../../lib/paging";
import { FilterSelect } from "../../components/filters";
import { usePaging } from "../../components/PagedTable";
import { RecordsPage } from "../../components/records/RecordsPage";

const PRODUCT_DETAIL_ROUTE = "/productDetail";

/** /productList (CPGL-PAG-0001): products with the acting store's switch and price. */
export function ProductListPage() {
  const { t } = useTranslation("catalog");
  const options = useProductOptions();
  const paging = usePaging();
  const form = useSwitchableFilters(paging, { category: "", brand: "", useType: "" as UseType | "" });
  const { keyword, category, brand, useType, enabled } = form.filters;

  const search: ProductSearch = {
    pageNo: pageNo(paging.pageIndex),
    pageSize: paging.pageSize,
    keyword,
    categoryId: idFilter(category),
    brand,
    useType,
    enabled,
  };
  const result = useProducts(search);

  return (
    <RecordsPage
      title={t("products.title")}
      actions={<ExportButton url={exportUrl(PRODUCT_EXPORT_PATH, search)} fileName="products.xlsx" />}
      form={form}
      filters={
        <SwitchableFilters form={form}>
          <CategorySelect
            id="product-category-label"
            rows={options.data?.categories ?? []}
            value={form.input.category}
            onChange={(value) => form.choose("category", value)}
          />
          <FilterSelect
            id="product-brand-label"
            label={t("filters.brand")}
            allLabel={t("filters.all")}
            value={form.input.brand}
            options={brandOptions((options.data?.brands ?? []).map((brand) => ({ brand })))}
            minWidth={140}
            onChange={(value) => form.choose("brand", value)}
          />
          <FilterSelect
            id="product-use-label"
            label={t("filters.useType")}
            allLabel={t("filters.all")}
            value={form.input.useType}
            options={[
              { value: "retail", label: t("useType.retail") },
              { value: "professional", label: t("useType.professional") },
            ]}
            minWidth={130}
            onChange={(value) => form.choose("useType", value as UseType | "")}
          />
        </SwitchableFilters>
      }
      table={pricedTable(t, "product", {
        paging,
        result,
        emptyText: t("products.empty"),
        rowHref: (row) => `${PRODUCT_DETAIL_ROUTE}?id=${row.id}`,
        columns: [
          { key: "code", label: t("columns.code"), render: (row) => row.code },
          { key: "name", label: t("columns.name"), render: (row) => row.name },
          { key: "brand", label: t("columns.brand"), render: (row) => row.brand },
          { key: "category", label: t("columns.category"), render: (row) => row.categoryName },
          { key: "spec", label: t("columns.specification"), render: (row) => row.specification },
          { key: "unit", label: t("columns.unit"), render: (row) => row.unit },
          { key: "barcode", label: t("columns.barcode"), render: (row) => row.barcode },
          { key: "useType", label: t("columns.useType"), render: (row) => t(`useType.${row.useType}`) },
        ],
      })}
    />
  );
}

mountIsland(<ProductListPage />);
