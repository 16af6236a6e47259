/** The day's figures as the server computed them (docs/api.md "Daily closing"), a section each, for
 * the daily closing pages: takings, pending tenders, refunds, the providers' bills, sales, cards,
 * points, deposits, revenue, the clearing with other stores, and each employee's credits. */
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { CREDIT_KINDS, SALE_KINDS, type DayFigures, type StaffShare } from "../../../api/daily";
import { useDayClearing } from "../../../api/settlement";
import { Facts, Section } from "../../../components/layout";
import { storeDateTime } from "../../../lib/dates";
import { centsToText, formatMoney, toCents } from "../../../lib/money";
import { DAILY_NS } from "./dailyParts";

function AmountTable({ label, head, rows }: { label: string; head: ReactNode[]; rows: ReactNode[][] }) {
  return (
    <Table size="small" aria-label={label}>
      <TableHead>
        <TableRow>
          {head.map((cell, index) => (
            <TableCell key={index} align={index === 0 ? "left" : "right"}>
              {cell}
            </TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((row, rowIndex) => (
          <TableRow key={rowIndex}>
            {row.map((cell, index) => (
              <TableCell key={index} align={index === 0 ? "left" : "right"}>
                {cell}
              </TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** Where a tender is filed (the server's `filedUnder`): money in, paid from what the member holds,
 * or a group-buy coupon the customer paid on its platform (neither of the other two). */
const FILED_UNDER = {
  moneyIn: "takings.moneyIn",
  memberHoldings: "takings.fromHoldings",
  groupBuy: "takings.groupBuy",
} as const satisfies Record<DayFigures["takings"]["methods"][number]["filedUnder"], string>;

/** Each tender's gross, what the day's refunds gave back through it, and the net. */
export function Takings({ figures }: { figures: DayFigures }) {
  const { t } = useTranslation(DAILY_NS);
  const { methods, money, moneyGross, moneyRefunded } = figures.takings;
  return (
    <Section title={t("takings.title")}>
      {methods.length === 0 ? (
        <Alert severity="info">{t("takings.empty")}</Alert>
      ) : (
        <AmountTable
          label={t("takings.title")}
          head={[t("takings.method"), t("takings.count"), t("gross"), t("returned"), t("net"), ""]}
          rows={[
            ...methods.map((row) => [
              t(`methods.${row.method}`, { defaultValue: row.label }),
              row.count,
              formatMoney(row.gross),
              formatMoney(row.refunded),
              formatMoney(row.amount),
              t(FILED_UNDER[row.filedUnder]),
            ]),
            [
              <strong key="label">{t("takings.money")}</strong>,
              "",
              <strong key="gross">{formatMoney(moneyGross)}</strong>,
              <strong key="refunded">{formatMoney(moneyRefunded)}</strong>,
              <strong key="net">{formatMoney(money)}</strong>,
              "",
            ],
          ]}
        />
      )}
    </Section>
  );
}

export function Pending({ figures }: { figures: DayFigures }) {
  const { t } = useTranslation(DAILY_NS);
  const { pending } = figures;
  if (pending.count === 0) return null;
  return (
    <Section title={t("pending.title")}>
      <Alert severity="warning" sx={{ mb: 1 }}>
        {t("pending.count", { count: pending.count, amount: formatMoney(pending.amount) })}
      </Alert>
      <AmountTable
        label={t("pending.title")}
        head={[t("pending.orderNo"), t("takings.method"), t("takings.amount"), t("pending.createdAt")]}
        rows={pending.tenders.map((row) => [
          row.orderNo,
          t(`methods.${row.method}`),
          formatMoney(row.amount),
          storeDateTime(row.createdAt),
        ])}
      />
    </Section>
  );
}

/** The refunds of the day: money back by tender, the provider refunds still waiting for the
 * provider (closing waits for them) and those a provider refused (that money did not go back). */
export function Refunds({ figures }: { figures: DayFigures }) {
  const { t } = useTranslation(DAILY_NS);
  const { refunds } = figures;
  return (
    <Section title={t("refunds.title")}>
      {refunds.count === 0 ? (
        <Alert severity="info">{t("refunds.empty")}</Alert>
      ) : (
        <>
          <Facts
            items={[
              [t("refunds.count"), refunds.count],
              [t("refunds.amount"), formatMoney(refunds.amount)],
            ]}
          />
          <AmountTable
            label={t("refunds.title")}
            head={[t("takings.method"), t("refunds.tenders"), t("takings.amount")]}
            rows={refunds.methods.map((row) => [
              t(`methods.${row.method}`, { defaultValue: row.label }),
              row.count,
              formatMoney(row.amount),
            ])}
          />
        </>
      )}
      {refunds.failed.count > 0 ? (
        <Alert severity="error" sx={{ mt: 1 }}>
          {t("refunds.failed", { count: refunds.failed.count, amount: formatMoney(refunds.failed.amount) })}
        </Alert>
      ) : null}
      {refunds.pending.count > 0 ? (
        <Box sx={{ mt: 1 }}>
          <Alert severity="warning" sx={{ mb: 1 }}>
            {t("refunds.pending", { count: refunds.pending.count, amount: formatMoney(refunds.pending.amount) })}
          </Alert>
          <AmountTable
            label={t("refunds.pendingTitle")}
            head={[t("refunds.refundNo"), t("takings.method"), t("takings.amount"), t("pending.createdAt")]}
            rows={refunds.pending.tenders.map((row) => [
              row.refundNo,
              t(`methods.${row.method}`),
              formatMoney(row.amount),
              storeDateTime(row.createdAt),
            ])}
          />
        </Box>
      ) : null}
    </Section>
  );
}

/** The providers' bills against our payments and refunds of the day (they come the next morning). */
export function Reconciliation({ figures }: { figures: DayFigures }) {
  const { t } = useTranslation(DAILY_NS);
  const rows = figures.reconciliation;
  return (
    <Section title={t("reconciliation.title")}>
      {rows.length === 0 ? (
        <Alert severity="info">{t("reconciliation.empty")}</Alert>
      ) : (
        <AmountTable
          label={t("reconciliation.title")}
          head={[
            t("reconciliation.provider"),
            t("reconciliation.kind"),
            t("reconciliation.tradeNo"),
            t("reconciliation.ours"),
            t("reconciliation.theirs"),
          ]}
          rows={rows.map((row) => [
            t(`methods.${row.provider}`, { defaultValue: row.provider }),
            t(`reconciliation.${row.kind}`, { defaultValue: row.kindName }),
            row.outRefundNo ? `${row.outTradeNo} / ${row.outRefundNo}` : row.outTradeNo,
            row.ours === null ? t("dash") : formatMoney(row.ours),
            row.theirs === null ? t("dash") : formatMoney(row.theirs),
          ])}
        />
      )}
    </Section>
  );
}

export function Sales({ figures }: { figures: DayFigures }) {
  const { t } = useTranslation(DAILY_NS);
  const byKind = new Map(figures.sales.kinds.map((row) => [row.kind, row]));
  return (
    <Section title={t("sales.title")}>
      <AmountTable
        label={t("sales.title")}
        head={[t("sales.kind"), t("sales.lines"), t("sales.qty"), t("gross"), t("returned"), t("net")]}
        rows={[
          ...SALE_KINDS.map((kind) => {
            const row = byKind.get(kind);
            return [
              t(`sales.${kind}`),
              row?.lines ?? 0,
              row?.qty ?? 0,
              formatMoney(row?.amount ?? "0.00"),
              formatMoney(row?.returned ?? "0.00"),
              formatMoney(row?.net ?? "0.00"),
            ];
          }),
          [
            <strong key="label">{t("sales.total")}</strong>,
            "",
            "",
            <strong key="gross">{formatMoney(figures.sales.total)}</strong>,
            <strong key="returned">{formatMoney(figures.sales.returned)}</strong>,
            <strong key="net">{formatMoney(figures.sales.net)}</strong>,
          ],
        ]}
      />
      <Box sx={{ mt: 1 }}>
        <Facts
          items={[
            [t("orders.paid"), figures.orders.paid],
            [t("orders.open"), figures.orders.open],
            [t("orders.cancelled"), figures.orders.cancelled],
          ]}
        />
      </Box>
    </Section>
  );
}

/** Cards sold and topped up, stored value spent and sessions used: counted and summed as the sales
 * and the takings show them (the server reads each once), the card ledger splitting them. */
export function Cards({ figures }: { figures: DayFigures }) {
  const { t } = useTranslation(DAILY_NS);
  const parts = ["sold", "toppedUp", "storedValueSpent", "sessionsUsed"] as const;
  return (
    <Section title={t("cards.title")}>
      <AmountTable
        label={t("cards.title")}
        head={[
          "",
          t("cards.count"),
          t("gross"),
          t("returned"),
          t("net"),
          t("cards.principal"),
          t("cards.gift"),
          t("cards.sessions"),
        ]}
        rows={parts.map((part) => {
          const row = figures.cards[part];
          return [
            t(`cards.${part}`),
            row.count,
            formatMoney(row.amount),
            formatMoney(row.returned),
            formatMoney(row.net),
            formatMoney(row.principal),
            formatMoney(row.gift),
            row.sessions,
          ];
        })}
      />
    </Section>
  );
}

export function Points({ figures }: { figures: DayFigures }) {
  const { t } = useTranslation(DAILY_NS);
  const { points } = figures;
  return (
    <Section title={t("points.title")}>
      <Facts
        items={[
          [t("points.earned"), points.earned],
          [t("points.spent"), points.spent],
          [t("points.adjusted"), points.adjusted],
          [t("points.tendered"), formatMoney(points.tendered)],
        ]}
      />
    </Section>
  );
}

/** The intention deposits of the day (a liability until used or refunded) and what the store still holds. */
export function Deposits({ figures }: { figures: DayFigures }) {
  const { t } = useTranslation(DAILY_NS);
  const { deposits } = figures;
  const parts = ["taken", "applied", "refunded", "returned"] as const;
  return (
    <Section title={t("deposits.title")}>
      <Box data-testid="deposits">
        <AmountTable
          label={t("deposits.title")}
          head={["", t("deposits.count"), t("deposits.amount")]}
          rows={[
            ...parts.map((part) => [t(`deposits.${part}`), deposits[part].count, formatMoney(deposits[part].amount)]),
            [
              <strong key="held">{t("deposits.held")}</strong>,
              "",
              <strong key="sum">{formatMoney(deposits.held)}</strong>,
            ],
          ]}
        />
      </Box>
    </Section>
  );
}

/** Takings told apart from revenue: what came in, and what the store earned. */
export function Revenue({ figures }: { figures: DayFigures }) {
  const { t } = useTranslation(DAILY_NS);
  const { revenue } = figures;
  return (
    <Section title={t("revenue.title")}>
      <Alert severity="info" sx={{ mb: 1 }}>
        {t("revenue.explain")}
      </Alert>
      <Box data-testid="revenue">
        <Facts
          items={[
            [t("revenue.takings"), formatMoney(revenue.takings)],
            [t("revenue.earned"), formatMoney(revenue.earned)],
            [t("revenue.liabilityIn"), formatMoney(revenue.liabilityIn)],
            [t("revenue.goodsAndServices"), formatMoney(revenue.goodsAndServices)],
            [t("revenue.sessionsValue"), formatMoney(revenue.sessionsValue)],
            [t("revenue.returned"), formatMoney(revenue.returned)],
            [t("revenue.liabilityOut"), formatMoney(revenue.liabilityOut)],
            [t("revenue.paidFromStoredValue"), formatMoney(revenue.paidFromStoredValue)],
            [t("revenue.paidByPoints"), formatMoney(revenue.paidByPoints)],
            [t("revenue.paidFromDeposits"), formatMoney(revenue.paidFromDeposits)],
          ]}
        />
      </Box>
    </Section>
  );
}

/** What the store is owed by the other stores and owes them for the day's cards used, topped up or
 * moved and goods lent across stores (the settlement between stores). Nothing when the role may not
 * read it (the call is refused) or the day has no such entry. */
export function Clearing({ figures }: { figures: DayFigures }) {
  const { t } = useTranslation(DAILY_NS);
  const clearing = useDayClearing(figures.date, figures.storeId).data;
  if (!clearing || clearing.entries === 0) return null;
  return (
    <Section title={t("clearing.title")}>
      <Box data-testid="day-clearing">
        <Facts
          items={[
            [t("clearing.net"), <strong key="net">{formatMoney(clearing.net)}</strong>],
            [t("clearing.owedTo"), formatMoney(clearing.owedToStore)],
            [t("clearing.owedBy"), formatMoney(clearing.owedByStore)],
            [t("clearing.entries"), clearing.entries],
          ]}
        />
      </Box>
    </Section>
  );
}

/** Each employee's credits of the day, kept apart by kind, with the column sums. */
export function StaffTable({ staff }: { staff: StaffShare[] }) {
  const { t } = useTranslation(DAILY_NS);
  if (staff.length === 0) return <Alert severity="info">{t("staff.empty")}</Alert>;
  const sum = (key: (typeof CREDIT_KINDS)[number] | "total") =>
    formatMoney(centsToText(staff.reduce((total, row) => total + toCents(row[key]), 0)));
  return (
    <AmountTable
      label={t("staff.title")}
      head={[t("staff.name"), ...CREDIT_KINDS.map((kind) => t(`staff.${kind}`)), t("staff.total")]}
      rows={[
        ...staff.map((row) => [
          row.name,
          ...CREDIT_KINDS.map((kind) => formatMoney(row[kind])),
          formatMoney(row.total),
        ]),
        [
          <strong key="label">{t("staff.sum")}</strong>,
          ...CREDIT_KINDS.map((kind) => sum(kind)),
          <strong key="sum">{sum("total")}</strong>,
        ],
      ]}
    />
  );
}
