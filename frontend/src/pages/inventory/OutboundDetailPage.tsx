import DeleteIcon from "@mui/icons-material/Delete";
import {
  Alert,
  Box,
  Button,
  FormControl,
  IconButton,
  InputLabel,
  List,
  ListItem,
  ListItemText,
  MenuItem,
  Select,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from "@mui/material";
import { useState, type KeyboardEvent } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../api/client";
import {
  createOutbound,
  documentHref,
  outboundTypeFrom,
  scanProduct,
  useOutboundTypes,
  useProductsInStock,
  useStockDocument,
  type OutboundCreate,
  type OutboundType,
  type ScannedProduct,
} from "../../api/stockOut";
import { DetailError, detailFailure, Loading } from "../../components/feedback";
import { LimitedTextField } from "../../components/LimitedTextField";
import { BackLink, PageFrame, Section } from "../../components/layout";
import { mountIsland } from "../../islands/mount";
import { idFromSearch } from "../../lib/address";
import { useSubmissionKey } from "../../lib/submissionKey";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { notify } from "../../lib/notices";
import { DocumentFacts, DocumentLines } from "./stockDocumentParts";
import { formatQuantity, NS } from "./stockOutParts";

interface Line {
  product: ScannedProduct;
  quantity: string;
}

/** /outboundDetail (KCGL-0005): one goods-out document with `?id=`; else the new outbound of the
 * type `?type=` names (use, return, loan: the top bar's stock submenu opens it). */
export function OutboundDetailPage({
  search = window.location.search,
  navigate = (url: string) => window.location.assign(url),
}: {
  search?: string;
  navigate?: (url: string) => void;
}) {
  const id = idFromSearch(search);
  if (id !== null) return <DocumentView id={id} />;
  return <NewOutbound initialType={outboundTypeFrom(new URLSearchParams(search).get("type"))} navigate={navigate} />;
}

function DocumentView({ id }: { id: number }) {
  const { t } = useTranslation(NS);
  const document = useStockDocument(id);
  return (
    <PageFrame title={t("detail.title")}>
      <BackLink href="/outboundRecord">{t("detail.back")}</BackLink>
      {document.isPending ? <Loading /> : null}
      {document.isError ? (
        <DetailError
          message={detailFailure(document.error, t("detail.notFound"))}
          onRetry={() => void document.refetch()}
        />
      ) : null}
      {document.data ? <DocumentFacts document={document.data} /> : null}
      {document.data ? <DocumentLines document={document.data} /> : null}
    </PageFrame>
  );
}

function NewOutbound({ initialType, navigate }: { initialType: OutboundType | null; navigate: (url: string) => void }) {
  const { t } = useTranslation(NS);
  const types = useOutboundTypes();
  const [type, setType] = useState<OutboundType>(initialType ?? "store_use");
  const [targetId, setTargetId] = useState("");
  const [supplier, setSupplier] = useState("");
  const [remark, setRemark] = useState("");
  const [lines, setLines] = useState<Line[]>([]);
  const [scan, setScan] = useState("");
  const [scanError, setScanError] = useState("");
  const [keyword, setKeyword] = useState("");
  const [query, setQuery] = useState("");
  const found = useProductsInStock(query);
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState("");
  const targets = types.data?.borrowOutTargets ?? [];
  const offered = types.data?.types.map((choice) => choice.value) ?? [];
  const loan = type === "loan_out";

  const body: OutboundCreate = {
    type,
    lines: lines.map((line) => ({ productId: line.product.productId, quantity: line.quantity })),
    targetStoreId: loan && targetId ? Number(targetId) : null,
    supplier: type === "return" ? supplier.trim() : "",
    remark: remark.trim(),
  };
  const submission = useSubmissionKey(body);
  const valid = lines.length > 0 && lines.every((line) => Number(line.quantity) > 0) && (!loan || Boolean(targetId));
  const total = lines.reduce((sum, line) => sum + (Number(line.quantity) || 0), 0);

  const add = (product: ScannedProduct) =>
    setLines((previous) => {
      const at = previous.findIndex((line) => line.product.productId === product.productId);
      if (at === -1) return [...previous, { product, quantity: "1" }];
      return previous.map((line, index) =>
        index === at ? { product, quantity: String((Number(line.quantity) || 0) + 1) } : line,
      );
    });

  const onScan = async (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== "Enter") return;
    event.preventDefault();
    const code = scan.trim();
    if (!code) return;
    setScanError("");
    try {
      add(await scanProduct(code));
      setScan("");
    } catch (error) {
      setScanError(error instanceof ApiError && error.status === 404 ? t("form.notFound") : (error as Error).message);
    }
  };

  const submit = async () => {
    setBusy(true);
    setRefusal("");
    try {
      const document = await createOutbound(body, submission.key);
      submission.renew();
      notify("success", t("form.done", { number: document.number }));
      navigate(documentHref(document));
    } catch (error) {
      setRefusal((error as Error).message);
    } finally {
      setBusy(false);
      setAsking(false);
    }
  };

  const targetName = targets.find((target) => String(target.id) === targetId)?.name ?? "";
  return (
    <PageFrame title={t("form.title")}>
      <BackLink href="/outboundRecord">{t("detail.back")}</BackLink>
      {types.isError ? <DetailError message={types.error.message} onRetry={() => void types.refetch()} /> : null}
      <Section title={t("form.type")}>
        <Stack direction="row" spacing={2} sx={{ flexWrap: "wrap", gap: 2 }}>
          <FormControl size="small" sx={{ minWidth: 180 }}>
            <InputLabel id="outbound-type">{t("form.type")}</InputLabel>
            <Select
              labelId="outbound-type"
              label={t("form.type")}
              value={type}
              onChange={(event) => setType(event.target.value as OutboundType)}
            >
              {(["store_use", "return", "loan_out"] as const)
                .filter((value) => value !== "loan_out" || offered.includes("loan_out") || type === "loan_out")
                .map((value) => (
                  <MenuItem key={value} value={value}>
                    {t(`types.${value}`)}
                  </MenuItem>
                ))}
            </Select>
          </FormControl>
          {loan ? (
            <FormControl size="small" sx={{ minWidth: 220 }}>
              <InputLabel id="outbound-target">{t("form.target")}</InputLabel>
              <Select
                labelId="outbound-target"
                label={t("form.target")}
                value={targetId}
                onChange={(event) => setTargetId(String(event.target.value))}
              >
                {targets.map((target) => (
                  <MenuItem key={target.id} value={String(target.id)}>
                    {target.name}
                  </MenuItem>
                ))}
              </Select>
            </FormControl>
          ) : null}
          {type === "return" ? (
            <LimitedTextField
              maxChars={100}
              size="small"
              label={t("form.supplier")}
              value={supplier}
              onChange={(event) => setSupplier(event.target.value)}
              sx={{ minWidth: 300 }}
            />
          ) : null}
        </Stack>
        {loan && types.isSuccess && targets.length === 0 ? (
          <Alert severity="warning" sx={{ mt: 2 }}>
            {t("form.noLoanTargets")}
          </Alert>
        ) : null}
      </Section>

      <Section title={t("detail.lines")}>
        <Stack direction="row" spacing={2} sx={{ mb: 2, flexWrap: "wrap", gap: 2 }}>
          <TextField
            size="small"
            label={t("form.scan")}
            value={scan}
            onChange={(event) => setScan(event.target.value)}
            onKeyDown={(event) => void onScan(event as KeyboardEvent<HTMLInputElement>)}
            error={Boolean(scanError)}
            helperText={scanError || t("form.scanHint")}
            slotProps={{ htmlInput: { maxLength: 32 } }}
            sx={{ minWidth: 280 }}
          />
          <Box sx={{ minWidth: 280 }}>
            <TextField
              size="small"
              label={t("form.find")}
              value={keyword}
              onChange={(event) => setKeyword(event.target.value)}
              onKeyDown={(event) => {
                if (event.key !== "Enter") return;
                event.preventDefault();
                setQuery(keyword.trim());
              }}
              helperText={t("form.findHint")}
              slotProps={{ htmlInput: { maxLength: 50 } }}
              fullWidth
            />
            {query && found.data ? (
              <List dense aria-label={t("form.find")}>
                {found.data.length === 0 ? (
                  <ListItem>
                    <ListItemText secondary={t("form.noMatch")} />
                  </ListItem>
                ) : null}
                {found.data.map((product) => (
                  <ListItem
                    key={product.productId}
                    secondaryAction={
                      <Button size="small" onClick={() => add(product)} aria-label={`${t("form.add")} ${product.name}`}>
                        {t("form.add")}
                      </Button>
                    }
                  >
                    <ListItemText
                      primary={product.name}
                      secondary={`${product.code} · ${t("fields.stock")} ${formatQuantity(product.stock)} ${product.unit}`}
                    />
                  </ListItem>
                ))}
              </List>
            ) : null}
          </Box>
        </Stack>
        {lines.length === 0 ? (
          <Typography color="text.secondary">{t("form.noLines")}</Typography>
        ) : (
          <Table size="small" aria-label={t("detail.lines")}>
            <TableHead>
              <TableRow>
                <TableCell>{t("fields.product")}</TableCell>
                <TableCell>{t("fields.code")}</TableCell>
                <TableCell align="right">{t("fields.stock")}</TableCell>
                <TableCell align="right">{t("fields.quantity")}</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {lines.map((line, index) => {
                const over = Number(line.quantity) > Number(line.product.stock);
                return (
                  <TableRow key={line.product.productId} data-testid={`outbound-line-${line.product.productId}`}>
                    <TableCell>{line.product.name}</TableCell>
                    <TableCell>{line.product.code}</TableCell>
                    <TableCell align="right">{`${formatQuantity(line.product.stock)} ${line.product.unit}`}</TableCell>
                    <TableCell align="right">
                      <TextField
                        size="small"
                        type="number"
                        label={`${t("fields.quantity")} ${line.product.name}`}
                        value={line.quantity}
                        onChange={(event) =>
                          setLines((previous) =>
                            previous.map((item, at) =>
                              at === index ? { ...item, quantity: event.target.value } : item,
                            ),
                          )
                        }
                        error={over}
                        helperText={over ? t("form.overStock") : undefined}
                        slotProps={{ htmlInput: { min: 0, step: "any" } }}
                        sx={{ width: 150 }}
                      />
                    </TableCell>
                    <TableCell>
                      <IconButton
                        aria-label={`${t("form.remove")} ${line.product.name}`}
                        onClick={() => setLines((previous) => previous.filter((_, at) => at !== index))}
                      >
                        <DeleteIcon />
                      </IconButton>
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        )}
        <LimitedTextField
          maxChars={200}
          size="small"
          label={t("fields.remark")}
          value={remark}
          onChange={(event) => setRemark(event.target.value)}
          fullWidth
          sx={{ mt: 2 }}
        />
      </Section>
      {refusal ? (
        <Alert severity="error" sx={{ mb: 2 }} role="alert">
          {refusal}
        </Alert>
      ) : null}
      {loan && !targetId && lines.length > 0 ? (
        <Typography color="text.secondary" sx={{ mb: 1 }}>
          {t("form.noTarget")}
        </Typography>
      ) : null}
      <Button variant="contained" disabled={!valid || busy} onClick={() => setAsking(true)}>
        {t("form.submit")}
      </Button>
      <ConfirmDialog
        open={asking}
        title={t("form.confirmTitle")}
        message={
          loan
            ? t("form.confirmLoan", { count: lines.length, quantity: formatQuantity(total), store: targetName })
            : t("form.confirmText", { count: lines.length, quantity: formatQuantity(total) })
        }
        busy={busy}
        onConfirm={() => void submit()}
        onCancel={() => setAsking(false)}
      />
    </PageFrame>
  );
}

mountIsland(<OutboundDetailPage />);
