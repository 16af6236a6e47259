import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import Link from "@mui/material/Link";
import Stack from "@mui/material/Stack";
import Tab from "@mui/material/Tab";
import Tabs from "@mui/material/Tabs";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableContainer from "@mui/material/TableContainer";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { orderDetailsHref } from "../../api/bills";
import {
  BTN_CARD_DELAY,
  BTN_CARD_FREEZE,
  cardKeys,
  delayCard,
  freezeCard,
  unfreezeCard,
  useCardLedger,
  useMemberCards,
  useSessionUses,
  type CardEntry,
  type MemberCard,
  type SessionUse,
} from "../../api/cards";
import { newIdempotencyKey } from "../../api/client";
import { hasButtonCode } from "../../api/session";
import { DateField } from "../../components/dates/DateField";
import { DetailError, Loading } from "../../components/feedback";
import { LimitedTextField } from "../../components/LimitedTextField";
import { NOWRAP, PagedTable, usePaging, type PagedColumn } from "../../components/PagedTable";
import { storeDateTime } from "../../lib/dates";
import { formatMoney, formatMoneyChange } from "../../lib/money";
import { PAGE_SIZES } from "../../lib/paging";

const NS = "cards";
const REASON_MAX = 100;

type Action = "delay" | "freeze" | "unfreeze";

const STATUS_COLORS: Record<MemberCard["status"], "success" | "default" | "info" | "warning"> = {
  active: "success",
  expired: "warning",
  frozen: "info",
  transferred: "default",
  closed: "default",
};

/** What a card holds: its balance and gift, or each project's sessions left of total. */
function holding(card: MemberCard, t: (key: string, options?: Record<string, unknown>) => string): string {
  if (card.kind === "storedValue")
    return t("card.balanceOf", { balance: formatMoney(card.balance), gift: formatMoney(card.giftBalance) });
  return card.sessions.map((s) => t("card.sessionsOf", { name: s.name, left: s.left, total: s.total })).join("; ");
}

