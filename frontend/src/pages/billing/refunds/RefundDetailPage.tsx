import Alert from "@mui/material/Alert";
import Link from "@mui/material/Link";
import TableCell from "@mui/material/TableCell";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { orderDetailsHref } from "../../../api/bills";
import { BTN_REFUND, useRefund, type RefundDetail } from "../../../api/refunds";
import { hasButtonCode } from "../../../api/session";
import { idFromSearch } from "../../../lib/address";
import { formatMoney } from "../../../lib/money";
import { Facts, Section } from "../../../components/layout";
import { HeadedTable } from "../../../components/HeadedTable";
import { mountIsland } from "../../../islands/mount";
import { TenderCells, tenderHeads } from "./tenderCells";
import { storeDateTime } from "../../../lib/dates";
import { TerminalRefundActions } from "./TerminalRefundActions";
import { DetailPage } from "../../../components/DetailPage";

const NS = "refunds";

/** /refundDetail?recedeId= (HYGL-PAG-0003-0001): one refund, its lines (and what a card sale or top-up
 * took off its card) and where the money went back (till, card principal and gift, points, sessions). */
export function RefundDetailPage({ search = window.location.search }: { search?: string }) {
  const { t } = useTranslation(NS);
  const [recedeId] = useState(() => idFromSearch(search, "recedeId"));
  const refund = useRefund(recedeId);
  return (
    <DetailPage
      wide
      title={t("detail.title")}
      backHref="/refundList"
      backLabel={t("detail.back")}
      id={recedeId}
      detail={refund}
      missingId={t("detail.missingId")}
      notFound={t("detail.notFound")}
    >
      {(found) => <RefundView refund={found} />}
    </DetailPage>
  );
}

function RefundTables({ refund }: { refund: RefundDetail }) {
  const { t } = useTranslation(NS);
  const dash = t("dash");
  const [canRefund] = useState(() => hasButtonCode(BTN_REFUND));
  return (
    <>
      <Section title={t("detail.lines")}>
        <HeadedTable
          label={t("detail.lines")}
          heads={[
            t("returns.item"),
            t("returns.kind"),
            t("returns.units"),
            t("returns.amount"),
            t("detail.goodsBack"),
            t("detail.cardTaken"),
          ]}
        >
          {refund.lines.map((line) => (
            <TableRow key={line.orderLineId}>
              <TableCell>{line.name}</TableCell>
              <TableCell>{line.typeName}</TableCell>
              <TableCell>{line.qty || dash}</TableCell>
              <TableCell>{formatMoney(line.amount)}</TableCell>
              <TableCell>
                {line.goodsBack ? `${line.goodsBackName}${line.damageReason ? `: ${line.damageReason}` : ""}` : dash}
              </TableCell>
              <TableCell>
                {line.cardNo
                  ? `${line.cardNo}: ${t("detail.principal")} ${formatMoney(line.cardPrincipal)}, ${t("detail.gift")} ${formatMoney(line.cardGift)}`
                  : dash}
              </TableCell>
            </TableRow>
          ))}
        </HeadedTable>
      </Section>
      <Section title={t("detail.tenders")}>
        <HeadedTable label={t("detail.tenders")} heads={[...tenderHeads(t), t("detail.till"), t("detail.status")]}>
          {refund.tenders.map((tender, index) => (
            <TableRow key={`${tender.tenderId ?? "s"}-${index}`}>
              <TableCell>{tender.methodName}</TableCell>
              <TenderCells tender={tender} />
              <TableCell>{tender.method === "cash" ? formatMoney(tender.tillChange) : dash}</TableCell>
              <TableCell>
                {t(`detail.statuses.${tender.status}`, { defaultValue: tender.status })}
                {tender.providerMessage ? ` (${tender.providerMessage})` : ""}
                <TerminalRefundActions refundId={refund.recedeId} tender={tender} canRefund={canRefund} />
              </TableCell>
            </TableRow>
          ))}
        </HeadedTable>
      </Section>
    </>
  );
}

function RefundView({ refund }: { refund: RefundDetail }) {
  const { t } = useTranslation(NS);
  const dash = t("dash");
  return (
    <>
      <Section title={t("detail.head")}>
        <Typography variant="h6" component="p" sx={{ mb: 2 }}>
          {refund.refundNo}
        </Typography>
        <Facts
          items={[
            [
              t("list.orderNo"),
              <Link key="order" href={orderDetailsHref(refund.orderId)} underline="hover">
                {refund.orderNo}
              </Link>,
            ],
            [t("list.customer"), refund.memId === null ? `${refund.name} (${t("walkIn")})` : refund.name],
            [t("list.amount"), formatMoney(refund.amount)],
            [t("list.status"), refund.statusName],
            [t("list.reason"), refund.reason],
            [t("list.operator"), refund.operatorName || dash],
            [t("list.createdAt"), storeDateTime(refund.createdAt)],
            [t("detail.pointsTakenBack"), String(refund.pointsTakenBack)],
            ...(refund.pointsUnrecovered
              ? [[t("detail.pointsUnrecovered"), String(refund.pointsUnrecovered)] as const]
              : []),
            ...(refund.approved ? [[t("detail.head"), t("detail.approvedYes")] as const] : []),
          ]}
        />
      </Section>
      {refund.status === "pending" ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t("detail.pendingNote")}
        </Alert>
      ) : null}
      {refund.status === "failed" ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {t("detail.failedNote")}
        </Alert>
      ) : null}
      <RefundTables refund={refund} />
    </>
  );
}

mountIsland(<RefundDetailPage />);
