import FileDownloadIcon from "@mui/icons-material/FileDownload";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import Switch from "@mui/material/Switch";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableContainer from "@mui/material/TableContainer";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../api/client";
import {
  catalogKeys,
  fetchExport,
  saveStoreItem,
  type ItemState,
  type ItemType,
  type PriceChange,
} from "../../api/catalog";
import { ColumnCells, NOWRAP, type PagedColumn } from "../../components/PagedTable";
import { notify } from "../../lib/notices";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { FilterSelect } from "../../components/filters";
import { PageFrame as Frame, Section } from "../../components/layout";
import { PAGE_SIZES, categoryOptions, formatMoney, parseStorePrice, unusualStorePrice } from "./format";
import { storeDateTime } from "../../lib/dates";
import { saveBlob } from "../../lib/download";
import { notifyExportQueued } from "../../components/CappedExportButton";
import { FilterText } from "../../components/records/filterFields";
import type { RecordsTableProps } from "../../components/records/RecordsPage";
import { DetailPage, type DetailPageProps } from "../../components/DetailPage";
import { useKeywordFilters, type Refiltering } from "../../lib/filterForm";

/** The frame of a catalogue page: wide, the lists have many columns. */
export function PageFrame(props: { title: string; actions?: ReactNode; children: ReactNode }) {
  return <Frame wide {...props} />;
}

// --- lists ---------------------------------------------------------------------------------------

export interface Column<Row> extends Omit<PagedColumn<Row>, "cellSx"> {
  /** Long text that may wrap; other cells keep to one line. */
  wrap?: boolean;
}

/** A catalogue list's table on a records page: its page sizes, rows keyed by id, long text wrapping
 * where a column says so and every other cell on one line. */
export function catalogTable<Row extends { id: number }>({
  columns,
  ...props
}: Omit<RecordsTableProps<Row>, "columns" | "pageSizes" | "rowKey"> & {
  columns: readonly Column<Row>[];
}): RecordsTableProps<Row> & { pageSizes: readonly number[] } {
  return {
    ...props,
    pageSizes: PAGE_SIZES,
    rowKey: (row) => row.id,
    columns: columns.map(({ wrap, ...column }) => ({ ...column, cellSx: wrap ? { minWidth: 160 } : NOWRAP })),
  };
}

interface KeywordForm {
  input: { keyword: string };
  set: (key: "keyword", value: string) => void;
}

/** A priced catalogue list's table: catalogTable's, its columns followed by the price columns. */
export function pricedTable<Row extends ItemState & { id: number }>(
  t: (key: string) => string,
  itemType: ItemType,
  { columns, ...options }: Parameters<typeof catalogTable<Row>>[0],
) {
  return catalogTable<Row>({ ...options, columns: [...columns, ...priceColumns<Row>(t, itemType)] });
}

/** The keyword box and the page's drop-downs (`children`); the records page adds Search and Reset. */
export function KeywordFilters({ form, children }: { form: KeywordForm; children?: ReactNode }) {
  const { t } = useTranslation("catalog");
  return (
    <>
      <FilterText form={form} name="keyword" label={t("filters.keyword")} maxChars={100} />
      {children}
    </>
  );
}

export type EnabledChoice = "" | "true" | "false";

/** The filter form of a list whose items a store switches on and off: the keyword, on or off, and the
 * page's own drop-downs (`more`, as they start). */
export function useSwitchableFilters<More extends object = Record<never, never>>(paging: Refiltering, more?: More) {
  return useKeywordFilters({ keyword: "", enabled: "" as EnabledChoice, ...(more as More) }, paging);
}

/** The filters of a list whose items a store switches on and off: the keyword, the page's drop-downs
 * (`children`) and on or off. */
export function SwitchableFilters({
  form,
  children,
}: {
  form: KeywordForm & {
    input: { enabled: EnabledChoice };
    choose: (key: "enabled", value: EnabledChoice) => void;
  };
  children?: ReactNode;
}) {
  return (
    <KeywordFilters form={form}>
      {children}
      <EnabledSelect value={form.input.enabled} onChange={(value) => form.choose("enabled", value)} />
    </KeywordFilters>
  );
}

function EnabledSelect({ value, onChange }: { value: EnabledChoice; onChange: (value: EnabledChoice) => void }) {
  const { t } = useTranslation("catalog");
  return (
    <FilterSelect
      id="catalog-enabled-label"
      label={t("filters.enabled")}
      allLabel={t("filters.all")}
      value={value}
      options={[
        { value: "true", label: t("filters.on") },
        { value: "false", label: t("filters.off") },
      ]}
      minWidth={120}
      onChange={(next) => onChange(next as EnabledChoice)}
    />
  );
}

