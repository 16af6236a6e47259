/** A stock document's facts and lines, shown by the outbound and the lending pages. */
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { DocumentDetail } from "../../api/stockOut";
import { Facts, Section } from "../../components/layout";
import { storeDateTime } from "../../lib/dates";
import { formatQuantity, NS, StatusChip } from "./stockOutParts";

/** The facts of a document (shared with the lending page). */
export function DocumentFacts({ document }: { document: DocumentDetail }) {
  const { t } = useTranslation(NS);
  const loan = document.kind !== "outbound";
  const items: [string, ReactNode][] = [
    [t("fields.number"), document.number],
    [t("fields.type"), t(`types.${document.type}`)],
    [t("fields.status"), <StatusChip key="status" status={document.status} />],
    [t("fields.createdAt"), storeDateTime(document.createdAt)],
    [t("fields.createdBy"), document.createdByName || t("dash")],
  ];
  if (loan) {
    items.push([t("fields.fromStore"), document.storeName], [t("fields.toStore"), document.otherStoreName]);
    items.push([t("fields.receivedBy"), document.receivedByName || t("dash")]);
    items.push([t("fields.receivedAt"), document.receivedAt ? storeDateTime(document.receivedAt) : t("dash")]);
  }
  if (document.type === "return") items.push([t("fields.supplier"), document.supplier || t("fields.headOffice")]);
  items.push([t("fields.remark"), document.remark || t("dash")]);
  return (
    <Section title={document.number}>
      <Facts items={items} />
    </Section>
  );
}

/** A document's lines with the viewing store's live stock beside each. */
export function DocumentLines({ document }: { document: DocumentDetail }) {
  const { t } = useTranslation(NS);
  const loan = document.kind === "loan";
  return (
    <Section title={t("detail.lines")}>
      <Table size="small" aria-label={t("detail.lines")}>
        <TableHead>
          <TableRow>
            <TableCell>{t("fields.product")}</TableCell>
            <TableCell>{t("fields.code")}</TableCell>
            <TableCell>{t("fields.batch")}</TableCell>
            <TableCell align="right">{t("fields.quantity")}</TableCell>
            {loan ? <TableCell align="right">{t("fields.returned")}</TableCell> : null}
            <TableCell align="right">{t("fields.stock")}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {document.lines.map((line) => (
            <TableRow key={line.lineId}>
              <TableCell>{line.name}</TableCell>
              <TableCell>{line.code}</TableCell>
              <TableCell>{line.batchNo || t("dash")}</TableCell>
              <TableCell align="right">{`${formatQuantity(line.quantity)} ${line.unit}`}</TableCell>
              {loan ? <TableCell align="right">{formatQuantity(line.returned)}</TableCell> : null}
              <TableCell align="right">{formatQuantity(line.stock)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Section>
  );
}