/** The member account's cards tab: each card, its ledger, and the manager's delay, freeze, unfreeze. */
export function AccountCardsTab({ memId }: { memId: number }) {
  const { t } = useTranslation(NS);
  const cards = useMemberCards(memId);
  const [canDelay] = useState(() => hasButtonCode(BTN_CARD_DELAY));
  const [canFreeze] = useState(() => hasButtonCode(BTN_CARD_FREEZE));
  const [ledgerOf, setLedgerOf] = useState<MemberCard | null>(null);
  const [acting, setActing] = useState<{ card: MemberCard; action: Action } | null>(null);
  if (cards.isPending) return <Loading />;
  if (cards.isError) return <DetailError message={cards.error.message} onRetry={() => void cards.refetch()} />;
  if (cards.data.length === 0) return <Typography color="text.secondary">{t("card.none")}</Typography>;
  return (
    <>
      <TableContainer>
        <Table size="small" aria-label={t("card.title")}>
          <TableHead>
            <TableRow>
              {["cardNo", "name", "kind", "holding", "status", "expiresOn", "store", "actions"].map((key) => (
                <TableCell key={key} sx={NOWRAP}>
                  {t(`card.${key}`)}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {cards.data.map((card) => (
              <TableRow key={card.cardId} data-testid={`card-row-${card.cardId}`}>
                <TableCell sx={NOWRAP}>{card.cardNo}</TableCell>
                <TableCell>{card.name}</TableCell>
                <TableCell sx={NOWRAP}>{t(`kind.${card.kind}`)}</TableCell>
                <TableCell>{holding(card, t)}</TableCell>
                <TableCell>
                  <Chip size="small" color={STATUS_COLORS[card.status]} label={t(`status.${card.status}`)} />
                </TableCell>
                <TableCell sx={NOWRAP}>{card.expiresOn}</TableCell>
                <TableCell>{card.storeName}</TableCell>
                <TableCell>
                  <Stack direction="row" spacing={1}>
                    <Button size="small" onClick={() => setLedgerOf(card)}>
                      {t("card.ledger")}
                    </Button>
                    {canDelay && (card.status === "active" || card.status === "expired") ? (
                      <Button size="small" onClick={() => setActing({ card, action: "delay" })}>
                        {t("action.delay")}
                      </Button>
                    ) : null}
                    {canFreeze && card.status === "active" ? (
                      <Button size="small" onClick={() => setActing({ card, action: "freeze" })}>
                        {t("action.freeze")}
                      </Button>
                    ) : null}
                    {canFreeze && card.status === "frozen" ? (
                      <Button size="small" onClick={() => setActing({ card, action: "unfreeze" })}>
                        {t("action.unfreeze")}
                      </Button>
                    ) : null}
                  </Stack>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {ledgerOf ? <LedgerDialog card={ledgerOf} onClose={() => setLedgerOf(null)} /> : null}
      {acting ? <CardActionDialog {...acting} onClose={() => setActing(null)} /> : null}
    </>
  );
}

function LedgerDialog({ card, onClose }: { card: MemberCard; onClose: () => void }) {
  const { t } = useTranslation(NS);
  const titleId = useId();
  const [view, setView] = useState<"ledger" | "sessions">("ledger");
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="lg" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{t("ledger.title", { cardNo: card.cardNo, name: card.name })}</DialogTitle>
      <DialogContent>
        {card.kind === "package" ? (
          <Tabs value={view} onChange={(_, value: "ledger" | "sessions") => setView(value)} sx={{ mb: 1 }}>
            <Tab value="ledger" label={t("ledger.entries")} />
            <Tab value="sessions" label={t("ledger.sessionsUsed")} />
          </Tabs>
        ) : null}
        {view === "ledger" ? <Ledger card={card} /> : <SessionsUsed card={card} />}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t("close")}</Button>
      </DialogActions>
    </Dialog>
  );
}

function orderLink(orderId: number | null, dash: string) {
  return orderId === null ? dash : <Link href={orderDetailsHref(orderId)}>{orderId}</Link>;
}

function Ledger({ card }: { card: MemberCard }) {
  const { t } = useTranslation(NS);
  const paging = usePaging();
  // The answer is `{card, list, total}`: a page for the table, the card beside it.
  const result = useCardLedger(card.cardId, paging.pageIndex + 1, paging.pageSize);
  const dash = t("dash");
  const columns: PagedColumn<CardEntry>[] = [
    {
      key: "time",
      label: t("ledger.time"),
      cellSx: NOWRAP,
      render: (row) => storeDateTime(row.createdAt),
    },
    { key: "kind", label: t("ledger.kind"), render: (row) => row.kindName },
    card.kind === "storedValue"
      ? { key: "change", label: t("ledger.change"), align: "right", render: (row) => formatMoneyChange(row.change) }
      : { key: "change", label: t("ledger.sessionsChange"), align: "right", render: (row) => row.sessionsChange },
    card.kind === "storedValue"
      ? {
          key: "after",
          label: t("ledger.balanceAfter"),
          align: "right",
          render: (row) => formatMoney(row.balanceAfter),
        }
      : { key: "after", label: t("ledger.sessionsAfter"), align: "right", render: (row) => row.sessionsAfter ?? dash },
    { key: "project", label: t("ledger.project"), render: (row) => row.projectName || dash },
    { key: "order", label: t("ledger.order"), render: (row) => orderLink(row.orderId, dash) },
    { key: "store", label: t("ledger.store"), render: (row) => row.storeName },
    { key: "operator", label: t("ledger.operator"), render: (row) => row.operatorName || dash },
    { key: "remark", label: t("ledger.remark"), render: (row) => row.remark || dash },
  ];
  return (
    <PagedTable
      label={t("ledger.entries")}
      result={result}
      paging={paging}
      pageSizes={PAGE_SIZES}
      nowrapHeads
      columns={columns}
      rowKey={(row) => row.entryId}
      emptyText={t("ledger.empty")}
    />
  );
}

function SessionsUsed({ card }: { card: MemberCard }) {
  const { t } = useTranslation(NS);
  const paging = usePaging();
  const result = useSessionUses(card.cardId, paging.pageIndex + 1, paging.pageSize);
  const dash = t("dash");
  const columns: PagedColumn<SessionUse>[] = [
    {
      key: "time",
      label: t("ledger.time"),
      cellSx: NOWRAP,
      render: (row) => storeDateTime(row.createdAt),
    },
    { key: "project", label: t("ledger.project"), render: (row) => row.projectName || dash },
    { key: "count", label: t("ledger.count"), align: "right", render: (row) => row.count },
    { key: "after", label: t("ledger.sessionsAfter"), align: "right", render: (row) => row.sessionsAfter ?? dash },
    { key: "order", label: t("ledger.order"), render: (row) => orderLink(row.orderId, dash) },
    { key: "store", label: t("ledger.store"), render: (row) => row.storeName },
    { key: "operator", label: t("ledger.operator"), render: (row) => row.operatorName || dash },
  ];
  return (
    <PagedTable
      label={t("ledger.sessionsUsed")}
      result={result}
      paging={paging}
      pageSizes={PAGE_SIZES}
      nowrapHeads
      columns={columns}
      rowKey={(row) => row.entryId}
      emptyText={t("ledger.noSessions")}
    />
  );
}

/** Delay (a new end date), freeze or unfreeze a card, with a reason; the dialog is the
 * confirmation, and one key covers the submission however often it is sent. */
function CardActionDialog({ card, action, onClose }: { card: MemberCard; action: Action; onClose: () => void }) {
  const { t } = useTranslation(NS);
  const titleId = useId();
  const queryClient = useQueryClient();
  const [key] = useState(newIdempotencyKey);
  const [until, setUntil] = useState("");
  const [reason, setReason] = useState("");
  const [tried, setTried] = useState(false);
  const run = useMutation({
    mutationFn: () => {
      const body = { cardId: card.cardId, reason: reason.trim() };
      if (action === "delay") return delayCard({ ...body, until }, key);
      return action === "freeze" ? freezeCard(body, key) : unfreezeCard(body, key);
    },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: cardKeys.all });
      onClose();
    },
  });
  const untilMissing = action === "delay" && !until;
  const reasonMissing = !reason.trim();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (untilMissing || reasonMissing) return;
    run.mutate();
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby={titleId}>
      <form noValidate onSubmit={submit}>
        <DialogTitle id={titleId}>{t(`action.${action}Title`, { cardNo: card.cardNo })}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{t(`action.${action}Text`, { date: card.expiresOn })}</DialogContentText>
          <Stack spacing={2}>
            {action === "delay" ? (
              <DateField
                label={t("action.until")}
                value={until}
                onChange={setUntil}
                minDate={card.expiresOn}
                error={tried && untilMissing}
                helperText={tried && untilMissing ? t("action.untilMissing") : undefined}
              />
            ) : null}
            <LimitedTextField
              maxChars={REASON_MAX}
              label={t("action.reason")}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              error={tried && reasonMissing}
              helperText={tried && reasonMissing ? t("action.reasonMissing") : undefined}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t("back")}</Button>
          <Button type="submit" variant="contained" disabled={run.isPending}>
            {t(`action.${action}Confirm`)}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
