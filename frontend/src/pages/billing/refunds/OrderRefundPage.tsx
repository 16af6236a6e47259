import SearchIcon from "@mui/icons-material/Search";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Checkbox from "@mui/material/Checkbox";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import Link from "@mui/material/Link";
import Stack from "@mui/material/Stack";
import TableCell from "@mui/material/TableCell";
import TableRow from "@mui/material/TableRow";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useMemo, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { billKeys, orderDetailsHref, searchOrders, type OrderRow } from "../../../api/bills";
import { newIdempotencyKey } from "../../../api/client";
import { FailureAlert } from "../../../components/dayClosed/DayClosed";
import {
  BTN_REFUND_APPROVE,
  approvalHref,
  refundDetailHref,
  refundKeys,
  refundOrder,
  sentForApproval,
  useJudged,
  useRefundQuote,
  type Judged,
  type JudgedLine,
  type RefundQuote,
} from "../../../api/refunds";
import { hasButtonCode } from "../../../api/session";
import { OrderStatusChip } from "../../../components/billing/orders";
import { idFromSearch } from "../../../lib/address";
import { formatMoney } from "../../../lib/money";
import { DetailError, Loading, detailFailure } from "../../../components/feedback";
import { FilterBar } from "../../../components/filters";
import { LimitedTextField } from "../../../components/LimitedTextField";
import { Facts, PageFrame, Section } from "../../../components/layout";
import { HeadedTable } from "../../../components/HeadedTable";
import { NOWRAP } from "../../../components/PagedTable";
import { mountIsland } from "../../../islands/mount";
import { TenderCells, tenderHeads } from "./tenderCells";
import { GoodsBackRow, GoodsBackSummary, GoodsInputs } from "./GoodsLineControls";
import {
  canReturn,
  closesCards,
  initialPicks,
  lineMode,
  pickErrors,
  refundBody,
  type LinePick,
  type PickErrors,
  type Picks,
} from "./refundRules";

const NS = "refunds";
const REASON_MAX = 200;

interface OrderRefundPageProps {
  search?: string;
  navigate?: (url: string) => void;
}

/** /returnList (ERP-YLTH-PAG-0001-0000): the cashier finds a paid order (or comes from its details),
 * sees what each line can still give back (recede/judgeStatus), picks the lines and how much, gives
 * a reason, sees what would go back tender by tender (recede/quote, the server's own computation),
 * confirms, and the money goes back the way it came (recede/recede, once per confirmation). */
export function OrderRefundPage({
  search = window.location.search,
  navigate = (url) => window.location.assign(url),
}: OrderRefundPageProps) {
  const { t } = useTranslation(NS);
  const [orderId, setOrderId] = useState(() => idFromSearch(search, "orderId"));
  return (
    <PageFrame wide title={t("returns.title")}>
      <OrderFinder onChoose={setOrderId} />
      {orderId === null ? (
        <Typography color="text.secondary">{t("returns.missingId")}</Typography>
      ) : (
        <OrderReturn key={orderId} orderId={orderId} navigate={navigate} />
      )}
    </PageFrame>
  );
}

function OrderFinder({ onChoose }: { onChoose: (orderId: number) => void }) {
  const { t } = useTranslation(NS);
  const [orderNo, setOrderNo] = useState("");
  const [found, setFound] = useState<OrderRow[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState("");
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!orderNo.trim()) return;
    setBusy(true);
    setFailure("");
    try {
      const page = await searchOrders({ orderNo: orderNo.trim(), pageNo: 1, pageSize: 10 });
      setFound(page.list);
      if (page.list.length === 1 && page.list[0]) onChoose(page.list[0].orderId);
    } catch (error) {
      setFailure(error instanceof Error ? error.message : "");
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box sx={{ mb: 2 }}>
      <FilterBar onSubmit={(event) => void submit(event)}>
        <LimitedTextField
          maxChars={24}
          size="small"
          label={t("returns.orderNo")}
          value={orderNo}
          onChange={(event) => setOrderNo(event.target.value)}
        />
        <Button type="submit" variant="contained" startIcon={<SearchIcon />} disabled={busy}>
          {t("returns.search")}
        </Button>
      </FilterBar>
      {failure ? <Alert severity="error">{failure}</Alert> : null}
      {found !== null && found.length === 0 ? <Alert severity="info">{t("returns.noMatch")}</Alert> : null}
      {found !== null && found.length > 1
        ? found.map((row) => (
            <Stack key={row.orderId} direction="row" spacing={2} sx={{ alignItems: "center" }}>
              <Typography>{row.orderNo}</Typography>
              <Typography color="text.secondary">{row.name}</Typography>
              <Button size="small" onClick={() => onChoose(row.orderId)}>
                {t("returns.choose")}
              </Button>
            </Stack>
          ))
        : null}
    </Box>
  );
}

