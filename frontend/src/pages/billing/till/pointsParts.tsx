import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableContainer from "@mui/material/TableContainer";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import { useTranslation } from "react-i18next";
import type { Schemas } from "../../../api/schema";
import { formatMoney } from "../../../lib/money";
import { storeDateTime } from "../../../lib/dates";

type PricedLine = Pick<Schemas["OrderLineOutput"], "name" | "qty" | "unitPrice" | "amount">;
type PointsEntry = Schemas["PointsEntryOutput"];

export const PAYMENT_ROUTE = "/paymentPoints";
export const DETAILS_ROUTE = "/orderPointsDetails";

/** An order's lines as the server priced them. */
export function LinesTable({ lines, label }: { lines: readonly PricedLine[]; label: string }) {
  const { t } = useTranslation("pointsExchange");
  return (
    <TableContainer>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            <TableCell>{t("lines.item")}</TableCell>
            <TableCell align="right">{t("lines.qty")}</TableCell>
            <TableCell align="right">{t("lines.unitPrice")}</TableCell>
            <TableCell align="right">{t("lines.amount")}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {lines.map((line, index) => (
            <TableRow key={index}>
              <TableCell>{line.name}</TableCell>
              <TableCell align="right">{line.qty}</TableCell>
              <TableCell align="right">{formatMoney(line.unitPrice)}</TableCell>
              <TableCell align="right">{formatMoney(line.amount)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** The points ledger entries naming an order. */
export function EntriesTable({ entries }: { entries: readonly PointsEntry[] }) {
  const { t } = useTranslation("pointsExchange");
  return (
    <TableContainer>
      <Table size="small" aria-label={t("details.entries")}>
        <TableHead>
          <TableRow>
            <TableCell>{t("details.time")}</TableCell>
            <TableCell>{t("details.kind")}</TableCell>
            <TableCell align="right">{t("details.change")}</TableCell>
            <TableCell align="right">{t("details.balanceAfter")}</TableCell>
            <TableCell>{t("details.reason")}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {entries.length === 0 ? (
            <TableRow>
              <TableCell colSpan={5}>{t("details.noEntries")}</TableCell>
            </TableRow>
          ) : (
            entries.map((entry) => (
              <TableRow key={entry.id}>
                <TableCell>{storeDateTime(entry.createdAt)}</TableCell>
                <TableCell>{entry.kindName}</TableCell>
                <TableCell align="right">{entry.change > 0 ? `+${entry.change}` : entry.change}</TableCell>
                <TableCell align="right">{entry.balanceAfter}</TableCell>
                <TableCell>{entry.reason}</TableCell>
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
