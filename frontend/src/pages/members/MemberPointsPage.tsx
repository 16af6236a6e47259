import Button from "@mui/material/Button";
import Link from "@mui/material/Link";
import { useState } from "react";
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
import { mountIsland } from "../../islands/mount";
import { FilterSelect } from "../../components/filters";
import { MemberPicker } from "../../components/members/MemberPicker";
import { accountHref, pointsColumns } from "./parts";
import { usePaging, type PagedColumn } from "../../components/PagedTable";
import { DateRangeFilter, SearchButtons } from "../../components/records/filterFields";
import { RecordsPage } from "../../components/records/RecordsPage";
import { reversedRange, useFilterForm } from "../../lib/filterForm";
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
  const form = useFilterForm({ empty: EMPTY, toSearch: (input: Filters) => input, paging, check: reversedRange });
  const { input, set, filters } = form;
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
    <RecordsPage
      wide={false}
      title={t("points.title")}
      actions={
        canAdjust ? (
          <Button variant="contained" onClick={() => setAdjusting(true)}>
            {t("points.adjust")}
          </Button>
        ) : null
      }
      onSearch={form.submit}
      filters={
        <>
          <MemberPicker
            member={input.member}
            chooseLabel={t("points.chooseMember")}
            onChange={(member) => {
              set("member", member);
              form.apply({ ...filters, member });
            }}
          />
          <FilterSelect
            id="points-kind-filter"
            label={t("points.kind")}
            allLabel={t("points.allKinds")}
            value={input.kind}
            options={POINT_KINDS.map((kind) => ({ value: kind, label: t(`points.kinds.${kind}`) }))}
            minWidth={140}
            onChange={(kind) => set("kind", kind)}
          />
          <DateRangeFilter
            fromLabel={t("points.from")}
            toLabel={t("points.to")}
            from={input.from}
            to={input.to}
            onChange={set}
            toError={form.error && t(form.error)}
          />
          <SearchButtons searchLabel={t("list.search")} resetLabel={t("list.reset")} onReset={form.reset} />
        </>
      }
      table={{
        label: t("points.ledger"),
        result,
        paging,
        columns: pointsColumns(t, who),
        rowKey: (row) => row.id,
        emptyText: t("points.empty"),
      }}
    >
      {canAdjust ? <PointsAdjustDialog open={adjusting} onClose={() => setAdjusting(false)} /> : null}
    </RecordsPage>
  );
}

mountIsland(<MemberPointsPage />);
