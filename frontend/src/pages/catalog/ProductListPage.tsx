import { useState } from "react";
import { useTranslation } from "react-i18next";
import {
  PRODUCT_EXPORT_PATH,
  exportUrl,
  useProductOptions,
  useProducts,
  type Product,
  type ProductSearch,
  type UseType,
} from "../../api/catalog";
import { mountIsland } from "../../islands/mount";
import { brandOptions, categoryOptions, idFilter } from "./format";
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

const PRODUCT_DETAIL_ROUTE = "/productDetail";

/** /productList (CPGL-PAG-0001): products with the acting store's switch and price. */
export function ProductListPage() {
  const { t } = useTranslation("catalog");
  const options = useProductOptions();
  const paging = usePaging();
  const { refilter } = paging;
  const [keywordInput, setKeywordInput] = useState("");
  const [keyword, setKeyword] = useState("");
  const [category, setCategory] = useState("");
  const [brand, setBrand] = useState("");
  const [useType, setUseType] = useState<UseType | "">("");
  const [enabled, setEnabled] = useState<EnabledChoice>("");

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
    <PageFrame
      title={t("products.title")}
      actions={<ExportButton url={exportUrl(PRODUCT_EXPORT_PATH, search)} fileName="products.xlsx" />}
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
            setBrand("");
            setUseType("");
            setEnabled("");
          })
        }
      >
        <FilterSelect
          id="product-category-label"
          label={t("filters.category")}
          allLabel={t("filters.all")}
          value={category}
          options={categoryOptions(options.data?.categories ?? [])}
          minWidth={150}
          onChange={(value) => refilter(() => setCategory(value))}
        />
        <FilterSelect
          id="product-brand-label"
          label={t("filters.brand")}
          allLabel={t("filters.all")}
          value={brand}
          options={brandOptions((options.data?.brands ?? []).map((brand) => ({ brand })))}
          minWidth={140}
          onChange={(value) => refilter(() => setBrand(value))}
        />
        <FilterSelect
          id="product-use-label"
          label={t("filters.useType")}
          allLabel={t("filters.all")}
          value={useType}
          options={[
            { value: "retail", label: t("useType.retail") },
            { value: "professional", label: t("useType.professional") },
          ]}
          minWidth={130}
          onChange={(value) => refilter(() => setUseType(value as UseType | ""))}
        />
        <EnabledSelect value={enabled} onChange={(value) => refilter(() => setEnabled(value))} />
      </SearchBar>
      <CatalogTable
        paging={paging}
        result={result}
        label={t("products.title")}
        emptyText={t("products.empty")}
        rowHref={(row) => `${PRODUCT_DETAIL_ROUTE}?id=${row.id}`}
        columns={[
          { key: "code", label: t("columns.code"), render: (row) => row.code },
          { key: "name", label: t("columns.name"), render: (row) => row.name },
          { key: "brand", label: t("columns.brand"), render: (row) => row.brand },
          { key: "category", label: t("columns.category"), render: (row) => row.categoryName },
          { key: "spec", label: t("columns.specification"), render: (row) => row.specification },
          { key: "unit", label: t("columns.unit"), render: (row) => row.unit },
          { key: "barcode", label: t("columns.barcode"), render: (row) => row.barcode },
          { key: "useType", label: t("columns.useType"), render: (row) => t(`useType.${row.useType}`) },
          ...priceColumns<Product>(t, "product"),
        ]}
      />
    </PageFrame>
  );
}

mountIsland(<ProductListPage />);
