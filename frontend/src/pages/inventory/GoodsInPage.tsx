import DeleteIcon from "@mui/icons-material/Delete";
import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import FormControl from "@mui/material/FormControl";
import IconButton from "@mui/material/IconButton";
import InputLabel from "@mui/material/InputLabel";
import MenuItem from "@mui/material/MenuItem";
import Paper from "@mui/material/Paper";
import Select from "@mui/material/Select";
import Stack from "@mui/material/Stack";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableContainer from "@mui/material/TableContainer";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useQueryClient } from "@tanstack/react-query";
import { useRef, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import {
  RECEIPT_TYPES,
  createReceipt,
  receiptHref,
  stockKeys,
  useOrder,
  useReceipt,
  type GoodsOrderDetail,
  type ReceiptType,
  type StockProduct,
} from "../../api/goodsIn";
import { DateField } from "../../components/dates/DateField";
import { DetailError, Loading, detailFailure } from "../../components/feedback";
import { BackLink, Facts, PageFrame, Section } from "../../components/layout";
import { mountIsland } from "../../islands/mount";
import { idFromSearch } from "../../lib/address";
import { storeDateTime } from "../../lib/dates";
import { formatMoney } from "../../lib/money";
import { useSubmissionKey } from "../../lib/submissionKey";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { notify } from "../../lib/notices";
import { addProduct, receiptLinesBody, receiptProblem, type ReceiptLine } from "./stockRules";
import { NS, ProductPicker, ScanField, failureText } from "./parts";
import { useReceiveOrder, type OrderReceiving } from "./useReceiveOrder";

/** /storageDetail (KCGL-0002): one goods-in document (`?id=`), receiving a shipped goods order
 * (`?orderId=`: its shipped lines, checked by scanning, batch and expiry entered), or a new goods in
 * (scan or pick products line by line). Both forms confirm before stock moves. */
export function GoodsInPage({ search = window.location.search }: { search?: string }) {
  const [shownId, setShownId] = useState(() => idFromSearch(search));
  const orderId = idFromSearch(search, "orderId");
  const show = (id: number) => {
    window.history.replaceState(null, "", receiptHref(id));
    setShownId(id);
  };
  if (shownId !== null) return <ReceiptView id={shownId} />;
  if (orderId !== null) return <ReceiveOrder orderId={orderId} onDone={show} />;
  return <NewReceipt onDone={show} />;
}

function ReceiptView({ id }: { id: number }) {
  const { t } = useTranslation(NS);
  const receipt = useReceipt(id);
  if (receipt.isPending)
    return (
      <Frame title={t("detail.title")}>
        <Loading />
      </Frame>
    );
  if (receipt.isError) {
    return (
      <Frame title={t("detail.title")}>
        <DetailError
          message={detailFailure(receipt.error, t("detail.notFound"))}
          onRetry={() => void receipt.refetch()}
        />
      </Frame>
    );
  }
  const data = receipt.data;
  return (
    <Frame title={`${t("detail.title")} ${data.number}`}>
      <Section title={data.number}>
        <Facts
          items={[
            [t("fields.type"), t(`types.${data.type}`, { defaultValue: data.typeName })],
            [t("fields.createdAt"), storeDateTime(data.createdAt)],
            [t("fields.supplier"), data.supplier || t("dash")],
            [t("fields.goodsOrder"), data.sourceNumber || t("dash")],
            [t("fields.operator"), data.createdByName || t("dash")],
            [t("fields.amount"), formatMoney(data.amount)],
            [t("fields.remark"), data.remark || t("dash")],
          ]}
        />
      </Section>
      <TableContainer component={Paper} variant="outlined">
        <Table size="small" aria-label={t("detail.lines")}>
          <TableHead>
            <TableRow>
              <TableCell>{t("fields.code")}</TableCell>
              <TableCell>{t("fields.product")}</TableCell>
              <TableCell align="right">{t("fields.quantity")}</TableCell>
              <TableCell align="right">{t("fields.useQuantity")}</TableCell>
              <TableCell>{t("fields.batchNo")}</TableCell>
              <TableCell>{t("fields.expiryDate")}</TableCell>
              <TableCell align="right">{t("fields.amount")}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {data.lines.map((line) => (
              <TableRow key={line.lineId}>
                <TableCell>{line.code}</TableCell>
                <TableCell>{line.name}</TableCell>
                <TableCell align="right">{`${line.quantity} ${line.unit}`}</TableCell>
                <TableCell align="right">{`${line.useQuantity} ${line.useUnit}`}</TableCell>
                <TableCell>{line.batchNo || t("dash")}</TableCell>
                <TableCell>{line.expiryDate || t("dash")}</TableCell>
                <TableCell align="right">{formatMoney(line.amount)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Frame>
  );
}

function Frame({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation(NS);
  return (
    <PageFrame wide title={title}>
      <BackLink href="/storageRecord">{t("records.title")}</BackLink>
      {children}
    </PageFrame>
  );
}

function NewReceipt({ onDone }: { onDone: (id: number) => void }) {
  const { t } = useTranslation(NS);
  const queryClient = useQueryClient();
  const [type, setType] = useState<ReceiptType>("supplier");
  const [supplier, setSupplier] = useState("");
  const [remark, setRemark] = useState("");
  const [lines, setLines] = useState<ReceiptLine[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const counter = useRef(0);
  const body = { type, supplier: supplier.trim(), remark: remark.trim(), lines: receiptLinesBody(lines) };
  const submission = useSubmissionKey(body);
  const add = (product: StockProduct) => {
    counter.current += 1;
    setLines((previous) => addProduct(previous, product, `line-${counter.current}`));
    setProblem(null);
  };
  const change = (key: string, patch: Partial<ReceiptLine>) =>
    setLines((previous) => previous.map((line) => (line.key === key ? { ...line, ...patch } : line)));
  const ask = () => {
    const found = receiptProblem(type, supplier, lines);
    setProblem(found);
    if (!found) setAsking(true);
  };
  const send = async () => {
    setBusy(true);
    try {
      const receipt = await createReceipt(body, submission.key);
      submission.renew();
      notify("success", t("detail.received"));
      await queryClient.invalidateQueries({ queryKey: stockKeys.all });
      onDone(receipt.id);
    } catch (error) {
      setProblem(null);
      notify("error", failureText(error, t("export.failed")), { durationMs: 4000 });
    } finally {
      setBusy(false);
      setAsking(false);
    }
  };
  return (
    <Frame title={t("detail.newTitle")}>
      <Section title={t("detail.newTitle")}>
        <Stack direction="row" spacing={2} sx={{ flexWrap: "wrap", gap: 2 }}>
          <FormControl size="small" sx={{ minWidth: 180 }}>
            <InputLabel id="receipt-type">{t("fields.type")}</InputLabel>
            <Select
              labelId="receipt-type"
              label={t("fields.type")}
              value={type}
              onChange={(event) => setType(event.target.value as ReceiptType)}
            >
              {RECEIPT_TYPES.map((value) => (
                <MenuItem key={value} value={value}>
                  {t(`types.${value}`)}
                </MenuItem>
              ))}
            </Select>
          </FormControl>
          {type === "supplier" ? (
            <TextField
              size="small"
              label={t("fields.supplier")}
              value={supplier}
              onChange={(event) => setSupplier(event.target.value.slice(0, 100))}
            />
          ) : null}
          <TextField
            size="small"
            label={t("fields.remark")}
            value={remark}
            onChange={(event) => setRemark(event.target.value.slice(0, 200))}
          />
        </Stack>
      </Section>
      <Section title={t("detail.lines")}>
        <Stack direction="row" spacing={2} sx={{ mb: 2, alignItems: "flex-start", flexWrap: "wrap", gap: 2 }}>
          <ScanField onProduct={add} />
          <ProductPicker onPick={add} />
        </Stack>
        <LinesTable lines={lines} onChange={change} onRemove={(key) => setLines(lines.filter((l) => l.key !== key))} />
      </Section>
      {problem ? (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {t(`detail.${problem}`)}
        </Alert>
      ) : null}
      <Button variant="contained" onClick={ask} disabled={busy}>
        {t("detail.receive")}
      </Button>
      <ConfirmDialog
        open={asking}
        title={t("detail.confirmTitle")}
        message={t("detail.confirmText", { count: lines.length })}
        busy={busy}
        onConfirm={() => void send()}
        onCancel={() => setAsking(false)}
      />
    </Frame>
  );
}

function LinesTable({
  lines,
  onChange,
  onRemove,
}: {
  lines: ReceiptLine[];
  onChange: (key: string, patch: Partial<ReceiptLine>) => void;
  onRemove: (key: string) => void;
}) {
  const { t } = useTranslation(NS);
  if (lines.length === 0) return <Typography color="text.secondary">{t("detail.noLines")}</Typography>;
  return (
    <TableContainer>
      <Table size="small" aria-label={t("detail.lines")}>
        <TableHead>
          <TableRow>
            <TableCell>{t("fields.product")}</TableCell>
            <TableCell>{t("fields.units")}</TableCell>
            <TableCell>{t("fields.quantity")}</TableCell>
            <TableCell>{t("fields.batchNo")}</TableCell>
            <TableCell>{t("fields.expiryDate")}</TableCell>
            <TableCell />
          </TableRow>
        </TableHead>
        <TableBody>
          {lines.map((line) => (
            <TableRow key={line.key} data-testid={`receipt-line-${line.productId}`}>
              <TableCell>
                {`${line.code} ${line.name}`}
                {line.tracksBatches ? <Chip size="small" sx={{ ml: 1 }} label={t("detail.tracksBatches")} /> : null}
              </TableCell>
              <TableCell>{`${line.unit} / ${line.usePerUnit} ${line.useUnit}`}</TableCell>
              <TableCell>
                <TextField
                  size="small"
                  sx={{ width: 110 }}
                  value={line.quantity}
                  slotProps={{
                    htmlInput: { "aria-label": `${t("fields.quantity")} ${line.name}`, inputMode: "decimal" },
                  }}
                  onChange={(event) => onChange(line.key, { quantity: event.target.value.slice(0, 14) })}
                />
              </TableCell>
              <TableCell>
                <TextField
                  size="small"
                  sx={{ width: 140 }}
                  value={line.batchNo}
                  slotProps={{ htmlInput: { "aria-label": `${t("fields.batchNo")} ${line.name}` } }}
                  onChange={(event) => onChange(line.key, { batchNo: event.target.value.slice(0, 40) })}
                />
              </TableCell>
              <TableCell sx={{ minWidth: 180 }}>
                <DateField
                  size="small"
                  label={`${t("fields.expiryDate")} ${line.name}`}
                  value={line.expiryDate}
                  onChange={(value) => onChange(line.key, { expiryDate: value })}
                />
              </TableCell>
              <TableCell>
                <IconButton aria-label={`${t("detail.remove")} ${line.name}`} onClick={() => onRemove(line.key)}>
                  <DeleteIcon />
                </IconButton>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function ReceiveOrder({ orderId, onDone }: { orderId: number; onDone: (id: number) => void }) {
  const { t } = useTranslation(NS);
  const order = useOrder(orderId);
  if (order.isPending)
    return (
      <Frame title={t("detail.newTitle")}>
        <Loading />
      </Frame>
    );
  if (order.isError) {
    return (
      <Frame title={t("detail.newTitle")}>
        <DetailError message={detailFailure(order.error, t("order.notFound"))} onRetry={() => void order.refetch()} />
      </Frame>
    );
  }
  return <ReceiveOrderForm order={order.data} onDone={onDone} />;
}

function ReceiveOrderForm({ order, onDone }: { order: GoodsOrderDetail; onDone: (id: number) => void }) {
  const { t } = useTranslation(NS);
  const receiving = useReceiveOrder(order, onDone);
  const { shipped, problem, busy } = receiving;
  const title = t("detail.receiveTitle", { number: order.number });
  if (order.status !== "shipped") {
    return (
      <Frame title={title}>
        <Alert severity="info">{t("detail.orderNotShipped")}</Alert>
      </Frame>
    );
  }
  return (
    <Frame title={title}>
      <Section title={t("detail.lines")}>
        <Stack direction="row" spacing={2} sx={{ mb: 2, alignItems: "center", flexWrap: "wrap", gap: 2 }}>
          <ScanField onBarcode={receiving.onBarcode} />
          <Typography data-testid="checked-count">
            {t("detail.checkedCount", { checked: receiving.checked, total: shipped.length })}
          </Typography>
        </Stack>
        <ReceiveLinesTable receiving={receiving} />
      </Section>
      {problem ? (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {t(`detail.${problem}`)}
        </Alert>
      ) : null}
      <Button variant="contained" onClick={receiving.ask} disabled={busy}>
        {t("detail.receive")}
      </Button>
      <ConfirmDialog
        open={receiving.asking}
        title={t("detail.confirmTitle")}
        message={t("detail.confirmText", { count: shipped.length })}
        busy={busy}
        onConfirm={() => void receiving.send()}
        onCancel={() => receiving.setAsking(false)}
      />
    </Frame>
  );
}

/** The shipped lines, each with its batch and expiry to enter and whether its scan checked it. */
function ReceiveLinesTable({ receiving }: { receiving: OrderReceiving }) {
  const { t } = useTranslation(NS);
  return (
    <TableContainer>
      <Table size="small" aria-label={t("detail.lines")}>
        <TableHead>
          <TableRow>
            <TableCell>{t("fields.product")}</TableCell>
            <TableCell>{t("fields.barcode")}</TableCell>
            <TableCell align="right">{t("fields.shipped")}</TableCell>
            <TableCell>{t("fields.batchNo")}</TableCell>
            <TableCell>{t("fields.expiryDate")}</TableCell>
            <TableCell>{t("detail.checked")}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {receiving.shipped.map((line) => (
            <TableRow
              key={line.lineId}
              data-testid={`receive-line-${line.productId}`}
              selected={receiving.entry(line.lineId).checked}
            >
              <TableCell>
                {`${line.code} ${line.name}`}
                {line.tracksBatches ? <Chip size="small" sx={{ ml: 1 }} label={t("detail.tracksBatches")} /> : null}
              </TableCell>
              <TableCell>{line.barcode}</TableCell>
              <TableCell align="right">{`${line.shippedQuantity ?? "0"} ${line.unit}`}</TableCell>
              <TableCell>
                <TextField
                  size="small"
                  sx={{ width: 140 }}
                  value={receiving.entry(line.lineId).batchNo}
                  slotProps={{ htmlInput: { "aria-label": `${t("fields.batchNo")} ${line.name}` } }}
                  onChange={(event) => receiving.change(line.lineId, { batchNo: event.target.value.slice(0, 40) })}
                />
              </TableCell>
              <TableCell sx={{ minWidth: 180 }}>
                <DateField
                  size="small"
                  label={`${t("fields.expiryDate")} ${line.name}`}
                  value={receiving.entry(line.lineId).expiryDate}
                  onChange={(value) => receiving.change(line.lineId, { expiryDate: value })}
                />
              </TableCell>
              <TableCell>{receiving.entry(line.lineId).checked ? "✓" : t("dash")}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

mountIsland(<GoodsInPage />);
