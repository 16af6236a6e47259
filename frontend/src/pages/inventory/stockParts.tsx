/** Pieces the live stock and safety stock pages share: the store, the filters, the below-safety
 * flag, the export and a product's move history. */
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Checkbox from "@mui/material/Checkbox";
import Chip from "@mui/material/Chip";
import Drawer from "@mui/material/Drawer";
import FormControlLabel from "@mui/material/FormControlLabel";
import Link from "@mui/material/Link";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { exportUrl, useProductOptions } from "../../api/catalog";
import {
  LIVE_EXPORT_PATH,
  LIVE_SORTS,
  USE_TYPES,
  documentHref,
  useProductMoves,
  type LiveSearch,
  type LiveSort,
  type MoveRow,
  type StockRow,
  type StockStores,
  useStockStores,
} from "../../api/stock";
import { FilterSelect } from "../../components/filters";
import { LimitedTextField } from "../../components/LimitedTextField";
import { NOWRAP, PagedTable, usePaging, type PagedColumn } from "../../components/PagedTable";
import { storeDateTime } from "../../lib/dates";
import { CappedExportButton } from "../../components/CappedExportButton";
import { RetryAlert } from "../../components/RetryAlert";
import { useFilterForm } from "../../lib/filterForm";
import { DrawerHeading } from "../../components/layout";

export const NS = "stock";

export interface StockFilterInput {
  search: string;
  categoryId: string;
  brand: string;
  useType: string;
  belowSafety: boolean;
  zeroOnly: boolean;
  sort: LiveSort;
}

export const EMPTY_FILTERS: StockFilterInput = {
  search: "",
  categoryId: "",
  brand: "",
  useType: "",
  belowSafety: false,
  zeroOnly: false,
  sort: "code",
};

/** The list call's filters from the form (empty ones left out by the call). */
export function searchFrom(input: StockFilterInput, storeId: number | null): Omit<LiveSearch, "pageNo" | "pageSize"> {
  return {
    storeId,
    search: input.search.trim(),
    categoryId: input.categoryId ? Number(input.categoryId) : null,
    brand: input.brand,
    useType: (input.useType || "") as LiveSearch["useType"],
    belowSafety: input.belowSafety || undefined,
    zeroOnly: input.zeroOnly || undefined,
    sort: input.sort === "code" ? undefined : input.sort,
  };
}

/** The store a page shows: the chosen store, or the first one a head-office level may choose. */
export function initialStore(stores: StockStores | undefined): number | null {
  if (!stores) return null;
  return stores.chosenStoreId ?? stores.stores[0]?.id ?? null;
}

/**
 * A store's stock list: the stores the person may see, the store shown (the session's or the first
 * until another is chosen: it applies at once and Reset keeps it), the filter form, the paging, and
 * the list call's filters.
 */
export function useStockList() {
  const stores = useStockStores();
  const paging = usePaging();
  const [chosenStore, setChosenStore] = useState<number | null>(null);
  const storeId = chosenStore ?? initialStore(stores.data);
  const form = useFilterForm({ empty: EMPTY_FILTERS, toSearch: (input: StockFilterInput) => input, paging });
  /** Shows another store from the first page; `forget` lets go of what the page held of the last. */
  const chooseStore = (id: number, forget?: () => void) =>
    paging.refilter(() => {
      setChosenStore(id);
      forget?.();
    });
  return { stores, paging, storeId, form, search: searchFrom(form.filters, storeId), chooseStore };
}

export type StockList = ReturnType<typeof useStockList>;

/** A stock list's filters with its store picker (`onStore`: what else a new store changes). */
export function StockListFilters({ list, onStore }: { list: StockList; onStore?: (storeId: number) => void }) {
  return (
    <StockFilterFields form={list.form} brands={list.stores.data?.brands ?? []}>
      <StorePicker
        stores={list.stores.data}
        storeId={list.storeId}
        onChange={onStore ?? ((storeId) => list.chooseStore(storeId))}
      />
    </StockFilterFields>
  );
}

