import SaveIcon from "@mui/icons-material/Save";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Checkbox from "@mui/material/Checkbox";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../api/client";
import { useLiveStock, useSaveSafetyStock, type StockRow } from "../../api/stock";
import { NOWRAP, type PagedColumn } from "../../components/PagedTable";
import { RecordsPage } from "../../components/records/RecordsPage";
import { mountIsland } from "../../islands/mount";
import { withinBound } from "../../lib/bounds";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { notify } from "../../lib/notices";
import {
  ChooseStoreNote,
  MovesDrawer,
  NS,
  SafetyFlag,
  StockListFilters,
  StoresFailure,
  useStockList,
} from "./stockParts";

/** A safety stock as typed: 0 to 99,999 with up to 3 decimals (the server checks the same). */
export function validSafety(text: string): boolean {
  return withinBound(text, "stockUnits");
}

/** Edits by product: the typed text, or null for "back to the product's default". */
type Edits = Record<number, string | null>;

/** The save call's items from the edits that differ from what the rows show. */
export function changedItems(edits: Edits): { productId: number; quantity: string | null }[] {
  return Object.entries(edits).map(([productId, quantity]) => ({
    productId: Number(productId),
    quantity: quantity === null ? null : quantity.trim(),
  }));
}

/** /safetyStock (KCGL-0013): each product's safety stock in the store (its own or the product's
 * default), edited one by one or for many at once, saved after a confirmation; "below safety only"
 * lists the products under it (each such product raises one task in the task centre). */
export function SafetyStockPage() {
  const { t } = useTranslation(NS);
  const list = useStockList();
  const { paging, storeId } = list;
  const [edits, setEdits] = useState<Edits>({});
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [bulk, setBulk] = useState("");
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [history, setHistory] = useState<StockRow | null>(null);
  const save = useSaveSafetyStock();
  const result = useLiveStock(
    { ...list.search, pageNo: paging.pageIndex + 1, pageSize: paging.pageSize },
    storeId !== null,
  );
  const rows = result.data?.list ?? [];
  const items = changedItems(edits);
  const invalid = items.some((item) => item.quantity !== null && !validSafety(item.quantity));

  const edit = (productId: number, value: string | null) =>
    setEdits((previous) => ({ ...previous, [productId]: value }));
  const toggle = (productId: number) =>
    setSelected((previous) => {
      const next = new Set(previous);
      if (next.has(productId)) next.delete(productId);
      else next.add(productId);
      return next;
    });
  const applyBulk = () => {
    if (!validSafety(bulk)) {
      setFailure(t("safety.invalid"));
      return;
    }
    setFailure(null);
    setEdits((previous) => ({ ...previous, ...Object.fromEntries([...selected].map((id) => [id, bulk.trim()])) }));
  };
  const startSave = () => {
    if (items.length === 0) {
      setFailure(t("safety.nothing"));
      return;
    }
    if (invalid) {
      setFailure(t("safety.invalid"));
      return;
    }
    setFailure(null);
    setConfirming(true);
  };
  const confirmSave = () => {
    save.mutate(
      { storeId, items },
      {
        onSuccess: (answer) => {
          setConfirming(false);
          setEdits({});
          setSelected(new Set());
          notify("success", t("safety.saved", { count: answer.changed }));
        },
        onError: (error) => {
          setConfirming(false);
          setFailure(error instanceof ApiError ? error.message : String(error));
        },
      },
    );
  };
  const allOnPage = rows.length > 0 && rows.every((row) => selected.has(row.productId));
  const togglePage = () =>
    setSelected((previous) => {
      const next = new Set(previous);
      for (const row of rows) {
        if (allOnPage) next.delete(row.productId);
        else next.add(row.productId);
      }
      return next;
    });

  const columns: PagedColumn<StockRow>[] = [
    {
      key: "select",
      label: "",
      headSx: { width: 48 },
      render: (row) => (
        <Checkbox
          size="small"
          checked={selected.has(row.productId)}
          onChange={() => toggle(row.productId)}
          slotProps={{ input: { "aria-label": t("safety.selectRow", { code: row.code }) } }}
        />
      ),
    },
    { key: "code", label: t("fields.code"), cellSx: NOWRAP, render: (row) => row.code },
    { key: "name", label: t("fields.name"), render: (row) => row.name },
    {
      key: "liveStock",
      label: t("fields.liveStock"),
      align: "right",
      cellSx: NOWRAP,
      render: (row) => (
        <Button size="small" onClick={() => setHistory(row)} data-testid={`stock-${row.code}`}>
          {row.display}
        </Button>
      ),
    },
    {
      key: "safety",
      label: t("fields.safetyStock"),
      render: (row) => <SafetyCell row={row} edits={edits} onEdit={edit} />,
    },
    { key: "status", label: t("fields.status"), render: (row) => <SafetyFlag row={row} /> },
  ];

  return (
    <RecordsPage
      title={t("safety.title")}
      actions={
        <Button
          variant="contained"
          startIcon={<SaveIcon />}
          onClick={startSave}
          disabled={save.isPending}
          data-testid="safety-save"
        >
          {t("safety.save", { count: items.length })}
        </Button>
      }
      intro={<StoresFailure list={list} />}
      form={list.form}
      filters={
        <StockListFilters
          list={list}
          onStore={(id) =>
            list.chooseStore(id, () => {
              setEdits({});
              setSelected(new Set());
            })
          }
        />
      }
      totals={
        <>
          <BulkSafetyBar
            allOnPage={allOnPage}
            onTogglePage={togglePage}
            bulk={bulk}
            onBulk={setBulk}
            selectedCount={selected.size}
            onApply={applyBulk}
          />
          {failure ? (
            <Alert severity="error" sx={{ mb: 2 }} data-testid="safety-failure">
              {failure}
            </Alert>
          ) : null}
          <ChooseStoreNote list={list} />
        </>
      }
      table={{
        result,
        paging,
        columns,
        rowKey: (row) => row.productId,
        rowTestId: (row) => `safety-row-${row.code}`,
        emptyText: t("safety.empty"),
      }}
    >
      <ConfirmDialog
        open={confirming}
        title={t("safety.confirmTitle")}
        message={t("safety.confirm", { count: items.length })}
        busy={save.isPending}
        onConfirm={confirmSave}
        onCancel={() => setConfirming(false)}
      />
      <MovesDrawer product={history} storeId={storeId} onClose={() => setHistory(null)} />
    </RecordsPage>
  );
}

