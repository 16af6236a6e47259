import Chip from "@mui/material/Chip";
import Stack from "@mui/material/Stack";
import { useTranslation } from "react-i18next";
import type { TFunction } from "i18next";
import type { MemberLabel, PointEntry } from "../../api/members";
import { PagedTable, type PagedColumn, type PagedTableProps, type Paging } from "../../components/PagedTable";
import { storeDateTime } from "../../lib/dates";
import { PAGE_SIZES } from "../../lib/paging";

const ACCOUNT_ROUTE = "/personalAccount";

export function accountHref(memId: number): string {
  return `${ACCOUNT_ROUTE}?memId=${memId}`;
}

/** The member's labels as chips in their colours. */
export function LabelChips({ labels }: { labels: readonly MemberLabel[] }) {
  if (labels.length === 0) return null;
  return (
    <Stack direction="row" spacing={0.5} sx={{ flexWrap: "wrap", rowGap: 0.5 }}>
      {labels.map((label) => (
        <Chip
          key={label.id}
          size="small"
          label={label.name}
          variant="outlined"
          sx={label.color ? { borderColor: label.color, color: label.color } : undefined}
        />
      ))}
    </Stack>
  );
}

/** A members list: the messaging page sizes, headings on one line. */
export function MembersTable<Row>(props: Omit<PagedTableProps<Row>, "pageSizes" | "nowrapHeads">) {
  return <PagedTable pageSizes={PAGE_SIZES} nowrapHeads {...props} />;
}

/** A points ledger's columns: the time, `who` (the member's columns, if any), the entry, and `tail`. */
export function pointsColumns<Row extends PointEntry>(
  t: TFunction,
  who: readonly PagedColumn<Row>[] = [],
  tail: readonly PagedColumn<Row>[] = [],
): PagedColumn<Row>[] {
  return [
    { key: "time", label: t("points.time"), render: (row) => storeDateTime(row.createdAt) },
    ...who,
    { key: "kind", label: t("points.kind"), render: (row) => row.kindName || row.kind },
    { key: "change", label: t("points.change"), align: "right", render: (row) => signed(row.change) },
    { key: "balance", label: t("points.balanceAfter"), align: "right", render: (row) => row.balanceAfter },
    { key: "reason", label: t("points.reason"), render: (row) => row.reason || t("dash") },
    { key: "operator", label: t("points.operator"), render: (row) => row.operatorName || t("dash") },
    ...tail,
  ];
}

/** A points ledger: the time, `who` (the member's columns, if any), the entry, and `tail`. */
export function PointsLedger<Row extends PointEntry>({
  result,
  paging,
  who = [],
  tail = [],
}: {
  result: PagedTableProps<Row>["result"];
  paging: Paging;
  who?: readonly PagedColumn<Row>[];
  tail?: readonly PagedColumn<Row>[];
}) {
  const { t } = useTranslation("members");
  return (
    <MembersTable
      label={t("points.ledger")}
      result={result}
      paging={paging}
      columns={pointsColumns(t, who, tail)}
      rowKey={(row) => row.id}
      emptyText={t("points.empty")}
    />
  );
}

/** A points change with its sign ("+100", "-20"). */
export function signed(change: number): string {
  return change > 0 ? `+${change}` : String(change);
}
