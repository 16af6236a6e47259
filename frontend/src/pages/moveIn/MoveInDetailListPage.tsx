import Button from "@mui/material/Button";
import Link from "@mui/material/Link";
import TextField from "@mui/material/TextField";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import {
  CARD_KINDS,
  MOVE_IN_STATUSES,
  useMoveInLines,
  type CardKind,
  type MoveInLineRow,
  type MoveInLineSearch,
  type MoveInStatus,
} from "../../api/moveIn";
import { PagedTable, usePaging, type PagedColumn } from "../../components/PagedTable";
import { FilterBar, FilterSelect } from "../../components/filters";
import { PageFrame } from "../../components/layout";
import { mountIsland } from "../../islands/mount";
import { storeDateTime } from "../../lib/dates";
import { PAGE_SIZES } from "../../lib/paging";
import { moveInDetailHref, StatusChip } from "./parts";

type Filters = Omit<MoveInLineSearch, "pageNo" | "pageSize">;

/** /moveInDetailList (ERP-HYQR-PAG-0001-0001): the old cards across the store's move-ins, what each
 * held and the new card it became. */
export function MoveInDetailListPage() {
  const { t } = useTranslation("moveIn");
  const paging = usePaging();
  const [status, setStatus] = useState<MoveInStatus | "">("");
  const [kind, setKind] = useState<CardKind | "">("");
  const [keyword, setKeyword] = useState("");
  const [filters, setFilters] = useState<Filters>({});
  const result = useMoveInLines({ ...filters, pageNo: paging.pageIndex + 1, pageSize: paging.pageSize });

  const search = (event: FormEvent) => {
    event.preventDefault();
    paging.refilter(() => setFilters({ status: status || null, kind: kind || null, keyword: keyword.trim() || null }));
  };

  const columns: PagedColumn<MoveInLineRow>[] = [
    {
      key: "no",
      label: t("fields.moveInNo"),
      render: (row) => <Link href={moveInDetailHref(row.moveInId)}>{row.moveInNo}</Link>,
    },
    { key: "name", label: t("fields.name"), render: (row) => row.name },
    { key: "phone", label: t("fields.phone"), render: (row) => row.phone },
    { key: "source", label: t("fields.sourceStore"), render: (row) => row.sourceStore },
    { key: "oldCard", label: t("fields.oldCardName"), render: (row) => `${row.oldCardName} ${row.oldCardNo}`.trim() },
    { key: "kind", label: t("fields.kind"), render: (row) => row.kindName || t(`kinds.${row.kind}`) },
    { key: "oldBalance", label: t("fields.oldBalance"), align: "right", render: (row) => row.oldBalance },
    { key: "coefficient", label: t("fields.coefficient"), align: "right", render: (row) => row.coefficient },
    { key: "newValue", label: t("fields.newValue"), align: "right", render: (row) => row.newValue },
    {
      key: "sessions",
      label: t("fields.sessions"),
      render: (row) => row.sessions.map((s) => `${s.projectName} ×${s.sessions}`).join("、") || t("dash"),
    },
    {
      key: "expiresOn",
      label: t("fields.expiresOn"),
      render: (row) => row.expiresOn || t("dash"),
    },
    { key: "cardType", label: t("fields.cardType"), render: (row) => row.cardTypeName },
    { key: "card", label: t("fields.newCard"), render: (row) => row.cardNo || t("dash") },
    {
      key: "status",
      label: t("fields.status"),
      render: (row) => <StatusChip status={row.status} name={row.statusName} />,
    },
    { key: "createdAt", label: t("fields.createdAt"), render: (row) => storeDateTime(row.createdAt) },
  ];

  return (
    <PageFrame wide title={t("detailListTitle")}>
      <FilterBar onSubmit={search}>
        <FilterSelect
          id="move-in-line-status"
          label={t("fields.status")}
          allLabel={t("filters.allStatuses")}
          value={status}
          options={MOVE_IN_STATUSES.map((value) => ({ value, label: t(`statuses.${value}`) }))}
          minWidth={160}
          onChange={(value) => setStatus(value as MoveInStatus | "")}
        />
        <FilterSelect
          id="move-in-line-kind"
          label={t("fields.kind")}
          allLabel={t("filters.allKinds")}
          value={kind}
          options={CARD_KINDS.map((value) => ({ value, label: t(`kinds.${value}`) }))}
          minWidth={160}
          onChange={(value) => setKind(value as CardKind | "")}
        />
        <TextField
          size="small"
          label={t("fields.keyword")}
          value={keyword}
          slotProps={{ htmlInput: { maxLength: 40 } }}
          onChange={(event) => setKeyword(event.target.value)}
        />
        <Button type="submit" variant="contained">
          {t("filters.search")}
        </Button>
      </FilterBar>
      <PagedTable
        label={t("detailListTitle")}
        result={result}
        paging={paging}
        pageSizes={PAGE_SIZES}
        nowrapHeads
        columns={columns}
        rowKey={(row) => row.lineId}
        emptyText={t("emptyLines")}
      />
    </PageFrame>
  );
}

mountIsland(<MoveInDetailListPage />);