/** A row's safety stock as edited: its own or the product's default, and the way back to the default. */
function SafetyCell({
  row,
  edits,
  onEdit,
}: {
  row: StockRow;
  edits: Edits;
  onEdit: (productId: number, value: string | null) => void;
}) {
  const { t } = useTranslation(NS);
  const edited = row.productId in edits;
  const value = edits[row.productId];
  const text = edited ? (value ?? String(row.safetyDefault)) : row.safetyStock;
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: "center" }}>
      <TextField
        size="small"
        sx={{ width: 110 }}
        value={text}
        error={edited && value !== null && !validSafety(value ?? "")}
        onChange={(event) => onEdit(row.productId, event.target.value)}
        slotProps={{
          htmlInput: { inputMode: "decimal", "aria-label": t("safety.edit", { code: row.code }) },
          input: { endAdornment: <Typography variant="caption">{row.unit}</Typography> },
        }}
      />
      <Typography variant="caption" color="text.secondary" sx={NOWRAP}>
        {edited && value === null
          ? t("defaultSafety")
          : edited
            ? ""
            : row.safetySet
              ? t("ownSafety")
              : t("defaultSafety")}
      </Typography>
      {row.safetySet || (edited && value !== null) ? (
        <Button size="small" onClick={() => onEdit(row.productId, row.safetySet ? null : row.safetyStock)}>
          {t("safety.useDefault")}
        </Button>
      ) : null}
    </Stack>
  );
}

/** Above the table: select the page's rows, and give the selected ones one safety stock. */
function BulkSafetyBar({
  allOnPage,
  onTogglePage,
  bulk,
  onBulk,
  selectedCount,
  onApply,
}: {
  allOnPage: boolean;
  onTogglePage: () => void;
  bulk: string;
  onBulk: (value: string) => void;
  selectedCount: number;
  onApply: () => void;
}) {
  const { t } = useTranslation(NS);
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
      <Box sx={{ display: "flex", gap: 2, alignItems: "center", flexWrap: "wrap" }}>
        <Checkbox
          checked={allOnPage}
          onChange={onTogglePage}
          slotProps={{ input: { "aria-label": t("safety.selectPage") } }}
        />
        <TextField
          size="small"
          label={t("safety.bulkValue")}
          value={bulk}
          onChange={(event) => onBulk(event.target.value)}
          slotProps={{ htmlInput: { inputMode: "decimal" } }}
        />
        <Button variant="outlined" disabled={selectedCount === 0} onClick={onApply}>
          {t("safety.setSelected")} ({selectedCount})
        </Button>
      </Box>
    </Paper>
  );
}

mountIsland(<SafetyStockPage />);
