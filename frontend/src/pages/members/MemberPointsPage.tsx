import { Button, Link } from "@mui/material";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import {
  BTN_POINTS_ADJUST,
  POINT_KINDS,
  useStorePoints,
  type MemberRow,
  type StorePointEntry,
  type StorePointSearch,
} from "../../api/members";
import { hasButtonCode } from "../../api/session";
import { PointsAdjustDialog } from "../../components/members/PointsAdjustDialog";
import { rangeError } from "../../components/members/rules";
import { mountIsland } from "../../islands/mount";
import { PageFrame } from "../../components/layout";
import { FilterBar, FilterSelect } from "../../components/filters";
import { MemberPicker } from "../../components/members/MemberPicker";
import { DateRange, PointsLedger, SearchButtons, accountHref } from "./parts";
import { usePaging, type PagedColumn } from "../../components/PagedTable";
import { formatPhone } from "../../lib/phone";

interface Filters {
  member: MemberRow | null;
  kind: string;
  from: string;
  to: string;
}

const EMPTY: Filters = { member: null, kind: "", from: "", to: "" };

/** /memberPoints (ERP-HYGL-PAG-0002-0000): the store's points ledger, and the adjustment for a role
 * with BTN-HYGL-POINTS-ADJUST. */
export function MemberPointsPage() {
  const { t } = useTranslation("members");
  const paging = usePaging();
  const [input, setInput] = useState<Filters>(EMPTY);
  const [filters, setFilters] = useState<Filters>(EMPTY);
  const [adjusting, setAdjusting] = useState(false);
  const [canAdjust] = useState(() => hasButtonCode(BTN_POINTS_ADJUST));
  const result = useStorePoints({
    pageNo: paging.pageIndex + 1,
    pageSize: paging.pageSize,
    memId: filters.member?.memId ?? null,
    kind: filters.kind as StorePointSearch["kind"],
    dateFrom: filters.from,
    dateTo: filters.to,
  });

  const rangeKey = rangeError(input.from, input.to);
  const apply = (next: Filters) => paging.refilter(() => setFilters(next));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!rangeKey) apply(input);
  };
  const reset = () => {
    setInput(EMPTY);
    apply(EMPTY);
  };

  const who: PagedColumn<StorePointEntry>[] = [
    {
      key: "member",
      label: t("points.member"),
      render: (row) => (
        <Link href={accountHref(row.memId)} underline="hover">
          {row.memberName}
        </Link>
      ),
    },
    { key: "phone", label: t("fields.phone"), render: (row) => formatPhone("", row.phone) },
  ];

  return (
    <PageFrame
      title={t("points.title")}
      actions={
        canAdjust ? (
          <Button variant="contained" onClick={() => setAdjusting(true)}>
            {t("points.adjust")}
          </Button>
        ) : null
      }
    >
      <FilterBar onSubmit={submit}>
        <MemberPicker
          member={input.member}
          chooseLabel={t("points.chooseMember")}
          onChange={(member) => {
            const next = { ...input, member };
            setInput(next);
            apply({ ...filters, member });
          }}
        />
        <FilterSelect
          id="points-kind-filter"
          label={t("points.kind")}
          allLabel={t("points.allKinds")}
          value={input.kind}
          options={POINT_KINDS.map((kind) => ({ value: kind, label: t(`points.kinds.${kind}`) }))}
          minWidth={140}
          onChange={(kind) => setInput((previous) => ({ ...previous, kind }))}
        />
        <DateRange
          fromLabel={t("points.from")}
          toLabel={t("points.to")}
          from={input.from}
          to={input.to}
          onFrom={(from) => setInput((previous) => ({ ...previous, from }))}
          onTo={(to) => setInput((previous) => ({ ...previous, to }))}
          error={rangeKey ? t(rangeKey) : undefined}
        />
        <SearchButtons onReset={reset} />
      </FilterBar>

      <PointsLedger result={result} paging={paging} who={who} />

      {canAdjust ? <PointsAdjustDialog open={adjusting} onClose={() => setAdjusting(false)} /> : null}
    </PageFrame>
  );
}

mountIsland(<MemberPointsPage />);
