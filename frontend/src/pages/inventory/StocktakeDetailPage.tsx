import QrCodeScannerIcon from "@mui/icons-material/QrCodeScanner";
import SearchIcon from "@mui/icons-material/Search";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Checkbox from "@mui/material/Checkbox";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import FormControlLabel from "@mui/material/FormControlLabel";
import Link from "@mui/material/Link";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent, type KeyboardEvent } from "react";
import { useTranslation } from "react-i18next";
import { hasButtonCode } from "../../api/session";
import {
  BTN_COST_VIEW,
  BTN_STOCKTAKE_APPROVE,
  countLines,
  countable,
  rejectStocktake,
  scanBarcode,
  stocktakeCommand,
  stocktakeKeys,
  useStocktake,
  useStocktakeLines,
  type Stocktake,
  type StocktakeLine,
} from "../../api/stocktakes";
import { DetailError, Loading, detailFailure } from "../../components/feedback";
import { FilterBar } from "../../components/filters";
import { BackLink, Facts, PageFrame, Section } from "../../components/layout";
import { NOWRAP, PagedTable, usePaging, type PagedColumn } from "../../components/PagedTable";
import { mountIsland } from "../../islands/mount";
import { idFromSearch } from "../../lib/address";
import { storeDateTime } from "../../lib/dates";
import { withinBound } from "../../lib/bounds";
import { formatMoney } from "../../lib/money";
import { PAGE_SIZES } from "../../lib/paging";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { notify } from "../../lib/notices";
const NS = "stocktakes";

/** A count as typed: 0 to 99,999, up to three decimals ("" clears the count). */
export function countError(text: string): boolean {
  const value = text.trim();
  return value !== "" && !withinBound(value, "stockUnits");
}

/** /inventoryDetail?stocktakeId= (KCGL-0008): one stocktake's count: a scan field, typed counts,
 * "differences only", the totals of the differences' value; submit; approve or send back (owners). */
export function StocktakeDetailPage({ search = window.location.search }: { search?: string }) {
  const { t } = useTranslation(NS);
  const [stocktakeId] = useState(() => idFromSearch(search, "stocktakeId"));
  const stocktake = useStocktake(stocktakeId);
  return (
    <PageFrame wide title={t("detail.title")}>
      <BackLink href="/inventoryRecord">{t("detail.back")}</BackLink>
      {stocktakeId === null ? (
        <Alert severity="warning">{t("detail.missingId")}</Alert>
      ) : stocktake.isPending ? (
        <Loading />
      ) : stocktake.isError ? (
        <DetailError
          message={detailFailure(stocktake.error, t("detail.notFound"))}
          onRetry={() => void stocktake.refetch()}
        />
      ) : (
        <StocktakeView stocktake={stocktake.data} />
      )}
    </PageFrame>
  );
}

function useRefresh() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: stocktakeKeys.all });
}

function failureText(failure: unknown, fallback: string): string {
  return failure instanceof Error && failure.message ? failure.message : fallback;
}