/** Above a stock list: the stores' failure with a retry. */
export function StoresFailure({ list }: { list: StockList }) {
  const { stores } = list;
  return stores.isError ? <RetryAlert onRetry={() => void stores.refetch()}>{stores.error.message}</RetryAlert> : null;
}

/** Above a stock list's table: the note that a store is to be chosen, while none is. */
export function ChooseStoreNote({ list }: { list: StockList }) {
  const { t } = useTranslation(NS);
  return list.stores.data && list.storeId === null ? <Alert severity="info">{t("filters.chooseStore")}</Alert> : null;
}

export function StorePicker({
  stores,
  storeId,
  onChange,
}: {
  stores: StockStores | undefined;
  storeId: number | null;
  onChange: (storeId: number) => void;
}) {
  const { t } = useTranslation(NS);
  if (!stores || stores.stores.length < 2) return null;
  return (
    <FilterSelect
      id="stock-store"
      label={t("filters.store")}
      allLabel={t("filters.chooseStore")}
      value={storeId ? String(storeId) : ""}
      options={stores.stores.map((store) => ({ value: String(store.id), label: store.name }))}
      minWidth={180}
      onChange={(value) => value && onChange(Number(value))}
    />
  );
}

/** The stock filters: the page's own first (`children`: the store), then words, category, brand,
 * use type, sort and the two flags (the records page adds Search and Reset). */
export function StockFilterFields({
  form,
  brands,
  children,
}: {
  /** The filter form (useFilterForm's): its input, and a part of it changed. */
  form: { input: StockFilterInput; update: (patch: Partial<StockFilterInput>) => void };
  brands: readonly string[];
  children?: React.ReactNode;
}) {
  const { t } = useTranslation(NS);
  const options = useProductOptions();
  const { input } = form;
  const set = <K extends keyof StockFilterInput>(key: K, value: StockFilterInput[K]) =>
    form.update({ [key]: value } as Pick<StockFilterInput, K>);
  return (
    <>
      {children}
      <LimitedTextField
        maxChars={40}
        size="small"
        label={t("filters.search")}
        value={input.search}
        onChange={(event) => set("search", event.target.value)}
      />
      <FilterSelect
        id="stock-category"
        label={t("filters.category")}
        allLabel={t("filters.allCategories")}
        value={input.categoryId}
        options={(options.data?.categories ?? []).map((category) => ({
          value: String(category.categoryId),
          label: category.categoryName,
        }))}
        minWidth={140}
        onChange={(value) => set("categoryId", value)}
      />
      <FilterSelect
        id="stock-brand"
        label={t("filters.brand")}
        allLabel={t("filters.allBrands")}
        value={input.brand}
        options={brands.map((brand) => ({ value: brand, label: brand }))}
        minWidth={120}
        onChange={(value) => set("brand", value)}
      />
      <FilterSelect
        id="stock-use-type"
        label={t("filters.useType")}
        allLabel={t("filters.allUseTypes")}
        value={input.useType}
        options={USE_TYPES.map((useType) => ({ value: useType, label: t(`useTypes.${useType}`) }))}
        minWidth={120}
        onChange={(value) => set("useType", value)}
      />
      <FilterSelect
        id="stock-sort"
        label={t("filters.sort")}
        allLabel={t("sorts.code")}
        value={input.sort === "code" ? "" : input.sort}
        options={LIVE_SORTS.filter((sort) => sort !== "code").map((sort) => ({
          value: sort,
          label: t(`sorts.${sort}`),
        }))}
        minWidth={150}
        onChange={(value) => set("sort", (value || "code") as LiveSort)}
      />
      <FormControlLabel
        control={
          <Checkbox checked={input.belowSafety} onChange={(event) => set("belowSafety", event.target.checked)} />
        }
        label={t("filters.belowSafety")}
      />
      <FormControlLabel
        control={<Checkbox checked={input.zeroOnly} onChange={(event) => set("zeroOnly", event.target.checked)} />}
        label={t("filters.zeroOnly")}
      />
    </>
  );
}

