/** The sections of one order's details page below its head: its lines, tenders, the sessions it drew,
 * its refunds, totals and signature. */
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Link from "@mui/material/Link";
import TableCell from "@mui/material/TableCell";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import {
  CREDIT_MOVE_CODE,
  staffChangeable,
  useDrawnSessions,
  useSignatureImage,
  type OrderDetail,
  type OrderLine,
} from "../../../api/bills";
import { refundDetailHref } from "../../../api/refunds";
import { hasButtonCode } from "../../../api/session";
import { DetailError, Loading } from "../../../components/feedback";
import { Facts, Section } from "../../../components/layout";
import { HeadedTable } from "../../../components/HeadedTable";
import { NOWRAP } from "../../../components/PagedTable";
import { storeDateTime } from "../../../lib/dates";
import { formatMoney } from "../../../lib/money";
import { NS } from "./parts";
import { StaffChangeDialog } from "./StaffChangeDialog";

/** The lines with their discounts and staff; a role with the credit-move code changes a line's staff. */
export function OrderLinesSection({ order }: { order: OrderDetail }) {
  const { t } = useTranslation(NS);
  const [changing, setChanging] = useState<OrderLine | null>(null);
  const changeable = staffChangeable(order, hasButtonCode(CREDIT_MOVE_CODE));
  return (
    <Section title={t("details.lines")}>
      <HeadedTable
        label={t("details.lines")}
        heads={[
          t("line.name"),
          t("line.type"),
          t("line.qty"),
          t("line.unitPrice"),
          t("fields.discount"),
          t("fields.sessionsValue"),
          t("line.amount"),
          t("line.discounts"),
          t("line.staff"),
          ...(changeable ? [""] : []),
        ]}
      >
        {order.lines.map((line) => (
          <TableRow key={line.orderLineId}>
            <TableCell>
              {line.name}
              {line.takeLater ? <Chip size="small" sx={{ ml: 1 }} label={t("line.takeLater")} /> : null}
            </TableCell>
            <TableCell>{t(`lineType.${line.type}`, { defaultValue: line.type })}</TableCell>
            <TableCell>{line.qty}</TableCell>
            <TableCell>{formatMoney(line.unitPrice)}</TableCell>
            <TableCell>{formatMoney(line.discount)}</TableCell>
            <TableCell>{Number(line.sessionsValue) ? formatMoney(line.sessionsValue) : t("dash")}</TableCell>
            <TableCell>{formatMoney(line.amount)}</TableCell>
            <TableCell>
              {line.discounts.length
                ? line.discounts.map((d) => `${d.name} -${formatMoney(d.amount)}`).join("; ")
                : t("dash")}
            </TableCell>
            <TableCell>
              {line.staff.length
                ? line.staff.map((s) => `${s.name} ${Math.round(Number(s.share) * 100)}%`).join("; ")
                : t("dash")}
            </TableCell>
            {changeable ? (
              <TableCell>
                <Button size="small" onClick={() => setChanging(line)}>
                  {t("staffChange.open", { name: line.name })}
                </Button>
              </TableCell>
            ) : null}
          </TableRow>
        ))}
      </HeadedTable>
      {changing ? <StaffChangeDialog order={order} line={changing} onClose={() => setChanging(null)} /> : null}
    </Section>
  );
}

/** Why an order shows no tender: paid by package sessions alone, nothing to pay, or not paid yet. */
function noTenders(order: OrderDetail): [string, Record<string, string | number>] {
  if (order.status === "paid" && order.sessions > 0)
    return ["details.sessionsOnly", { count: order.sessions, value: formatMoney(order.sessionsValue) }];
  if (order.status === "paid") return ["details.nothingToPay", {}];
  return ["details.noTenders", {}];
}

/** How the order was paid, one row per tender, with its status when it did not succeed. */
export function TendersSection({ order }: { order: OrderDetail }) {
  const { t } = useTranslation(NS);
  const dash = t("dash");
  const [why, values] = noTenders(order);
  return (
    <Section title={t("details.tenders")}>
      {order.tenders.length === 0 ? (
        <Typography color="text.secondary">{t(why, values)}</Typography>
      ) : (
        <HeadedTable
          label={t("details.tenders")}
          heads={[
            t("tender.method"),
            t("tender.amount"),
            t("tender.cardNo"),
            t("tender.points"),
            t("tender.received"),
            t("tender.change"),
            t("fields.operator"),
            t("tender.time"),
          ]}
        >
          {order.tenders.map((tender) => (
            <TableRow key={tender.tenderId}>
              <TableCell>
                {tender.methodName}
                {tender.status !== "succeeded" ? ` (${t(`tenderStatus.${tender.status}`)})` : ""}
              </TableCell>
              <TableCell>{formatMoney(tender.amount)}</TableCell>
              <TableCell>{tender.cardNo || dash}</TableCell>
              <TableCell>{tender.points ?? dash}</TableCell>
              <TableCell>{tender.received ? formatMoney(tender.received) : dash}</TableCell>
              <TableCell>{tender.change ? formatMoney(tender.change) : dash}</TableCell>
              <TableCell>{tender.operatorName || dash}</TableCell>
              <TableCell sx={NOWRAP}>{storeDateTime(tender.createdAt)}</TableCell>
            </TableRow>
          ))}
        </HeadedTable>
      )}
    </Section>
  );
}

