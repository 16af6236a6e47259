import SearchIcon from "@mui/icons-material/Search";
import { Button, Chip, Stack } from "@mui/material";
import { useTranslation } from "react-i18next";
import type { MemberLabel, PointEntry } from "../../api/members";
import { PagedTable, type PagedColumn, type PagedTableProps, type Paging } from "../../components/PagedTable";
import { formatDateTime } from "../../lib/format";
import { PAGE_SIZES } from "../../lib/paging";
import { DateField } from "../../components/dates/DateField";

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

/** A "from" and "to" date pair; an end before the start shows under the end. */
export function DateRange({
  fromLabel,
  toLabel,
  from,
  to,
  onFrom,
  onTo,
  error,
}: {
  fromLabel: string;
  toLabel: string;
  from: string;
  to: string;
  onFrom: (value: string) => void;
  onTo: (value: string) => void;
  error?: string;
}) {
  return (
    <>
      <DateField size="small" label={fromLabel} value={from} onChange={onFrom} />
      <DateField size="small" label={toLabel} value={to} onChange={onTo} error={Boolean(error)} helperText={error} />
    </>
  );
}

/** A members list: the messaging page sizes, headings on one line. */
export function MembersTable<Row>(props: Omit<PagedTableProps<Row>, "pageSizes" | "nowrapHeads">) {
  return <PagedTable pageSizes={PAGE_SIZES} nowrapHeads {...props} />;
}

/** The search and reset buttons at the end of a members filter bar (a form: Enter searches). */
export function SearchButtons({ onReset }: { onReset: () => void }) {
  const { t } = useTranslation("members");
  return (
    <>
      <Button type="submit" variant="contained" startIcon={<SearchIcon />}>
        {t("list.search")}
      </Button>
      <Button onClick={onReset}>{t("list.reset")}</Button>
    </>
  );
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
  const { t, i18n } = useTranslation("members");
  const columns: PagedColumn<Row>[] = [
    { key: "time", label: t("points.time"), render: (row) => formatDateTime(row.createdAt, i18n.language) },
    ...who,
    { key: "kind", label: t("points.kind"), render: (row) => row.kindName || row.kind },
    { key: "change", label: t("points.change"), align: "right", render: (row) => signed(row.change) },
    { key: "balance", label: t("points.balanceAfter"), align: "right", render: (row) => row.balanceAfter },
    { key: "reason", label: t("points.reason"), render: (row) => row.reason || t("dash") },
    { key: "operator", label: t("points.operator"), render: (row) => row.operatorName || t("dash") },
    ...tail,
  ];
  return (
    <MembersTable
      label={t("points.ledger")}
      result={result}
      paging={paging}
      columns={columns}
      rowKey={(row) => row.id}
      emptyText={t("points.empty")}
    />
  );
}

/** A points change with its sign ("+100", "-20"). */
export function signed(change: number): string {
  return change > 0 ? `+${change}` : String(change);
}
