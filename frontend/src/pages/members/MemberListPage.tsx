import PersonSearchIcon from "@mui/icons-material/PersonSearch";
import Button from "@mui/material/Button";
import Link from "@mui/material/Link";
import Stack from "@mui/material/Stack";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useMasterList } from "../../api/master";
import { useMemberLabels, useMemberList, type MemberListFilters, type MemberListRow } from "../../api/members";
import { MemberFormDialog } from "../../components/members/MemberFormDialog";
import { memberFormDraftName } from "../../components/members/useMemberForm";
import { hasFormDraft } from "../../lib/formDraft";
import { MemberSearchDialog } from "../../components/members/MemberSearchDialog";
import { useGroupBuyVerify } from "../../components/groupBuy/useGroupBuyVerify";
import { phonePartError, rangeError } from "../../components/members/rules";
import { mountIsland } from "../../islands/mount";
import { FilterSelect } from "../../components/filters";
import { storeDateTime, storeDate } from "../../lib/dates";
import { LabelChips, accountHref } from "./parts";
import { usePaging, type PagedColumn } from "../../components/PagedTable";
import { DateRangeFilter, FilterText, SearchButtons } from "../../components/records/filterFields";
import { RecordsPage } from "../../components/records/RecordsPage";
import { useFilterForm } from "../../lib/filterForm";
import { LimitedTextField } from "../../components/LimitedTextField";
import { overLimits } from "../../lib/limits";
import { formatPhone } from "../../lib/phone";

interface FilterInput {
  name: string;
  phone: string;
  crmCode: string;
  labelId: string;
  source: string;
  createdFrom: string;
  createdTo: string;
  lastVisitFrom: string;
  lastVisitTo: string;
}

const EMPTY: FilterInput = {
  name: "",
  phone: "",
  crmCode: "",
  labelId: "",
  source: "",
  createdFrom: "",
  createdTo: "",
  lastVisitFrom: "",
  lastVisitTo: "",
};

function filtersFrom(input: FilterInput): MemberListFilters {
  return {
    name: input.name.trim(),
    phone: input.phone.trim(),
    crmCode: input.crmCode.trim(),
    labelId: input.labelId ? Number(input.labelId) : null,
    source: input.source,
    createdFrom: input.createdFrom,
    createdTo: input.createdTo,
    lastVisitFrom: input.lastVisitFrom,
    lastVisitTo: input.lastVisitTo,
  };
}

/** A phone part that is not digits, a reversed range or a field over its limit keeps the form from a search. */
function filterFault(input: FilterInput): string | null {
  const overLimit = overLimits(input, { name: 20, phone: 11, crmCode: 20 }).length > 0;
  return (
    phonePartError(input.phone) ??
    rangeError(input.createdFrom, input.createdTo) ??
    rangeError(input.lastVisitFrom, input.lastVisitTo) ??
    (overLimit ? "overLimit" : null)
  );
}

interface MemberListPageProps {
  navigate?: (url: string) => void;
}

/** /MemberList (ERP-HYGL-PAG-0002-0000): the store's members with filters and paging; create a
 * member, or find one (chain-wide) and open their account. */
