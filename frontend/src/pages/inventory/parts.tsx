/** Pieces the stock pages share: the export button, the status chips, the scan field, the product
 * picker and a table of product lines. */
import QrCodeScannerIcon from "@mui/icons-material/QrCodeScanner";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import List from "@mui/material/List";
import ListItemButton from "@mui/material/ListItemButton";
import ListItemText from "@mui/material/ListItemText";
import Stack from "@mui/material/Stack";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useState, type FormEvent, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { exportUrl } from "../../api/catalog";
import { ApiError } from "../../api/client";
import {
  RECEIPT_EXPORT_PATH,
  scanProduct,
  useProductSearch,
  type GoodsOrderStatus,
  type PaymentStatus,
  type ReceiptSearch,
  type StockProduct,
} from "../../api/goodsIn";
import { CappedExportButton } from "../../components/CappedExportButton";

export const NS = "stock";

/** The first day and the last day of a date filter as the server reads them. */
export function dayRange(from: string, to: string): { startDate: string | null; endDate: string | null } {
  return { startDate: from || null, endDate: to || null };
}

/** Exports the applied filters of the goods-in records as an .xlsx in the page's language. */
export function ReceiptExportButton({ filters, count }: { filters: ReceiptSearch; count: number | null }) {
  return (
    <CappedExportButton url={exportUrl(RECEIPT_EXPORT_PATH, filters)} fileName="goods-in.xlsx" count={count} ns={NS} />
  );
}

const STATUS_COLOURS: Record<GoodsOrderStatus, "default" | "info" | "primary" | "warning" | "success" | "error"> = {
  draft: "default",
  submitted: "info",
  confirmed: "primary",
  shipped: "warning",
  received: "success",
  cancelled: "error",
};

export function OrderStatusChip({ status }: { status: GoodsOrderStatus }) {
  const { t } = useTranslation(NS);
  return <Chip size="small" color={STATUS_COLOURS[status]} label={t(`status.${status}`)} />;
}

export function PaymentChip({ status }: { status: PaymentStatus }) {
  const { t } = useTranslation(NS);
  return (
    <Chip
      size="small"
      variant="outlined"
      color={status === "paid" ? "success" : "default"}
      label={t(`payment.${status}`)}
    />
  );
}

/** A failed stock call for a person: the server's message (stock calls raise no alert, spec §8). */
export function failureText(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.message ? error.message : fallback;
}

/** The barcode field: a scanner types the code and presses Enter; the product found is handed on,
 * an unknown barcode is told under the field. */
export function ScanField({
  onProduct,
  onBarcode,
}: {
  onProduct?: (product: StockProduct) => void;
  /** Handles the code itself instead of asking the server (receiving an order checks its lines). */
  onBarcode?: (barcode: string) => string | null;
}) {
  const { t } = useTranslation(NS);
  const [code, setCode] = useState("");
  const [message, setMessage] = useState<{ error: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const barcode = code.trim();
    if (!barcode) return;
    if (onBarcode) {
      const problem = onBarcode(barcode);
      setMessage(problem ? { error: true, text: problem } : null);
      setCode("");
      return;
    }
    setBusy(true);
    try {
      const product = await scanProduct(barcode);
      onProduct?.(product);
      setMessage({ error: false, text: t("detail.scanned", { name: product.name }) });
      setCode("");
    } catch (error) {
      setMessage({ error: true, text: failureText(error, t("export.failed")) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box component="form" onSubmit={(event: FormEvent) => void submit(event)} sx={{ flex: 1, minWidth: 260 }}>
      <TextField
        fullWidth
        size="small"
        label={t("detail.scan")}
        value={code}
        disabled={busy}
        onChange={(event) => setCode(event.target.value.slice(0, 64))}
        error={message?.error ?? false}
        helperText={message?.text ?? t("detail.scanHint")}
        slotProps={{
          input: { startAdornment: <QrCodeScannerIcon sx={{ mr: 1 }} color="action" /> },
          htmlInput: { "data-testid": "scan-field" },
        }}
      />
    </Box>
  );
}

/** Find a product by code, barcode or name and add it. */
export function ProductPicker({ onPick }: { onPick: (product: StockProduct) => void }) {
  const { t } = useTranslation(NS);
  const [typed, setTyped] = useState("");
  const [keyword, setKeyword] = useState("");
  const found = useProductSearch(keyword);
  return (
    <Box sx={{ flex: 1, minWidth: 260 }}>
      <Stack
        direction="row"
        spacing={1}
        component="form"
        onSubmit={(event: FormEvent) => {
          event.preventDefault();
          setKeyword(typed.trim());
        }}
      >
        <TextField
          fullWidth
          size="small"
          label={t("detail.find")}
          value={typed}
          onChange={(event) => setTyped(event.target.value.slice(0, 60))}
        />
        <Button type="submit" variant="outlined">
          {t("search")}
        </Button>
      </Stack>
      {found.isError ? (
        <Typography color="error" variant="body2">
          {failureText(found.error, t("export.failed"))}
        </Typography>
      ) : null}
      {found.data ? (
        <List dense aria-label={t("detail.find")}>
          {found.data.list.length === 0 ? (
            <Typography color="text.secondary" variant="body2" sx={{ p: 1 }}>
              {t("records.empty")}
            </Typography>
          ) : null}
          {found.data.list.map((product) => (
            <ListItemButton key={product.productId} onClick={() => onPick(product)}>
              <ListItemText
                primary={`${product.code} ${product.name}`}
                secondary={`${product.barcode} · ${product.unit}/${product.useUnit} · ${t("fields.liveStock")} ${product.liveStock}`}
              />
            </ListItemButton>
          ))}
        </List>
      ) : null}
    </Box>
  );
}

/** A table of a form's or a document's lines: the product's heading first, then the page's (`head`);
 * the rows are the caller's. */
export function ProductLinesTable({
  label,
  productLabel,
  head,
  children,
}: {
  label: string;
  productLabel: string;
  head: ReactNode;
  children: ReactNode;
}) {
  return (
    <Table size="small" aria-label={label}>
      <TableHead>
        <TableRow>
          <TableCell>{productLabel}</TableCell>
          {head}
        </TableRow>
      </TableHead>
      <TableBody>{children}</TableBody>
    </Table>
  );
}
