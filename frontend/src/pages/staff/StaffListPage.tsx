import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Link from "@mui/material/Link";
import MenuItem from "@mui/material/MenuItem";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import {
  POSITIONS,
  useEmployeeSearch,
  type EmployeeRow,
  type EmployeeSearch,
  type EmployeeStatus,
  type Position,
} from "../../api/staff";
import { NOWRAP, PagedTable, usePaging, type PagedColumn } from "../../components/PagedTable";
import { mountIsland } from "../../islands/mount";
import { PageFrame } from "../../components/layout";
import { EmployeeFormDialog } from "./EmployeeFormDialog";
import { LeaveDialog } from "./LeaveDialog";
import { emptyEmployee } from "./rules";
import { storeToday } from "../../lib/dates";
import { LimitedTextField } from "../../components/LimitedTextField";
import { tooLong } from "../../lib/limits";
import { formatPhone } from "../../lib/phone";

const DETAIL_ROUTE = "/staffDetail";
const PAGE_SIZES = [10, 20, 50];

/** /staffList (YGGL-0001): the store's staff with search, filters, paging, create and leave. */
export function StaffListPage() {
  const { t } = useTranslation("staff");
  const [keywordInput, setKeywordInput] = useState("");
  const [keyword, setKeyword] = useState("");
  const [position, setPosition] = useState<Position | "">("");
  const [status, setStatus] = useState<EmployeeStatus | "">("active");
  const paging = usePaging(10);
  const { refilter } = paging;
  const [creating, setCreating] = useState(false);
  const [leaving, setLeaving] = useState<EmployeeRow | null>(null);

  const search: EmployeeSearch = { pageNo: paging.pageIndex + 1, pageSize: paging.pageSize, keyword, position, status };
  const result = useEmployeeSearch(search);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (tooLong(keywordInput, 20)) return;
    refilter(() => setKeyword(keywordInput.trim()));
  };
  const reset = () =>
    refilter(() => {
      setKeywordInput("");
      setKeyword("");
      setPosition("");
      setStatus("active");
    });

  const columns: PagedColumn<EmployeeRow>[] = [
    {
      key: "name",
      label: t("fields.name"),
      render: (row) => (
        <Link href={`${DETAIL_ROUTE}?id=${row.id}`} underline="hover">
          {row.name}
        </Link>
      ),
    },
    { key: "phone", label: t("fields.phone"), cellSx: NOWRAP, render: (row) => formatPhone(row.areaCode, row.phone) },
    { key: "position", label: t("fields.position"), render: (row) => row.positionName },
    { key: "skillLevel", label: t("fields.skillLevel"), render: (row) => row.skillLevelName || "—" },
    {
      key: "hireDate",
      label: t("fields.hireDate"),
      cellSx: NOWRAP,
      render: (row) => row.hireDate ?? "",
    },
    {
      key: "status",
      label: t("fields.status"),
      render: (row) => (
        <Chip size="small" color={row.status === "active" ? "success" : "default"} label={row.statusName} />
      ),
    },
    { key: "account", label: t("fields.account"), render: (row) => row.userAccount || "—" },
    {
      key: "actions",
      label: t("list.actions"),
      align: "right",
      render: (row) =>
        row.status === "active" ? (
          <Button size="small" color="error" onClick={() => setLeaving(row)}>
            {t("leave.action")}
          </Button>
        ) : null,
    },
  ];
  return (
    <PageFrame
      title={t("list.title")}
      actions={
        <Button variant="contained" onClick={() => setCreating(true)}>
          {t("list.create")}
        </Button>
      }
    >
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
        <Box component="form" onSubmit={submit} role="search" aria-label={t("list.filters")}>
          <Stack direction="row" spacing={2} sx={{ flexWrap: "wrap", alignItems: "center", rowGap: 2 }}>
            <LimitedTextField
              maxChars={20}
              size="small"
              label={t("list.keyword")}
              value={keywordInput}
              onChange={(event) => setKeywordInput(event.target.value)}
            />
            <TextField
              select
              size="small"
              label={t("fields.position")}
              value={position}
              onChange={(event) => refilter(() => setPosition(event.target.value as Position | ""))}
              sx={{ minWidth: 160 }}
            >
              <MenuItem value="">{t("list.allPositions")}</MenuItem>
              {POSITIONS.map((value) => (
                <MenuItem key={value} value={value}>
                  {t(`positions.${value}`)}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              size="small"
              label={t("fields.status")}
              value={status}
              onChange={(event) => refilter(() => setStatus(event.target.value as EmployeeStatus | ""))}
              sx={{ minWidth: 140 }}
            >
              <MenuItem value="">{t("list.allStatuses")}</MenuItem>
              <MenuItem value="active">{t("status.active")}</MenuItem>
              <MenuItem value="left">{t("status.left")}</MenuItem>
            </TextField>
            <Button type="submit" variant="outlined">
              {t("list.search")}
            </Button>
            <Button onClick={reset}>{t("list.reset")}</Button>
          </Stack>
        </Box>
      </Paper>

      <PagedTable
        label={t("list.title")}
        result={result}
        paging={paging}
        pageSizes={PAGE_SIZES}
        columns={columns}
        rowKey={(row) => row.id}
        emptyText={t("list.empty")}
      />

      {creating ? (
        <EmployeeFormDialog open initial={emptyEmployee(storeToday())} onClose={() => setCreating(false)} />
      ) : null}
      {leaving ? <LeaveDialog employee={leaving} onClose={() => setLeaving(null)} /> : null}
    </PageFrame>
  );
}

mountIsland(<StaffListPage />);