/** The category drop-down of a catalogue list, its choices the categories of `rows`. */
export function CategorySelect({
  id,
  rows,
  value,
  onChange,
}: {
  id: string;
  rows: readonly { categoryId: number; categoryName: string }[];
  value: string;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation("catalog");
  return (
    <FilterSelect
      id={id}
      label={t("filters.category")}
      allLabel={t("filters.all")}
      value={value}
      options={categoryOptions(rows)}
      minWidth={150}
      onChange={onChange}
    />
  );
}

// --- the store's switch and price ------------------------------------------------------------------

/** The store's switch of a row: switching off asks first; the client shows the outcome. */
export function StoreSwitch({
  itemType,
  item,
}: {
  itemType: ItemType;
  item: { id: number; name: string; enabled: boolean; storeEnabled: boolean };
}) {
  const { t } = useTranslation("catalog");
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const save = useMutation({
    mutationFn: (enabled: boolean) => saveStoreItem({ itemType, itemId: item.id, enabled }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: catalogKeys.all }),
  });
  const change = (enabled: boolean) => {
    if (enabled) save.mutate(true);
    else setConfirming(true);
  };
  return (
    <Box component="span" onClick={(event) => event.stopPropagation()}>
      <Switch
        size="small"
        checked={item.storeEnabled}
        disabled={!item.enabled || save.isPending}
        onChange={(event) => change(event.target.checked)}
        slotProps={{ input: { "aria-label": t("store.switchFor", { name: item.name }) } }}
        title={item.enabled ? undefined : t("store.headOfficeOff")}
      />
      <Dialog open={confirming} onClose={() => setConfirming(false)}>
        <DialogTitle>{t("store.offTitle")}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t("store.offText", { name: item.name })}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)}>{t("cancel")}</Button>
          <Button
            color="warning"
            variant="contained"
            onClick={() => {
              setConfirming(false);
              save.mutate(false);
            }}
          >
            {t("store.switchOff")}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}

/** The store's own price, where head office allows it; empty clears it. */
/** The price columns every priced list ends with: head office's, the store's, the effective one, and
 * the store's switch and price button. `t` is the catalogue namespace's translate function. */
function priceColumns<Row extends ItemState>(t: (key: string) => string, itemType: ItemType): Column<Row>[] {
  return [
    { key: "price", label: t("columns.price"), align: "right", render: (row) => formatMoney(row.price) },
    {
      key: "storePrice",
      label: t("columns.storePrice"),
      align: "right",
      render: (row) => formatMoney(row.storePrice) || "—",
    },
    {
      key: "effective",
      label: t("columns.effectivePrice"),
      align: "right",
      render: (row) => formatMoney(row.effectivePrice),
    },
    {
      key: "store",
      label: t("columns.storeEnabled"),
      render: (row) => (
        <>
          <StoreSwitch itemType={itemType} item={row} />
          <StorePriceButton itemType={itemType} item={row} />
        </>
      ),
    },
  ];
}

function StorePriceButton({ itemType, item }: { itemType: ItemType; item: ItemState }) {
  const { t } = useTranslation("catalog");
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState("");
  const [error, setError] = useState("");
  // A price far from head office's waits for a "yes" naming both prices.
  const [unusual, setUnusual] = useState<{ value: string; reason: "zero" | "low" | "high" } | null>(null);
  const save = useMutation({
    mutationFn: (storePrice: string | null) =>
      saveStoreItem({ itemType, itemId: item.id, enabled: item.storeEnabled, storePrice }),
    onSuccess: async () => {
      setOpen(false);
      await queryClient.invalidateQueries({ queryKey: catalogKeys.all });
    },
    onError: (failure) => {
      if (failure instanceof ApiError) setError(failure.fields.storePrice?.[0] ?? failure.message);
    },
  });
  // `enabled` is required by the call and the rows only show head office && store: with head office off,
  // a price save would also switch the store off, so the price waits until head office switches it on.
  if (!item.storePriceAllowed || !item.enabled) return null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseStorePrice(text);
    if ("error" in parsed) {
      setError(t(`store.priceErrors.${parsed.error}`));
      return;
    }
    const reason = parsed.value === null ? null : unusualStorePrice(parsed.value, item.price);
    if (parsed.value !== null && reason) {
      setUnusual({ value: parsed.value, reason });
      return;
    }
    save.mutate(parsed.value);
  };
  return (
    <Box component="span" onClick={(event) => event.stopPropagation()}>
      <Button
        size="small"
        onClick={() => {
          setText(item.storePrice ?? "");
          setError("");
          setOpen(true);
        }}
      >
        {t("store.price")}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} slotProps={{ paper: { component: "form", onSubmit: submit } }}>
        <DialogTitle>{t("store.priceTitle", { name: item.name })}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            {t("store.priceHint", { price: formatMoney(item.price) })}
          </DialogContentText>
          <TextField
            autoFocus
            fullWidth
            label={t("store.price")}
            value={text}
            onChange={(event) => setText(event.target.value)}
            error={Boolean(error)}
            helperText={error || t("store.priceClear")}
            slotProps={{ htmlInput: { inputMode: "decimal" } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{t("cancel")}</Button>
          <Button type="submit" variant="contained" disabled={save.isPending}>
            {t("save")}
          </Button>
        </DialogActions>
      </Dialog>
      <ConfirmDialog
        open={unusual !== null}
        title={t("store.unusualTitle")}
        message={
          unusual
            ? t(`store.unusual.${unusual.reason}`, {
                storePrice: formatMoney(unusual.value),
                price: formatMoney(item.price),
              })
            : ""
        }
        busy={save.isPending}
        onCancel={() => setUnusual(null)}
        onConfirm={() => {
          if (unusual) save.mutate(unusual.value);
          setUnusual(null);
        }}
      />
    </Box>
  );
}

