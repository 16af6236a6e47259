/** What a refund gives back to each tender, as its details page and its confirmation show it. */
import TableCell from "@mui/material/TableCell";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import type { RefundTender } from "../../../api/refunds";
import { formatMoney } from "../../../lib/money";

/** The headings of a refund's tenders, from the method to the sessions. */
export function tenderHeads(t: TFunction): string[] {
  return [
    t("detail.method"),
    t("returns.amount"),
    t("detail.card"),
    t("detail.principal"),
    t("detail.gift"),
    t("detail.points"),
    t("detail.sessions"),
  ];
}

/** A tender's cells after its method: the amount, and the card principal and gift, points or sessions
 * it gives back. */
export function TenderCells({
  tender,
}: {
  tender: Pick<RefundTender, "amount" | "cardNo" | "method" | "principal" | "gift" | "points" | "sessions">;
}) {
  const { t } = useTranslation("refunds");
  const dash = t("dash");
  return (
    <>
      <TableCell>{formatMoney(tender.amount)}</TableCell>
      <TableCell>{tender.cardNo || dash}</TableCell>
      <TableCell>{tender.method === "storedValue" ? formatMoney(tender.principal) : dash}</TableCell>
      <TableCell>{tender.method === "storedValue" ? formatMoney(tender.gift) : dash}</TableCell>
      <TableCell>{tender.points ?? dash}</TableCell>
      <TableCell>{tender.sessions ?? dash}</TableCell>
    </>
  );
}