export function SafetyFlag({ row }: { row: StockRow }) {
  const { t } = useTranslation(NS);
  return row.belowSafety ? (
    <Chip size="small" color="warning" label={t("below")} data-testid={`below-${row.code}`} />
  ) : (
    <Chip size="small" variant="outlined" label={t("ok")} />
  );
}

/** Exports the applied filters as an .xlsx in the page's language. */
export function StockExportButton({ search, count }: { search: object; count: number | null }) {
  return (
    <CappedExportButton
      url={exportUrl(LIVE_EXPORT_PATH, search)}
      fileName="live-stock.xlsx"
      count={count}
      ns={NS}
      testId="stock-export"
    />
  );
}

function DocumentCell({ move }: { move: MoveRow }) {
  const href = documentHref(move);
  const text = `${move.documentKindName} ${move.documentNumber}`;
  return href ? (
    <Link href={href} underline="hover">
      {text}
    </Link>
  ) : (
    <span>{text}</span>
  );
}

/** A product's moves in the store, newest first, in a drawer over the list. */
export function MovesDrawer({
  product,
  storeId,
  onClose,
}: {
  product: StockRow | null;
  storeId: number | null;
  onClose: () => void;
}) {
  const { t } = useTranslation(NS);
  const paging = usePaging();
  const search = product
    ? { storeId, productId: product.productId, pageNo: paging.pageIndex + 1, pageSize: paging.pageSize }
    : null;
  const result = useProductMoves(search);
  const heading = result.data?.product ?? product;
  const columns: PagedColumn<MoveRow>[] = [
    {
      key: "time",
      label: t("moves.time"),
      cellSx: NOWRAP,
      render: (row) => storeDateTime(row.createdAt),
    },
    {
      key: "kind",
      label: t("moves.kind"),
      render: (row) => (
        <span>
          {row.kindName}
          {row.otherStoreName ? (
            <Typography variant="caption" component="div" color="text.secondary">
              {t("moves.otherStore", { name: row.otherStoreName })}
            </Typography>
          ) : null}
          {row.remark ? (
            <Typography variant="caption" component="div" color="text.secondary">
              {row.remark}
            </Typography>
          ) : null}
        </span>
      ),
    },
    { key: "document", label: t("moves.document"), render: (row) => <DocumentCell move={row} /> },
    {
      key: "quantity",
      label: t("moves.quantity"),
      align: "right",
      cellSx: NOWRAP,
      render: (row) => (
        <Box component="span" sx={{ color: row.quantity.startsWith("-") ? "error.main" : "success.main" }}>
          {row.quantity.startsWith("-") ? row.quantityDisplay : `+${row.quantityDisplay}`}
        </Box>
      ),
    },
    { key: "after", label: t("moves.after"), align: "right", cellSx: NOWRAP, render: (row) => row.afterDisplay },
    { key: "operator", label: t("moves.operator"), render: (row) => row.operatorName || t("dash") },
  ];
  return (
    <Drawer
      anchor="right"
      open={product !== null}
      onClose={onClose}
      slotProps={{ paper: { sx: { width: { xs: "100%", md: 820 } } } }}
    >
      {heading ? (
        <Box sx={{ p: 2 }} data-testid="moves-drawer">
          <DrawerHeading
            title={t("moves.title", { code: heading.code, name: heading.name })}
            closeLabel={t("moves.close")}
            onClose={onClose}
            sx={{ mb: 1 }}
          />
          <Alert severity={heading.belowSafety ? "warning" : "info"} sx={{ mb: 2 }}>
            {t("moves.now", { display: heading.display })}
          </Alert>
          <PagedTable
            label={t("moves.title", { code: heading.code, name: heading.name })}
            result={result}
            paging={paging}
            nowrapHeads
            columns={columns}
            rowKey={(row) => row.id}
            rowTestId={(row) => `move-${row.id}`}
            emptyText={t("moves.empty")}
          />
        </Box>
      ) : null}
    </Drawer>
  );
}