function OrderReturn({ orderId, navigate }: { orderId: number; navigate: (url: string) => void }) {
  const { t } = useTranslation(NS);
  const judged = useJudged(orderId);
  if (judged.isPending) return <Loading />;
  if (judged.isError)
    return (
      <DetailError message={detailFailure(judged.error, t("returns.notFound"))} onRetry={() => void judged.refetch()} />
    );
  return <ReturnForm judged={judged.data} navigate={navigate} />;
}

function ReturnForm({ judged, navigate }: { judged: Judged; navigate: (url: string) => void }) {
  const { t } = useTranslation(NS);
  const [picks, setPicks] = useState<Picks>(() => initialPicks(judged));
  const [reason, setReason] = useState("");
  const [tried, setTried] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [sent, setSent] = useState(false);
  const returnable = judged.lines.filter(canReturn);
  const errors: Record<number, PickErrors> = Object.fromEntries(
    judged.lines.map((line) => {
      const pick = picks[line.orderLineId];
      return [line.orderLineId, pick ? pickErrors(line, pick) : {}];
    }),
  );
  const anyPicked = Object.values(picks).some((pick) => pick.picked);
  const reasonError = tried && !reason.trim() ? t("returns.reasonRequired") : "";
  const setPick = (orderLineId: number, change: Partial<LinePick>) =>
    setPicks((previous) => ({
      ...previous,
      [orderLineId]: { ...(previous[orderLineId] ?? { picked: false, value: "" }), ...change },
    }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    const wrong = Object.values(errors).some((found) => Object.values(found).some(Boolean));
    if (!anyPicked || !reason.trim() || wrong) return;
    setConfirming(true);
  };
  return (
    <Box component="form" noValidate onSubmit={submit}>
      <Section title={t("returns.head")}>
        <Stack direction="row" spacing={1} sx={{ alignItems: "center", mb: 2 }}>
          <Typography variant="h6" component="p">
            {judged.orderNo}
          </Typography>
          <OrderStatusChip status={judged.status} label={judged.statusName} />
          <Link href={orderDetailsHref(judged.orderId)} underline="hover">
            {t("returns.toOrder")}
          </Link>
        </Stack>
        <Facts
          items={[
            [t("list.customer"), judged.memId === null ? `${judged.name} (${t("walkIn")})` : judged.name],
            [t("returns.paid"), formatMoney(judged.paid)],
            [t("returns.refunded"), formatMoney(judged.refunded)],
            [t("returns.refundable"), formatMoney(judged.refundable)],
            [
              t("returns.tenders"),
              judged.tenders.map((tender) => `${tender.methodName} ${formatMoney(tender.amount)}`).join("; ") ||
                t("dash"),
            ],
          ]}
        />
        {judged.approvalAbove !== null ? (
          <Alert severity="info" sx={{ mt: 2 }}>
            {t("returns.approvalAbove", { amount: formatMoney(judged.approvalAbove) })}
          </Alert>
        ) : null}
        {sent ? (
          <Alert severity="success" sx={{ mt: 2 }} role="status">
            {t("returns.sentForApproval")}
          </Alert>
        ) : null}
        {judged.waitingApproval ? (
          <Alert severity="warning" sx={{ mt: 2 }} data-testid="waiting-approval">
            {t("returns.waitingApproval", {
              amount: formatMoney(judged.waitingApproval.amount ?? "0"),
              reason: judged.waitingApproval.reason,
            })}{" "}
            <Link href={approvalHref(judged.waitingApproval.approvalId)} underline="hover">
              {t("returns.toApproval")}
            </Link>
          </Alert>
        ) : null}
        {judged.wholeOnly ? (
          <Alert severity="warning" sx={{ mt: 2 }}>
            {t("returns.wholeOnly")}
          </Alert>
        ) : null}
      </Section>
      <Section title={t("returns.lines")}>
        {returnable.length === 0 ? (
          <Typography color="text.secondary">{t("returns.nothingLeft")}</Typography>
        ) : (
          <LinesTable judged={judged} picks={picks} errors={errors} setPick={setPick} />
        )}
        {tried && !anyPicked && returnable.length > 0 ? (
          <Alert severity="error" sx={{ mt: 1 }}>
            {t("returns.noLines")}
          </Alert>
        ) : null}
      </Section>
      {returnable.length > 0 ? (
        <Stack direction="row" spacing={2} sx={{ alignItems: "flex-start" }}>
          <TextField
            required
            fullWidth
            label={t("returns.reason")}
            value={reason}
            onChange={(event) => setReason(event.target.value.slice(0, REASON_MAX))}
            error={Boolean(reasonError)}
            helperText={reasonError || " "}
          />
          <Button type="submit" variant="contained" color="error" sx={{ mt: 1, ...NOWRAP }}>
            {t("returns.submit")}
          </Button>
        </Stack>
      ) : null}
      {confirming ? (
        <ConfirmDialog
          judged={judged}
          picks={picks}
          reason={reason}
          onClose={() => setConfirming(false)}
          onDone={(recedeId) => navigate(refundDetailHref(recedeId))}
          onSent={() => {
            setConfirming(false);
            setSent(true);
          }}
        />
      ) : null}
    </Box>
  );
}

function LinesTable({
  judged,
  picks,
  errors,
  setPick,
}: {
  judged: Judged;
  picks: Picks;
  errors: Record<number, PickErrors>;
  setPick: (orderLineId: number, change: Partial<LinePick>) => void;
}) {
  const { t } = useTranslation(NS);
  const heads = [
    t("returns.pick"),
    t("returns.item"),
    t("returns.kind"),
    t("returns.qty"),
    t("returns.linePaid"),
    t("returns.lineRefunded"),
    t("returns.lineRefundable"),
    t("returns.amount"),
  ];
  return (
    <HeadedTable label={t("returns.lines")} heads={heads}>
      {judged.lines.map((line) => (
        <LineRow
          key={line.orderLineId}
          line={line}
          pick={picks[line.orderLineId]}
          errors={errors[line.orderLineId] ?? {}}
          locked={judged.wholeOnly}
          onChange={(change) => setPick(line.orderLineId, change)}
        />
      ))}
    </HeadedTable>
  );
}

function LineRow({
  line,
  pick,
  errors,
  locked,
  onChange,
}: {
  line: JudgedLine;
  pick: LinePick | undefined;
  errors: PickErrors;
  locked: boolean;
  onChange: (change: Partial<LinePick>) => void;
}) {
  const { t } = useTranslation(NS);
  const mode = lineMode(line);
  const units = mode === "units";
  const label = `${line.name}: ${units ? t("returns.units") : t("returns.amount")}`;
  const error = errors.value;
  return (
    <>
      <TableRow data-testid={`return-line-${line.orderLineId}`}>
        <TableCell padding="checkbox">
          <Checkbox
            checked={Boolean(pick?.picked)}
            disabled={!pick || locked}
            onChange={(event) => onChange({ picked: event.target.checked })}
            slotProps={{ input: { "aria-label": `${t("returns.pick")} ${line.name}` } }}
          />
        </TableCell>
        <TableCell>{line.name}</TableCell>
        <TableCell>{line.typeName}</TableCell>
        <TableCell>{line.qty}</TableCell>
        <TableCell>{formatMoney(line.paid)}</TableCell>
        <TableCell>
          {formatMoney(line.refundedAmount)}
          {line.refundedQty ? ` × ${line.refundedQty}` : ""}
        </TableCell>
        <TableCell>
          {formatMoney(line.refundableAmount)}
          {units
            ? ` (${line.refundableQty} ${closesCards(line) ? t("returns.byCards") : t("returns.bySessions")})`
            : mode === "goods"
              ? ` (${t("returns.goodsUnits", { qty: line.refundableQty })})`
              : ""}
          {line.note ? (
            <Typography variant="body2" color="text.secondary">
              {line.note}
            </Typography>
          ) : null}
        </TableCell>
        <TableCell sx={{ minWidth: 140 }}>
          {pick && mode === "goods" ? (
            <GoodsInputs line={line} pick={pick} errors={errors} locked={locked} onChange={onChange} />
          ) : pick ? (
            <TextField
              size="small"
              value={pick.value}
              disabled={!pick.picked || locked}
              onChange={(event) => onChange({ value: event.target.value })}
              error={Boolean(error)}
              helperText={error ? t(error) : undefined}
              slotProps={{ htmlInput: { "aria-label": label, inputMode: units ? "numeric" : "decimal" } }}
            />
          ) : (
            t("dash")
          )}
        </TableCell>
      </TableRow>
      {pick?.picked && mode === "goods" ? (
        <GoodsBackRow line={line} pick={pick} errors={errors} locked={locked} onChange={onChange} />
      ) : null}
    </>
  );
}

function ConfirmDialog({
  judged,
  picks,
  reason,
  onClose,
  onDone,
  onSent,
}: {
  judged: Judged;
  picks: Picks;
  reason: string;
  onClose: () => void;
  onDone: (recedeId: number) => void;
  /** Above the store's amount without the owner's code: sent to the owner for approval (202). */
  onSent: () => void;
}) {
  const { t } = useTranslation(NS);
  const titleId = useId();
  const queryClient = useQueryClient();
  const body = useMemo(() => refundBody(judged, picks, reason), [judged, picks, reason]);
  // What would go back, from the server's refund computation; the refund is offered once it is known.
  const quote = useRefundQuote(body);
  // One key for this confirmation: a double click or a retry refunds once.
  const [key] = useState(newIdempotencyKey);
  const refund = useMutation({
    mutationFn: () => refundOrder(body, key),
    onSuccess: async (made) => {
      await queryClient.invalidateQueries({ queryKey: refundKeys.all });
      await queryClient.invalidateQueries({ queryKey: billKeys.all });
      if (sentForApproval(made)) onSent();
      else onDone(made.recedeId);
    },
  });
  const cardLines = judged.lines.some((line) => closesCards(line) && picks[line.orderLineId]?.picked);
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="md">
      <DialogTitle id={titleId}>{t("returns.confirmTitle")}</DialogTitle>
      <DialogContent>
        {quote.isFetching && !quote.isSuccess ? <Loading /> : null}
        {quote.isError && !quote.isFetching ? (
          <DetailError
            message={detailFailure(quote.error, t("returns.notFound"))}
            onRetry={() => void quote.refetch()}
            error={quote.error}
          />
        ) : null}
        {quote.isSuccess ? <QuoteSummary quote={quote.data} /> : null}
        {cardLines ? <DialogContentText sx={{ mt: 1 }}>{t("returns.confirmCards")}</DialogContentText> : null}
        {refund.isError ? <FailureAlert error={refund.error} /> : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t("back")}</Button>
        <Button
          color="error"
          variant="contained"
          disabled={refund.isPending || !quote.isSuccess}
          onClick={() => refund.mutate()}
        >
          {t("returns.confirm")}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** recede/quote's answer: the total, then each tender the money (or sessions) would go back to. */
function QuoteSummary({ quote }: { quote: RefundQuote }) {
  const { t } = useTranslation(NS);
  const [mayApprove] = useState(() => hasButtonCode(BTN_REFUND_APPROVE));
  const pending = quote.tenders.some((tender) => tender.status === "pending");
  return (
    <Box data-testid="refund-quote">
      <DialogContentText>
        {t("returns.confirmText", { amount: formatMoney(quote.amount), orderNo: quote.orderNo })}
      </DialogContentText>
      <HeadedTable label={t("returns.quoteTenders")} heads={tenderHeads(t)} sx={{ mt: 1 }}>
        {quote.tenders.map((tender, index) => (
          <TableRow key={`${tender.tenderId ?? "s"}-${index}`}>
            <TableCell>
              {tender.methodName}
              {tender.status === "pending" ? ` (${t("detail.statuses.pending")})` : ""}
            </TableCell>
            <TenderCells tender={tender} />
          </TableRow>
        ))}
      </HeadedTable>
      <GoodsBackSummary lines={quote.lines} />
      {pending ? <DialogContentText sx={{ mt: 1 }}>{t("detail.pendingNote")}</DialogContentText> : null}
      {quote.approvalNeeded ? (
        <Alert severity="info" sx={{ mt: 1 }}>
          {t(mayApprove ? "returns.quoteApproval" : "returns.quoteToOwner")}
        </Alert>
      ) : null}
    </Box>
  );
}

mountIsland(<OrderRefundPage />);