function StocktakeView({ stocktake }: { stocktake: Stocktake }) {
  const { t } = useTranslation(NS);
  const dash = t("dash");
  const when = (iso: string | null) => (iso ? storeDateTime(iso) : dash);
  const open = countable(stocktake.status);
  return (
    <>
      <Section title={stocktake.number}>
        {stocktake.status === "rejected" ? (
          <Alert severity="warning" sx={{ mb: 2 }}>
            {t("detail.sentBack", { reason: stocktake.rejectReason })}
          </Alert>
        ) : null}
        {stocktake.status === "submitted" && stocktake.approvalStatus === "pending" && stocktake.approvalRequestId ? (
          <Alert severity="info" sx={{ mb: 2 }} data-testid="stocktake-approval">
            {t("detail.waitingApproval")}{" "}
            <Link href={`/approvalCenter?id=${stocktake.approvalRequestId}`}>{t("detail.openApproval")}</Link>
          </Alert>
        ) : null}
        <Facts
          items={[
            [t("list.status"), <span data-testid="stocktake-status">{t(`statuses.${stocktake.status}`)}</span>],
            [
              t("list.scope"),
              stocktake.scopeNames ? `${stocktake.scopeName}: ${stocktake.scopeNames}` : stocktake.scopeName,
            ],
            [t("list.createdAt"), `${when(stocktake.createdAt)} ${stocktake.createdByName}`],
            [t("detail.countedBy"), stocktake.countedByName || dash],
            [
              t("detail.submitted"),
              stocktake.submittedAt ? `${when(stocktake.submittedAt)} ${stocktake.submittedByName}` : dash,
            ],
            [
              t("detail.decided"),
              stocktake.decidedAt ? `${when(stocktake.decidedAt)} ${stocktake.decidedByName}` : dash,
            ],
            [t("detail.remark"), stocktake.remark || dash],
          ]}
        />
        <Stack direction="row" spacing={3} sx={{ mt: 2, flexWrap: "wrap" }} data-testid="stocktake-totals">
          <Typography>
            {t("detail.countedOf", { counted: stocktake.countedCount, lines: stocktake.lineCount })}
          </Typography>
          <Typography>{t("detail.differing", { count: stocktake.differenceCount })}</Typography>
          <Typography>
            {t("detail.gain")} {formatMoney(stocktake.gainValue)}
          </Typography>
          <Typography>
            {t("detail.loss")} {formatMoney(stocktake.lossValue)}
          </Typography>
          <Typography sx={{ fontWeight: 600 }} data-testid="stocktake-net-value">
            {t("detail.net")} {formatMoney(stocktake.differenceValue)}
          </Typography>
        </Stack>
        <Actions stocktake={stocktake} />
      </Section>
      {open ? <ScanField stocktakeId={stocktake.stocktakeId} /> : null}
      <Lines stocktake={stocktake} />
    </>
  );
}

