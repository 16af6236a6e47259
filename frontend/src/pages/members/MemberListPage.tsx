import PersonSearchIcon from "@mui/icons-material/PersonSearch";
import { Button, Link, Stack } from "@mui/material";
import { useState, type FormEvent } from "react";
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
import { PageFrame } from "../../components/layout";
import { FilterBar, FilterSelect } from "../../components/filters";
import { formatDate, formatDateTime } from "../../lib/format";
import { DateRange, LabelChips, MembersTable, SearchButtons, accountHref } from "./parts";
import { usePaging, type PagedColumn } from "../../components/PagedTable";
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

interface MemberListPageProps {
  navigate?: (url: string) => void;
}

/** /MemberList (ERP-HYGL-PAG-0002-0000): the store's members with filters and paging; create a
 * member, or find one (chain-wide) and open their account. */
export function MemberListPage({ navigate = (url) => window.location.assign(url) }: MemberListPageProps) {
  const { t, i18n } = useTranslation("members");
  const paging = usePaging();
  const [input, setInput] = useState<FilterInput>(EMPTY);
  const [filters, setFilters] = useState<MemberListFilters>(() => filtersFrom(EMPTY));
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
  const set = (key: keyof FilterInput, value: string) => setInput((previous) => ({ ...previous, [key]: value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (phoneKey || createdKey || visitKey) return;
    if (overLimits(input, { name: 20, phone: 11, crmCode: 20 }).length) return;
    paging.refilter(() => setFilters(filtersFrom(input)));
  };
  const reset = () =>
    paging.refilter(() => {
      setInput(EMPTY);
      setFilters(filtersFrom(EMPTY));
    });

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
      render: (row) => formatDateTime(row.lastVisitAt, i18n.language) || t("dash"),
    },
    {
      key: "createdAt",
      label: t("fields.createdAt"),
      render: (row) => formatDate(row.createdAt?.slice(0, 10), i18n.language),
    },
  ];

  return (
    <PageFrame
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
    >
      <FilterBar onSubmit={submit}>
        <LimitedTextField
          maxChars={20}
          size="small"
          label={t("fields.name")}
          value={input.name}
          onChange={(event) => set("name", event.target.value)}
        />
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
        <LimitedTextField
          maxChars={20}
          size="small"
          label={t("fields.crmCode")}
          value={input.crmCode}
          onChange={(event) => set("crmCode", event.target.value)}
        />
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
        <DateRange
          fromLabel={t("list.createdFrom")}
          toLabel={t("list.createdTo")}
          from={input.createdFrom}
          to={input.createdTo}
          onFrom={(value) => set("createdFrom", value)}
          onTo={(value) => set("createdTo", value)}
          error={createdKey ? t(createdKey) : undefined}
        />
        <DateRange
          fromLabel={t("list.lastVisitFrom")}
          toLabel={t("list.lastVisitTo")}
          from={input.lastVisitFrom}
          to={input.lastVisitTo}
          onFrom={(value) => set("lastVisitFrom", value)}
          onTo={(value) => set("lastVisitTo", value)}
          error={visitKey ? t(visitKey) : undefined}
        />
        <SearchButtons onReset={reset} />
      </FilterBar>

      <MembersTable
        label={t("list.title")}
        result={result}
        paging={paging}
        columns={columns}
        rowKey={(row) => row.memId}
        emptyText={t("list.empty")}
      />

      {creating ? <MemberFormDialog open onClose={() => setCreating(false)} /> : null}
      <MemberSearchDialog
        open={finding}
        onClose={() => setFinding(false)}
        onSelect={(row) => navigate(accountHref(row.memId))}
        frontDeskCheck={groupBuy.frontDeskCheck}
        onGroupBuyVerify={groupBuy.open}
      />
      {groupBuy.dialog}
    </PageFrame>
  );
}

mountIsland(<MemberListPage />);
