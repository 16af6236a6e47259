import AddIcon from "@mui/icons-material/Add";
import SearchIcon from "@mui/icons-material/Search";
import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Checkbox from "@mui/material/Checkbox";
import Chip from "@mui/material/Chip";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import FormControlLabel from "@mui/material/FormControlLabel";
import Link from "@mui/material/Link";
import Radio from "@mui/material/Radio";
import RadioGroup from "@mui/material/RadioGroup";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useProductOptions, useProducts } from "../../api/catalog";
import {
  STATUSES,
  exportUrl,
  startStocktake,
  stocktakeHref,
  useStocktakes,
  type Stocktake,
  type StocktakeSearch,
} from "../../api/stocktakes";
import { FilterSelect } from "../../components/filters";
import { NOWRAP, usePaging, type PagedColumn } from "../../components/PagedTable";
import { FilterText, FormDateRange, SearchButtons } from "../../components/records/filterFields";
import { RecordsPage } from "../../components/records/RecordsPage";
import { mountIsland } from "../../islands/mount";
import { reversedRange, useFilterForm } from "../../lib/filterForm";
import { storeDateTime } from "../../lib/dates";
import { formatMoney } from "../../lib/money";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { CappedExportButton } from "../../components/CappedExportButton";

const NS = "stocktakes";

interface FilterInput {
  status: string;
  from: string;
  to: string;
  keyword: string;
}

const EMPTY: FilterInput = { status: "", from: "", to: "", keyword: "" };

export function filtersFrom(input: FilterInput): StocktakeSearch {
  return {
    status: (input.status || null) as StocktakeSearch["status"],
    startDate: input.from || null,
    endDate: input.to || null,
    keyword: input.keyword.trim() || null,
  };
}

/** /inventoryRecord (KCGL-0008): the store's stocktakes, newest first, by status, date and number; a
 * row opens its count. "New stocktake" freezes the live stock after a confirmation. */
export function StocktakeListPage({ navigate = (href: string) => window.location.assign(href) }) {
  const { t } = useTranslation(NS);
  const paging = usePaging();
  const form = useFilterForm({ empty: EMPTY, toSearch: filtersFrom, paging, check: reversedRange });
  const { input, set, filters } = form;
  const result = useStocktakes({ pageNo: paging.pageIndex + 1, pageSize: paging.pageSize, ...filters });
  const [starting, setStarting] = useState(false);
  const dash = t("dash");
  const columns: PagedColumn<Stocktake>[] = [
    {
      key: "number",
      label: t("list.number"),
      render: (row) => (
        <Link href={stocktakeHref(row.stocktakeId)} underline="hover">
          {row.number}
        </Link>
      ),
    },
    {
      key: "createdAt",
      label: t("list.createdAt"),
      cellSx: NOWRAP,
      render: (row) => storeDateTime(row.createdAt),
    },
    {
      key: "scope",
      label: t("list.scope"),
      render: (row) => (row.scopeNames ? `${row.scopeName}: ${row.scopeNames}` : row.scopeName),
    },
    { key: "status", label: t("list.status"), render: (row) => t(`statuses.${row.status}`) },
    {
      key: "counted",
      label: t("list.counted"),
      align: "right",
      render: (row) => `${row.countedCount} / ${row.lineCount}`,
    },
    { key: "differences", label: t("list.differences"), align: "right", render: (row) => row.differenceCount },
    {
      key: "value",
      label: t("list.value"),
      align: "right",
      render: (row) => formatMoney(row.differenceValue),
    },
    { key: "createdBy", label: t("list.createdBy"), render: (row) => row.createdByName || dash },
    { key: "decidedBy", label: t("list.decidedBy"), render: (row) => row.decidedByName || dash },
  ];
  return (
    <RecordsPage
      title={t("list.title")}
      actions={
        <Stack direction="row" spacing={1}>
          <ExportButton search={filters} total={result.data?.total ?? null} />
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setStarting(true)}>
            {t("start.button")}
          </Button>
        </Stack>
      }
      onSearch={form.submit}
      filters={
        <>
          <FilterSelect
            id="stocktake-status"
            label={t("list.status")}
            allLabel={t("list.allStatuses")}
            value={input.status}
            options={STATUSES.map((status) => ({ value: status, label: t(`statuses.${status}`) }))}
            minWidth={140}
            onChange={(value) => set("status", value)}
          />
          <FormDateRange
            form={form}
            fromLabel={t("list.from")}
            toLabel={t("list.to")}
            toError={form.error && t(`members:${form.error}`)}
          />
          <FilterText form={form} name="keyword" label={t("list.keyword")} maxChars={32} />
          <SearchButtons searchLabel={t("list.search")} resetLabel={t("list.reset")} onReset={form.reset} />
        </>
      }
      table={{
        result,
        paging,
        columns,
        rowKey: (row) => row.stocktakeId,
        rowTestId: (row) => `stocktake-row-${row.stocktakeId}`,
        emptyText: t("list.empty"),
      }}
    >
      <StartDialog open={starting} onClose={() => setStarting(false)} onStarted={(id) => navigate(stocktakeHref(id))} />
    </RecordsPage>
  );
}

/** Spec §5: 100,000 rows or more are refused here before any call; the server refuses too. */
function ExportButton({ search, total }: { search: StocktakeSearch; total: number | null }) {
  return <CappedExportButton url={exportUrl(search)} fileName="stocktakes.xlsx" count={total} ns={NS} />;
}

