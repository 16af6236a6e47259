/** Pieces the asset transfer pages share: what a transfer moves (cards, points, coupons) and the
 * transfer's facts. */
import Chip from "@mui/material/Chip";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import type { AssetCard, AssetTransferDetail, AssetTransferPreview, AssetTransferRow } from "../../api/assetTransfers";
import { Facts, type Fact } from "../../components/layout";
import { storeDateTime } from "../../lib/dates";
import { formatMoney } from "../../lib/money";

export const NS = "assetTransfer";

/** What a card holds, in words. */
export function useCardHoldings() {
  const { t } = useTranslation(NS);
  return (card: AssetCard): string => {
    if (card.kind === "storedValue") {
      const total = (Number(card.principal) + Number(card.gift)).toFixed(2);
      return t("cards.value", {
        total: formatMoney(total),
        principal: formatMoney(card.principal),
        gift: formatMoney(card.gift),
      });
    }
    const left = card.sessions.filter((row) => row.left > 0);
    if (left.length === 0) return t("cards.noSessions");
    return left
      .map((row) => t("cards.sessionsOf", { name: row.projectName, count: row.left }))
      .join(t("cards.separator"));
  };
}

type Assets = AssetTransferPreview["assets"];

/** The cards that move, their balances or sessions, and for a merge the points and coupons. */
export function AssetsTable({ assets, merge }: { assets: Assets; merge: boolean }) {
  const { t } = useTranslation(NS);
  const holdings = useCardHoldings();
  return (
    <>
      {assets.cards.length === 0 ? (
        <Typography color="text.secondary">{t("noCards")}</Typography>
      ) : (
        <Table size="small" aria-label={t("preview")}>
          <TableHead>
            <TableRow>
              <TableCell>{t("cards.number")}</TableCell>
              <TableCell>{t("cards.type")}</TableCell>
              <TableCell>{t("cards.holds")}</TableCell>
              <TableCell>{t("cards.status")}</TableCell>
              <TableCell>{t("cards.soldAt")}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {assets.cards.map((card) => (
              <TableRow key={card.id}>
                <TableCell>{card.cardNo}</TableCell>
                <TableCell>{card.cardTypeName}</TableCell>
                <TableCell>{holdings(card)}</TableCell>
                <TableCell>{t(`cardStatus.${card.status}`, { defaultValue: card.status })}</TableCell>
                <TableCell>{card.storeName}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {merge ? (
        <Typography sx={{ mt: 1 }}>
          {`${t("points")}: ${assets.points} · ${t("coupons")}: ${assets.couponIds.length}`}
        </Typography>
      ) : null}
    </>
  );
}

export function TransferStatusChip({ status }: { status: AssetTransferRow["status"] }) {
  const { t } = useTranslation(NS);
  const color = status === "done" ? "success" : status === "pending" ? "warning" : "default";
  return <Chip size="small" color={color} label={t(`status.${status}`)} />;
}

/** Who is moved where (or which file is merged into which). */
export function targetText(row: AssetTransferRow): string {
  if (row.kind === "store") return row.toStore?.name ?? "";
  return row.toMember ? `${row.toMember.name} (${row.toMember.id})` : "";
}

/** The transfer's facts and its approval's. */
export function TransferFacts({ transfer }: { transfer: AssetTransferDetail }) {
  const { t } = useTranslation(NS);
  const dash = t("dash");
  const items: Fact[] = [
    [t("fields.kind"), t(`kind.${transfer.kind}`)],
    [t("fields.status"), <TransferStatusChip key="status" status={transfer.status} />],
    [
      transfer.kind === "merge" ? t("duplicate") : t("member"),
      `${transfer.member.name} ${transfer.member.phone} (${transfer.member.id})`,
    ],
    transfer.kind === "merge" ? [t("kept"), targetText(transfer)] : [t("toStore"), transfer.toStore?.name ?? dash],
    [t("fields.store"), transfer.storeName],
    [t("fields.storedValue"), formatMoney(transfer.storedValue)],
    [t("fields.reason"), transfer.reason],
    [t("fields.applicant"), transfer.applicantName || dash],
    [t("fields.createdAt"), storeDateTime(transfer.createdAt)],
  ];
  if (transfer.approval) {
    items.push([t("approval"), t(`approvalStatus.${transfer.approval.status}`)]);
    if (transfer.approval.decidedAt) {
      items.push([t("fields.decidedBy"), transfer.approval.decidedByName || dash]);
      items.push([t("fields.decidedAt"), storeDateTime(transfer.approval.decidedAt)]);
      items.push([t("fields.remark"), transfer.approval.remark || dash]);
    }
  }
  return <Facts items={items} />;
}
