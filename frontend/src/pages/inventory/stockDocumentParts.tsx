/** A stock document's facts and lines, and its loading and failure, shown by the outbound and the
 * lending pages. */
import TableCell from "@mui/material/TableCell";
import TableRow from "@mui/material/TableRow";
import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { DocumentDetail } from "../../api/stockOut";
import { DetailError, detailFailure, Loading } from "../../components/feedback";
import { Facts, Section } from "../../components/layout";
import { ProductLinesTable } from "./parts";
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
      <LinesTable
        label={t("detail.lines")}
        lines={document.lines}
        head={
          <>
            <TableCell>{t("fields.code")}</TableCell>
            <TableCell>{t("fields.batch")}</TableCell>
            <TableCell align="right">{t("fields.quantity")}</TableCell>
            {loan ? <TableCell align="right">{t("fields.returned")}</TableCell> : null}
            <TableCell align="right">{t("fields.stock")}</TableCell>
          </>
        }
        cells={(line) => (
          <>
            <TableCell>{line.code}</TableCell>
            <TableCell>{line.batchNo || t("dash")}</TableCell>
            <TableCell align="right">{`${formatQuantity(line.quantity)} ${line.unit}`}</TableCell>
            {loan ? <TableCell align="right">{formatQuantity(line.returned)}</TableCell> : null}
            <TableCell align="right">{formatQuantity(line.stock)}</TableCell>
          </>
        )}
      />
    </Section>
  );
}

type DocumentLine = DocumentDetail["lines"][number];

/** A table of a document's lines: each line's product first, then the page's cells for it. */
export function LinesTable({
  label,
  lines,
  head,
  cells,
}: {
  label: string;
  lines: readonly DocumentLine[];
  /** The headings after the product's. */
  head: ReactNode;
  cells: (line: DocumentLine) => ReactNode;
}) {
  const { t } = useTranslation(NS);
  return (
    <ProductLinesTable label={label} productLabel={t("fields.product")} head={head}>
      {lines.map((line) => (
        <TableRow key={line.lineId}>
          <TableCell>{line.name}</TableCell>
          {cells(line)}
        </TableRow>
      ))}
    </ProductLinesTable>
  );
}

/** A document while it loads, or its failure with a retry (one not found in the page's words). */
export function DocumentLoading({ document }: { document: UseQueryResult<DocumentDetail> }) {
  const { t } = useTranslation(NS);
  if (document.isPending) return <Loading />;
  if (!document.isError) return null;
  return (
    <DetailError
      message={detailFailure(document.error, t("detail.notFound"))}
      onRetry={() => void document.refetch()}
    />
  );
}
