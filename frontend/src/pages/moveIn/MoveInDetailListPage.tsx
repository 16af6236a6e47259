import Link from "@mui/material/Link";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import {
  CARD_KINDS,
  useMoveInLines,
  type CardKind,
  type MoveInLineRow,
  type MoveInLineSearch,
  type MoveInStatus,
} from "../../api/moveIn";
import { usePaging, type PagedColumn } from "../../components/PagedTable";
import { FilterSelect } from "../../components/filters";
import { RecordsPage } from "../../components/records/RecordsPage";
import { mountIsland } from "../../islands/mount";
import { MoveInFilters, moveInDetailHref, StatusChip } from "./parts";
import { storeDateTime } from "../../lib/dates";

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
    <RecordsPage
      title={t("detailListTitle")}
      onSearch={search}
      filters={
        <MoveInFilters
          statusId="move-in-line-status"
          status={status}
          onStatus={setStatus}
          keyword={keyword}
          onKeyword={setKeyword}
        >
          <FilterSelect
            id="move-in-line-kind"
            label={t("fields.kind")}
            allLabel={t("filters.allKinds")}
            value={kind}
            options={CARD_KINDS.map((value) => ({ value, label: t(`kinds.${value}`) }))}
            minWidth={160}
            onChange={(value) => setKind(value as CardKind | "")}
          />
        </MoveInFilters>
      }
      table={{ result, paging, columns, rowKey: (row) => row.lineId, emptyText: t("emptyLines") }}
    />
  );
}

mountIsland(<MoveInDetailListPage />);