function ScanField({ stocktakeId }: { stocktakeId: number }) {
  const { t } = useTranslation(NS);
  const refresh = useRefresh();
  const [code, setCode] = useState("");
  const [quantity, setQuantity] = useState("");
  const [busy, setBusy] = useState(false);
  const [last, setLast] = useState<{ kind: "success" | "error"; text: string } | null>(null);
  const quantityWrong = quantity.trim() !== "" && (countError(quantity) || Number(quantity) <= 0);
  const scan = async (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim() || quantityWrong || busy) return;
    setBusy(true);
    try {
      const answer = await scanBarcode(stocktakeId, code.trim(), quantity.trim() || null);
      setLast({
        kind: "success",
        text: t("scan.done", { name: answer.line.name, counted: answer.line.counted, unit: answer.line.unit }),
      });
      setCode("");
      setQuantity("");
      await refresh();
    } catch (failure) {
      setLast({ kind: "error", text: failureText(failure, t("scan.failed")) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Section title={t("scan.title")}>
      <Box component="form" onSubmit={scan} sx={{ display: "flex", gap: 2, flexWrap: "wrap", alignItems: "center" }}>
        <TextField
          size="small"
          autoFocus
          label={t("scan.code")}
          value={code}
          onChange={(event) => setCode(event.target.value)}
          slotProps={{ htmlInput: { maxLength: 32, "data-testid": "stocktake-scan" } }}
        />
        <TextField
          size="small"
          label={t("scan.quantity")}
          placeholder="1"
          value={quantity}
          error={quantityWrong}
          onChange={(event) => setQuantity(event.target.value)}
          sx={{ width: 120 }}
        />
        <Button type="submit" variant="outlined" startIcon={<QrCodeScannerIcon />} disabled={busy}>
          {t("scan.add")}
        </Button>
      </Box>
      {last ? (
        <Alert severity={last.kind} sx={{ mt: 2 }} data-testid="stocktake-scan-result">
          {last.text}
        </Alert>
      ) : null}
    </Section>
  );
}

function quantityText(stock: string | null, use: string | null, line: StocktakeLine, dash: string): string {
  if (stock === null) return dash;
  const base = `${stock} ${line.unit}`;
  return line.usePerUnit !== "1" && use !== null ? `${base} (${use} ${line.useUnit})` : base;
}

function CountCell({ stocktakeId, line }: { stocktakeId: number; line: StocktakeLine }) {
  const { t } = useTranslation(NS);
  const refresh = useRefresh();
  const [text, setText] = useState(line.counted ?? "");
  const [saved, setSaved] = useState(line.counted ?? "");
  const [busy, setBusy] = useState(false);
  if ((line.counted ?? "") !== saved && !busy) {
    setSaved(line.counted ?? "");
    setText(line.counted ?? "");
  }
  const wrong = countError(text);
  const save = async () => {
    if (wrong || text.trim() === saved || busy) return;
    setBusy(true);
    try {
      await countLines(stocktakeId, [{ productId: line.productId, counted: text.trim() === "" ? null : text.trim() }]);
      setSaved(text.trim());
      await refresh();
    } catch (failure) {
      notify("error", failureText(failure, t("count.failed")), { durationMs: 4000 });
    } finally {
      setBusy(false);
    }
  };
  const onKey = (event: KeyboardEvent) => {
    if (event.key === "Enter") void save();
  };
  return (
    <TextField
      size="small"
      value={text}
      error={wrong}
      disabled={busy}
      onChange={(event) => setText(event.target.value)}
      onBlur={() => void save()}
      onKeyDown={onKey}
      sx={{ width: 110 }}
      slotProps={{
        htmlInput: { "aria-label": t("count.label", { name: line.name }), "data-testid": `count-${line.productId}` },
      }}
    />
  );
}

function Lines({ stocktake }: { stocktake: Stocktake }) {
  const { t } = useTranslation(NS);
  const paging = usePaging(20);
  const [differencesOnly, setDifferencesOnly] = useState(false);
  const [uncountedOnly, setUncountedOnly] = useState(false);
  const [keywordInput, setKeywordInput] = useState("");
  const [keyword, setKeyword] = useState("");
  const [seesCost] = useState(() => hasButtonCode(BTN_COST_VIEW));
  const open = countable(stocktake.status);
  const result = useStocktakeLines(
    {
      stocktakeId: stocktake.stocktakeId,
      pageNo: paging.pageIndex + 1,
      pageSize: paging.pageSize,
      differencesOnly,
      uncountedOnly,
      keyword: keyword || null,
    },
    true,
  );
  const dash = t("dash");
  const columns: PagedColumn<StocktakeLine>[] = [
    { key: "code", label: t("lines.code"), cellSx: NOWRAP, render: (line) => line.code },
    {
      key: "name",
      label: t("lines.name"),
      render: (line) => (line.added ? `${line.name} (${t("lines.added")})` : line.name),
    },
    { key: "spec", label: t("lines.specification"), render: (line) => line.specification || dash },
    {
      key: "snapshot",
      label: t("lines.snapshot"),
      align: "right",
      render: (line) => quantityText(line.snapshot, line.snapshotUse, line, dash),
    },
    {
      key: "counted",
      label: t("lines.counted"),
      align: "right",
      render: (line) =>
        open ? (
          <CountCell key={line.lineId} stocktakeId={stocktake.stocktakeId} line={line} />
        ) : (
          quantityText(line.counted, null, line, dash)
        ),
    },
    {
      key: "difference",
      label: t("lines.difference"),
      align: "right",
      render: (line) => (
        <span data-testid={`difference-${line.productId}`}>
          {quantityText(line.difference, line.differenceUse, line, dash)}
        </span>
      ),
    },
  ];
  // A line's value gives its cost away: only a role that sees costs gets the column (the totals above
  // are everyone's).
  if (seesCost) {
    columns.push({
      key: "value",
      label: t("lines.value"),
      align: "right",
      render: (line) => (line.differenceValue === null ? dash : formatMoney(line.differenceValue)),
    });
  }
  const search = (event: FormEvent) => {
    event.preventDefault();
    paging.refilter(() => setKeyword(keywordInput.trim()));
  };
  return (
    <Section title={t("lines.title")}>
      <FilterBar onSubmit={search}>
        <TextField
          size="small"
          label={t("lines.keyword")}
          value={keywordInput}
          onChange={(event) => setKeywordInput(event.target.value)}
          slotProps={{ htmlInput: { maxLength: 32 } }}
        />
        <Button type="submit" variant="outlined" startIcon={<SearchIcon />}>
          {t("list.search")}
        </Button>
        <FormControlLabel
          control={
            <Checkbox
              checked={differencesOnly}
              onChange={(event) => paging.refilter(() => setDifferencesOnly(event.target.checked))}
            />
          }
          label={t("lines.differencesOnly")}
        />
        <FormControlLabel
          control={
            <Checkbox
              checked={uncountedOnly}
              onChange={(event) => paging.refilter(() => setUncountedOnly(event.target.checked))}
            />
          }
          label={t("lines.uncountedOnly")}
        />
      </FilterBar>
      <PagedTable
        label={t("lines.title")}
        result={result}
        paging={paging}
        pageSizes={PAGE_SIZES}
        nowrapHeads
        columns={columns}
        rowKey={(line) => line.lineId}
        rowTestId={(line) => `line-${line.productId}`}
        emptyText={differencesOnly ? t("lines.noDifferences") : t("lines.empty")}
      />
    </Section>
  );
}

type Pending = "submit" | "cancel" | "approve" | null;

function Actions({ stocktake }: { stocktake: Stocktake }) {
  const { t } = useTranslation(NS);
  const refresh = useRefresh();
  const [pending, setPending] = useState<Pending>(null);
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");
  const [canApprove] = useState(() => hasButtonCode(BTN_STOCKTAKE_APPROVE));
  const open = countable(stocktake.status);
  const submitted = stocktake.status === "submitted";
  const run = async (call: () => Promise<unknown>, done: string) => {
    setBusy(true);
    setError("");
    try {
      await call();
      notify("success", done);
      setPending(null);
      setRejecting(false);
      await refresh();
    } catch (failure) {
      setPending(null);
      setError(failureText(failure, t("actions.failed")));
    } finally {
      setBusy(false);
    }
  };
  const uncounted = stocktake.lineCount - stocktake.countedCount;
  const messages: Record<Exclude<Pending, null>, string> = {
    submit: uncounted > 0 ? t("actions.submitUncounted", { count: uncounted }) : t("actions.submitConfirm"),
    cancel: t("actions.cancelConfirm"),
    approve: t("actions.approveConfirm", { count: stocktake.differenceCount }),
  };
  const done: Record<Exclude<Pending, null>, string> = {
    submit: t("actions.submitted"),
    cancel: t("actions.cancelled"),
    approve: t("actions.approved"),
  };
  return (
    <>
      {error ? (
        <Alert severity="error" sx={{ mt: 2 }} data-testid="stocktake-error">
          {error}
        </Alert>
      ) : null}
      <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
        {open ? (
          <Button variant="contained" onClick={() => setPending("submit")}>
            {t("actions.submit")}
          </Button>
        ) : null}
        {submitted && canApprove ? (
          <>
            <Button variant="contained" color="success" onClick={() => setPending("approve")}>
              {t("actions.approve")}
            </Button>
            <Button variant="outlined" color="warning" onClick={() => setRejecting(true)}>
              {t("actions.reject")}
            </Button>
          </>
        ) : null}
        {open || submitted ? (
          <Button color="error" onClick={() => setPending("cancel")}>
            {t("actions.cancel")}
          </Button>
        ) : null}
      </Stack>
      <ConfirmDialog
        open={pending !== null}
        title={pending ? t(`actions.${pending}`) : undefined}
        message={pending ? messages[pending] : ""}
        busy={busy}
        onConfirm={() => {
          if (pending) void run(() => stocktakeCommand(pending, stocktake.stocktakeId), done[pending]);
        }}
        onCancel={() => setPending(null)}
      />
      <Dialog open={rejecting} onClose={busy ? undefined : () => setRejecting(false)} fullWidth maxWidth="sm">
        <DialogTitle>{t("actions.reject")}</DialogTitle>
        <DialogContent>
          <TextField
            fullWidth
            multiline
            minRows={2}
            sx={{ mt: 1 }}
            label={t("actions.reason")}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            slotProps={{ htmlInput: { maxLength: 200 } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setRejecting(false)} disabled={busy}>
            {t("cancel")}
          </Button>
          <Button
            variant="contained"
            color="warning"
            disabled={busy || !reason.trim()}
            onClick={() => void run(() => rejectStocktake(stocktake.stocktakeId, reason.trim()), t("actions.rejected"))}
          >
            {t("actions.reject")}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

mountIsland(<StocktakeDetailPage />);