/** The package sessions the order drew from the member's cards. */
export function DrawnSessionsSection({ orderId }: { orderId: number }) {
  const { t } = useTranslation(NS);
  const drawn = useDrawnSessions(orderId);
  return (
    <Section title={t("details.sessions")}>
      {drawn.isPending ? (
        <Loading />
      ) : drawn.isError ? (
        <DetailError message={drawn.error.message} onRetry={() => void drawn.refetch()} />
      ) : drawn.data.length === 0 ? (
        <Typography color="text.secondary">{t("details.noSessions")}</Typography>
      ) : (
        <HeadedTable
          label={t("details.sessions")}
          heads={[t("tender.cardNo"), t("session.project"), t("session.count"), t("session.left"), t("tender.time")]}
        >
          {drawn.data.map((row, index) => (
            <TableRow key={`${row.cardId}-${row.projectId}-${index}`}>
              <TableCell>{row.cardNo}</TableCell>
              <TableCell>{row.projectName}</TableCell>
              <TableCell>{row.sessions}</TableCell>
              <TableCell>{row.sessionsLeft}</TableCell>
              <TableCell sx={NOWRAP}>{storeDateTime(row.createdAt)}</TableCell>
            </TableRow>
          ))}
        </HeadedTable>
      )}
    </Section>
  );
}

/** The refunds of the order, each linked to its details. */
export function RefundsSection({ order }: { order: OrderDetail }) {
  const { t } = useTranslation(NS);
  const title = t("refunds:order.refunds");
  return (
    <Section title={title}>
      {order.refunds.length === 0 ? (
        <Typography color="text.secondary">{t("refunds:order.noRefunds")}</Typography>
      ) : (
        <HeadedTable
          label={title}
          heads={[
            t("refunds:list.refundNo"),
            t("refunds:list.createdAt"),
            t("refunds:list.amount"),
            t("refunds:detail.tenders"),
            t("refunds:list.reason"),
            t("refunds:list.operator"),
          ]}
        >
          {order.refunds.map((refund) => (
            <TableRow key={refund.recedeId}>
              <TableCell>
                <Link href={refundDetailHref(refund.recedeId)} underline="hover">
                  {refund.refundNo}
                </Link>
              </TableCell>
              <TableCell sx={NOWRAP}>{storeDateTime(refund.createdAt)}</TableCell>
              <TableCell>{formatMoney(refund.amount)}</TableCell>
              <TableCell>
                {refund.tenders
                  .map((tender) =>
                    tender.method === "sessions"
                      ? `${tender.methodName} ${tender.sessions ?? 0}`
                      : `${tender.methodName} ${formatMoney(tender.amount)}${
                          tender.status === "succeeded" ? "" : ` (${t(`refunds:detail.statuses.${tender.status}`)})`
                        }`,
                  )
                  .join("; ")}
              </TableCell>
              <TableCell>{refund.reason}</TableCell>
              <TableCell>{refund.operatorName || t("dash")}</TableCell>
            </TableRow>
          ))}
        </HeadedTable>
      )}
    </Section>
  );
}

/** What the order comes to: total, discount, the sessions used, payable, paid (gross), refunded,
 * net and due. */
export function TotalsSection({ order }: { order: OrderDetail }) {
  const { t } = useTranslation(NS);
  return (
    <Section title={t("details.totals")}>
      <Facts
        items={[
          [t("fields.total"), formatMoney(order.total)],
          [t("fields.discount"), formatMoney(order.discount)],
          [
            t("fields.sessionsValue"),
            order.sessions
              ? t("details.sessionsUsed", { count: order.sessions, value: formatMoney(order.sessionsValue) })
              : formatMoney(order.sessionsValue),
          ],
          [t("fields.payable"), formatMoney(order.payable)],
          [t("fields.paidGross"), formatMoney(order.paid)],
          [t("fields.refunded"), formatMoney(order.refunded)],
          [t("fields.net"), formatMoney(order.net)],
          [t("fields.due"), formatMoney(order.due)],
        ]}
      />
    </Section>
  );
}

/** The member's signature on the order. */
export function SignatureSection({ orderId }: { orderId: number }) {
  const { t } = useTranslation(NS);
  const image = useSignatureImage(orderId, true);
  return (
    <Section title={t("details.signature")}>
      {image.isPending ? (
        <Loading />
      ) : image.isError ? (
        <DetailError message={image.error.message} onRetry={() => void image.refetch()} />
      ) : (
        <Box
          component="img"
          src={image.data}
          alt={t("details.signature")}
          sx={{ maxWidth: 320, border: 1, borderColor: "divider" }}
        />
      )}
    </Section>
  );
}