export function MemberListPage({ navigate = (url) => window.location.assign(url) }: MemberListPageProps) {
  const { t } = useTranslation("members");
  const paging = usePaging();
  const form = useFilterForm({ empty: EMPTY, toSearch: filtersFrom, paging, check: filterFault });
  const { input, set, filters } = form;
  // A draft kept over a new sign-in reopens the form (lib/formDraft.ts).
  const [creating, setCreating] = useState(() => hasFormDraft(memberFormDraftName()));
  const [finding, setFinding] = useState(false);
  const groupBuy = useGroupBuyVerify(finding);
  const labels = useMemberLabels();
  const sources = useMasterList("memSource");
  const result = useMemberList({ pageNo: paging.pageIndex + 1, pageSize: paging.pageSize, ...filters });

  const phoneKey = phonePartError(input.phone);
  const createdKey = rangeError(input.createdFrom, input.createdTo);
  const visitKey = rangeError(input.lastVisitFrom, input.lastVisitTo);

  const columns: PagedColumn<MemberListRow>[] = [
    {
      key: "name",
      label: t("fields.name"),
      render: (row) => (
        <Link href={accountHref(row.memId)} underline="hover">
          {row.name}
        </Link>
      ),
    },
    {
      key: "phone",
      label: t("fields.phone"),
      render: (row) => <span style={{ whiteSpace: "nowrap" }}>{formatPhone(row.areaCode, row.phone)}</span>,
    },
    { key: "crmCode", label: t("fields.crmCode"), render: (row) => row.crmCode || t("dash") },
    { key: "gender", label: t("fields.gender"), render: (row) => row.genderName || t("dash") },
    { key: "labels", label: t("fields.labels"), render: (row) => <LabelChips labels={row.labels} /> },
    { key: "source", label: t("fields.source"), render: (row) => row.sourceName || t("dash") },
    { key: "points", label: t("fields.points"), align: "right", render: (row) => row.points },
    {
      key: "lastVisit",
      label: t("fields.lastVisit"),
      render: (row) => storeDateTime(row.lastVisitAt) || t("dash"),
    },
    {
      key: "createdAt",
      label: t("fields.createdAt"),
      render: (row) => storeDate(row.createdAt),
    },
  ];

  return (
    <RecordsPage
      wide={false}
      title={t("list.title")}
      actions={
        <Stack direction="row" spacing={1}>
          <Button variant="outlined" startIcon={<PersonSearchIcon />} onClick={() => setFinding(true)}>
            {t("list.find")}
          </Button>
          <Button variant="contained" onClick={() => setCreating(true)}>
            {t("list.create")}
          </Button>
        </Stack>
      }
      onSearch={form.submit}
      filters={
        <>
          <FilterText form={form} name="name" label={t("fields.name")} maxChars={20} />
          <LimitedTextField
            maxChars={11}
            size="small"
            label={t("list.phonePart")}
            value={input.phone}
            onChange={(event) => set("phone", event.target.value.trim())}
            error={Boolean(phoneKey)}
            helperText={phoneKey ? t(phoneKey) : undefined}
            slotProps={{ htmlInput: { inputMode: "numeric" } }}
          />
          <FilterText form={form} name="crmCode" label={t("fields.crmCode")} maxChars={20} />
          <FilterSelect
            id="member-label-filter"
            label={t("list.label")}
            allLabel={t("list.allLabels")}
            value={input.labelId}
            options={(labels.data ?? []).map((label) => ({ value: String(label.id), label: label.name }))}
            minWidth={140}
            onChange={(value) => set("labelId", value)}
          />
          <FilterSelect
            id="member-source-filter"
            label={t("fields.source")}
            allLabel={t("list.allSources")}
            value={input.source}
            options={(sources.data ?? []).map((item) => ({ value: item.code, label: item.name }))}
            minWidth={140}
            onChange={(value) => set("source", value)}
          />
          <DateRangeFilter
            fromLabel={t("list.createdFrom")}
            toLabel={t("list.createdTo")}
            from={input.createdFrom}
            to={input.createdTo}
            onChange={(edge, value) => set(edge === "from" ? "createdFrom" : "createdTo", value)}
            toError={createdKey && t(createdKey)}
          />
          <DateRangeFilter
            fromLabel={t("list.lastVisitFrom")}
            toLabel={t("list.lastVisitTo")}
            from={input.lastVisitFrom}
            to={input.lastVisitTo}
            onChange={(edge, value) => set(edge === "from" ? "lastVisitFrom" : "lastVisitTo", value)}
            toError={visitKey && t(visitKey)}
          />
          <SearchButtons searchLabel={t("list.search")} resetLabel={t("list.reset")} onReset={form.reset} />
        </>
      }
      table={{
        result,
        paging,
        columns,
        rowKey: (row) => row.memId,
        emptyText: t("list.empty"),
      }}
    >
      {creating ? <MemberFormDialog open onClose={() => setCreating(false)} /> : null}
      <MemberSearchDialog
        open={finding}
        onClose={() => setFinding(false)}
        onSelect={(row) => navigate(accountHref(row.memId))}
        frontDeskCheck={groupBuy.frontDeskCheck}
        onGroupBuyVerify={groupBuy.open}
      />
      {groupBuy.dialog}
    </RecordsPage>
  );
}

mountIsland(<MemberListPage />);