type Scope = "store" | "categories" | "products";

/** Chosen products: found by code or name in the catalogue, kept as chips. */
function ProductPicker({
  chosen,
  onChange,
}: {
  chosen: { id: number; name: string }[];
  onChange: (products: { id: number; name: string }[]) => void;
}) {
  const { t } = useTranslation(NS);
  const [input, setInput] = useState("");
  const [keyword, setKeyword] = useState("");
  const found = useProducts({ keyword, pageNo: 1, pageSize: 20 });
  const has = (id: number) => chosen.some((product) => product.id === id);
  const toggle = (product: { id: number; name: string }) =>
    onChange(has(product.id) ? chosen.filter((item) => item.id !== product.id) : [...chosen, product]);
  return (
    <Stack spacing={1} sx={{ pl: 3 }}>
      <Stack direction="row" spacing={1}>
        <TextField
          size="small"
          label={t("start.findProduct")}
          value={input}
          onChange={(event) => setInput(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === "Enter") setKeyword(input.trim());
          }}
          slotProps={{ htmlInput: { maxLength: 32 } }}
        />
        <Button variant="outlined" startIcon={<SearchIcon />} onClick={() => setKeyword(input.trim())}>
          {t("list.search")}
        </Button>
      </Stack>
      <Stack direction="row" sx={{ flexWrap: "wrap", gap: 1 }}>
        {chosen.map((product) => (
          <Chip key={product.id} label={product.name} onDelete={() => toggle(product)} />
        ))}
      </Stack>
      <Stack direction="row" sx={{ flexWrap: "wrap" }}>
        {(found.data?.list ?? []).map((product) => (
          <FormControlLabel
            key={product.id}
            control={
              <Checkbox checked={has(product.id)} onChange={() => toggle({ id: product.id, name: product.name })} />
            }
            label={`${product.code} ${product.name}`}
          />
        ))}
      </Stack>
    </Stack>
  );
}

/** Starting a stocktake: the whole store or chosen categories, a remark, then a confirmation before
 * the live stock is frozen. */
function StartDialog({
  open,
  onClose,
  onStarted,
}: {
  open: boolean;
  onClose: () => void;
  onStarted: (stocktakeId: number) => void;
}) {
  const { t } = useTranslation(NS);
  const [scope, setScope] = useState<Scope>("store");
  const [categories, setCategories] = useState<number[]>([]);
  const [products, setProducts] = useState<{ id: number; name: string }[]>([]);
  const [remark, setRemark] = useState("");
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");
  const options = useProductOptions();
  const toggle = (id: number) =>
    setCategories((previous) => (previous.includes(id) ? previous.filter((item) => item !== id) : [...previous, id]));
  const ask = () => {
    if (scope === "categories" && categories.length === 0) {
      setError(t("start.chooseCategories"));
      return;
    }
    if (scope === "products" && products.length === 0) {
      setError(t("start.chooseProducts"));
      return;
    }
    setError("");
    setConfirming(true);
  };
  const start = async () => {
    setBusy(true);
    try {
      const started = await startStocktake({
        scope,
        ...(scope === "categories" ? { categoryIds: categories } : {}),
        ...(scope === "products" ? { productIds: products.map((product) => product.id) } : {}),
        remark: remark.trim(),
      });
      setConfirming(false);
      onStarted(started.stocktakeId);
    } catch (failure) {
      setConfirming(false);
      setError(failure instanceof Error ? failure.message : t("start.failed"));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Dialog open={open && !confirming} onClose={onClose} fullWidth maxWidth="sm">
        <DialogTitle>{t("start.title")}</DialogTitle>
        <DialogContent>
          <RadioGroup value={scope} onChange={(event) => setScope(event.target.value as Scope)}>
            <FormControlLabel value="store" control={<Radio />} label={t("start.wholeStore")} />
            <FormControlLabel value="categories" control={<Radio />} label={t("start.categories")} />
            <FormControlLabel value="products" control={<Radio />} label={t("start.products")} />
          </RadioGroup>
          {scope === "products" ? <ProductPicker chosen={products} onChange={setProducts} /> : null}
          {scope === "categories" ? (
            <Stack direction="row" sx={{ flexWrap: "wrap", pl: 3 }}>
              {(options.data?.categories ?? []).map((category) => (
                <FormControlLabel
                  key={category.categoryId}
                  control={
                    <Checkbox
                      checked={categories.includes(category.categoryId)}
                      onChange={() => toggle(category.categoryId)}
                    />
                  }
                  label={category.categoryName}
                />
              ))}
            </Stack>
          ) : null}
          <TextField
            fullWidth
            size="small"
            sx={{ mt: 2 }}
            label={t("start.remark")}
            value={remark}
            slotProps={{ htmlInput: { maxLength: 200 } }}
            onChange={(event) => setRemark(event.target.value)}
          />
          {error ? (
            <Alert severity="error" sx={{ mt: 2 }}>
              {error}
            </Alert>
          ) : null}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t("cancel")}</Button>
          <Button variant="contained" onClick={ask}>
            {t("start.next")}
          </Button>
        </DialogActions>
      </Dialog>
      <ConfirmDialog
        open={open && confirming}
        title={t("start.confirmTitle")}
        message={t("start.confirm")}
        busy={busy}
        onConfirm={() => void start()}
        onCancel={() => setConfirming(false)}
      />
    </>
  );
}

mountIsland(<StocktakeListPage />);