// --- export --------------------------------------------------------------------------------------

/** Downloads the list with its current filters as a workbook; 100,000 rows or more are made in the
 * download centre, which the notice links to. */
export function ExportButton({ url, fileName }: { url: string; fileName: string }) {
  const { t } = useTranslation("catalog");
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      const outcome = await fetchExport(url, fileName);
      if (outcome.kind === "queued") {
        notifyExportQueued(outcome.message);
        return;
      }
      if (outcome.kind === "refused") {
        notify("error", outcome.message, { durationMs: 4000 });
        return;
      }
      saveBlob(outcome.blob, outcome.fileName);
    } catch (failure) {
      notify("error", failure instanceof Error && failure.message ? failure.message : t("exportFailed"), {
        durationMs: 4000,
      });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="outlined" startIcon={<FileDownloadIcon />} disabled={busy} onClick={() => void run()}>
      {t("export")}
    </Button>
  );
}

// --- details -------------------------------------------------------------------------------------

/** A catalogue detail page: wide, in the catalogue's words for a missing or unknown record. */
export function CatalogDetailFrame<T>(props: Omit<DetailPageProps<T>, "wide" | "missingId" | "notFound">) {
  const { t } = useTranslation("catalog");
  return <DetailPage wide missingId={t("missingId")} notFound={t("notFound")} {...props} />;
}

interface SimpleTableProps<Row> {
  label: string;
  emptyText: string;
  columns: readonly { label: string; align?: "right"; render: (row: Row) => ReactNode }[];
  rows: readonly Row[];
  rowKey: (row: Row, index: number) => string | number;
}

/** A small read-only table of a detail page. */
export function SimpleTable<Row>({ label, emptyText, columns, rows, rowKey }: SimpleTableProps<Row>) {
  return (
    <TableContainer>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            {columns.map((column) => (
              <TableCell key={column.label} align={column.align}>
                {column.label}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.length === 0 ? (
            <TableRow>
              <TableCell colSpan={columns.length}>
                <Typography color="text.secondary">{emptyText}</Typography>
              </TableCell>
            </TableRow>
          ) : (
            rows.map((row, index) => (
              <TableRow key={rowKey(row, index)}>
                <ColumnCells columns={columns} row={row} />
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** What a package or a promotion holds, in a section of its own. */
export function LinesSection<Line>(props: Pick<SimpleTableProps<Line>, "rows" | "rowKey" | "columns">) {
  const { t } = useTranslation("catalog");
  return (
    <Section title={t("lines.title")}>
      <SimpleTable label={t("lines.title")} emptyText={t("lines.empty")} {...props} />
    </Section>
  );
}

export function PriceHistory({ rows }: { rows: readonly PriceChange[] }) {
  const { t } = useTranslation("catalog");
  return (
    <Section title={t("history.title")}>
      <SimpleTable
        label={t("history.title")}
        emptyText={t("history.empty")}
        rows={rows}
        rowKey={(row) => row.id}
        columns={[
          { label: t("history.changedAt"), render: (row) => storeDateTime(row.changedAt) },
          {
            label: t("history.store"),
            render: (row) => (row.storeId === null ? t("history.headOffice") : row.storeName),
          },
          { label: t("history.oldPrice"), align: "right", render: (row) => formatMoney(row.oldPrice) || "—" },
          { label: t("history.newPrice"), align: "right", render: (row) => formatMoney(row.newPrice) || "—" },
          { label: t("history.changedBy"), render: (row) => row.changedBy },
        ]}
      />
    </Section>
  );
}

/** The facts every item shares: prices and switches. */
export function itemStateFacts(item: ItemState, t: (key: string) => string): [string, ReactNode][] {
  return [
    [t("columns.code"), item.code],
    [t("columns.name"), item.name],
    [t("columns.price"), formatMoney(item.price)],
    [t("columns.storePrice"), item.storePrice === null ? "—" : formatMoney(item.storePrice)],
    [t("columns.effectivePrice"), formatMoney(item.effectivePrice)],
    [t("columns.headOfficeEnabled"), item.enabled ? t("yes") : t("no")],
    [t("columns.storeEnabled"), item.storeEnabled ? t("yes") : t("no")],
    [t("columns.storePriceAllowed"), item.storePriceAllowed ? t("yes") : t("no")],
  ];
}

/** The store's switch and price controls on a detail page. */
export function StoreControls({ itemType, item }: { itemType: ItemType; item: ItemState }) {
  const { t } = useTranslation("catalog");
  return (
    <Box sx={{ display: "flex", alignItems: "center", gap: 1, mt: 1 }}>
      <Typography variant="body2">{t("columns.storeEnabled")}</Typography>
      <StoreSwitch itemType={itemType} item={item} />
      <StorePriceButton itemType={itemType} item={item} />
    </Box>
  );
}
