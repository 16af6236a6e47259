import type { UseQueryResult } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import type { Page } from "../../api/client";
import type { CatalogSearch, ItemState, ItemType } from "../../api/catalog";
import { SwitchableFilters, pricedTable, type Column, useSwitchableFilters } from "./parts";
import { pageNo } from "../../lib/paging";
import { usePaging } from "../../components/PagedTable";
import { RecordsPage } from "../../components/records/RecordsPage";

interface PackageListProps<Row extends ItemState> {
  /** The catalogue namespace's key holding `title` and `empty`: "productPackages" or "projectPackages". */
  texts: "productPackages" | "projectPackages";
  itemType: ItemType;
  useRows: (search: CatalogSearch) => UseQueryResult<Page<Row>>;
  detailRoute: string;
  /** "Shampoo × 2; Tonic × 1": what the package holds. */
  contents: (row: Row) => string;
  /** Columns of this kind of package between its contents and its prices. */
  extraColumns?: Column<Row>[];
}

/** The list of product packages or project packages: search, the store switch filter, paging. */
export function PackageList<Row extends ItemState>({
  texts,
  itemType,
  useRows,
  detailRoute,
  contents,
  extraColumns = [],
}: PackageListProps<Row>) {
  const { t } = useTranslation("catalog");
  const paging = usePaging();
  const form = useSwitchableFilters(paging);
  const { keyword, enabled } = form.filters;
  const result = useRows({ pageNo: pageNo(paging.pageIndex), pageSize: paging.pageSize, keyword, enabled });

  return (
    <RecordsPage
      title={t(`${texts}.title`)}
      form={form}
      filters={<SwitchableFilters form={form} />}
      table={pricedTable(t, itemType, {
        paging,
        result,
        emptyText: t(`${texts}.empty`),
        rowHref: (row) => `${detailRoute}?id=${row.id}`,
        columns: [
          { key: "code", label: t("columns.code"), render: (row) => row.code },
          { key: "name", label: t("columns.name"), render: (row) => row.name },
          { key: "lines", wrap: true, label: t("columns.contents"), render: (row) => contents(row) || "—" },
          ...extraColumns,
        ],
      })}
    />
  );
}
