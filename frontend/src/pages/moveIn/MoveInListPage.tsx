import UploadFileIcon from "@mui/icons-material/UploadFile";
import AddIcon from "@mui/icons-material/Add";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import Link from "@mui/material/Link";
import Stack from "@mui/material/Stack";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../api/client";
import {
  commitMoveIn,
  deleteMoveIn,
  downloadTemplate,
  importMoveIns,
  importProblems,
  MOVE_IN_STATUSES,
  moveInKeys,
  useMoveIns,
  useMoveInSummary,
  type ImportProblem,
  type MoveInRow,
  type MoveInSearch,
  type MoveInStatus,
} from "../../api/moveIn";
import { PagedTable, usePaging, type PagedColumn } from "../../components/PagedTable";
import { FilterBar, FilterSelect } from "../../components/filters";
import { PageFrame } from "../../components/layout";
import { mountIsland } from "../../islands/mount";
import { saveBlob } from "../../lib/download";
import { storeDateTime } from "../../lib/dates";
import { PAGE_SIZES } from "../../lib/paging";
import { ConfirmDialog, errorText, moveInDetailHref, moveInHref, StatusChip } from "./parts";

type Filters = Omit<MoveInSearch, "pageNo" | "pageSize">;

/** /moveInList (ERP-HYQR-PAG-0001-0000): the store's move-ins with their status and totals; drafts
 * are edited, submitted for approval or deleted (each confirmed); many are imported from Excel. */
export function MoveInListPage() {
  const { t } = useTranslation("moveIn");
  const paging = usePaging();
  const [status, setStatus] = useState<MoveInStatus | "">("");
  const [keyword, setKeyword] = useState("");
  const [filters, setFilters] = useState<Filters>({});
  const [acting, setActing] = useState<{ row: MoveInRow; action: "delete" | "commit" } | null>(null);
  const [importing, setImporting] = useState(false);
  const result = useMoveIns({ ...filters, pageNo: paging.pageIndex + 1, pageSize: paging.pageSize });
  const summary = useMoveInSummary(filters);

  const search = (event?: FormEvent) => {
    event?.preventDefault();
    paging.refilter(() => setFilters({ status: status || null, keyword: keyword.trim() || null }));
  };

  const columns: PagedColumn<MoveInRow>[] = [
    {
      key: "no",
      label: t("fields.moveInNo"),
      render: (row) => <Link href={moveInDetailHref(row.id)}>{row.moveInNo}</Link>,
    },
    { key: "name", label: t("fields.name"), render: (row) => row.name },
    { key: "phone", label: t("fields.phone"), render: (row) => row.phone },
    {
      key: "source",
      label: t("fields.sourceStore"),
      render: (row) => [row.sourceBrand, row.sourceStore].filter(Boolean).join(" "),
    },
    { key: "lines", label: t("fields.lines"), align: "right", render: (row) => row.lineCount },
    { key: "oldValue", label: t("fields.oldValue"), align: "right", render: (row) => row.oldValue },
    { key: "newValue", label: t("fields.newValue"), align: "right", render: (row) => row.newValue },
    { key: "sessions", label: t("fields.sessions"), align: "right", render: (row) => row.sessions },
    {
      key: "status",
      label: t("fields.status"),
      render: (row) => <StatusChip status={row.status} name={row.statusName} />,
    },
    { key: "createdAt", label: t("fields.createdAt"), render: (row) => storeDateTime(row.createdAt) },
    {
      key: "actions",
      label: t("actions.label"),
      render: (row) => (
        <Stack direction="row" spacing={1}>
          {row.canEdit ? (
            <Button size="small" href={moveInHref(row.id)}>
              {t("actions.edit")}
            </Button>
          ) : null}
          {row.canCommit ? (
            <Button size="small" onClick={() => setActing({ row, action: "commit" })}>
              {t("actions.commit")}
            </Button>
          ) : null}
          {row.canDelete ? (
            <Button size="small" color="error" onClick={() => setActing({ row, action: "delete" })}>
              {t("actions.delete")}
            </Button>
          ) : null}
        </Stack>
      ),
    },
  ];

  return (
    <PageFrame
      wide
      title={t("listTitle")}
      actions={
        <Stack direction="row" spacing={1}>
          <Button onClick={() => void templateDownload()}>{t("actions.template")}</Button>
          <Button startIcon={<UploadFileIcon />} onClick={() => setImporting(true)}>
            {t("actions.import")}
          </Button>
          <Button variant="contained" startIcon={<AddIcon />} href="/moveIn">
            {t("new")}
          </Button>
        </Stack>
      }
    >
      <FilterBar onSubmit={search}>
        <FilterSelect
          id="move-in-status"
          label={t("fields.status")}
          allLabel={t("filters.allStatuses")}
          value={status}
          options={MOVE_IN_STATUSES.map((value) => ({ value, label: t(`statuses.${value}`) }))}
          minWidth={160}
          onChange={(value) => setStatus(value as MoveInStatus | "")}
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
        <Button
          onClick={() => {
            setStatus("");
            setKeyword("");
            paging.refilter(() => setFilters({}));
          }}
        >
          {t("filters.reset")}
        </Button>
      </FilterBar>
      {summary.data ? (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} data-testid="move-in-summary">
          {t("summary", summary.data)}
        </Typography>
      ) : null}
      <PagedTable
        label={t("listTitle")}
        result={result}
        paging={paging}
        pageSizes={PAGE_SIZES}
        nowrapHeads
        columns={columns}
        rowKey={(row) => row.id}
        emptyText={t("empty")}
      />
      {acting ? <ActDialog row={acting.row} action={acting.action} onClose={() => setActing(null)} /> : null}
      {importing ? <ImportDialog onClose={() => setImporting(false)} /> : null}
    </PageFrame>
  );
}

async function templateDownload(): Promise<void> {
  const outcome = await downloadTemplate();
  if (outcome.kind === "file") saveBlob(outcome.blob, outcome.fileName);
}

function ActDialog({ row, action, onClose }: { row: MoveInRow; action: "delete" | "commit"; onClose: () => void }) {
  const { t } = useTranslation("moveIn");
  const queryClient = useQueryClient();
  const act = useMutation({
    mutationFn: () => (action === "delete" ? deleteMoveIn(row.id) : commitMoveIn(row.id)),
    onSuccess: onClose,
    onSettled: () => queryClient.invalidateQueries({ queryKey: moveInKeys.all }),
  });
  const deleting = action === "delete";
  return (
    <ConfirmDialog
      title={t(deleting ? "confirm.deleteTitle" : "confirm.commitTitle", { no: row.moveInNo })}
      text={
        deleting
          ? t("confirm.deleteText")
          : t("confirm.commitText", {
              name: row.name,
              lines: row.lineCount,
              newValue: row.newValue,
              sessions: row.sessions,
            })
      }
      confirmLabel={t(deleting ? "actions.delete" : "actions.commit")}
      danger={deleting}
      busy={act.isPending}
      error={act.error ? errorText(act.error) : undefined}
      onConfirm={() => act.mutate()}
      onClose={onClose}
    />
  );
}

/** The Excel import: a file chosen, then all imported or nothing with the report of each bad row. */
export function ImportDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation("moveIn");
  const titleId = useId();
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [problems, setProblems] = useState<ImportProblem[]>([]);
  const [failure, setFailure] = useState("");
  const run = useMutation({
    mutationFn: (chosen: File) => importMoveIns(chosen),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: moveInKeys.all });
      onClose();
    },
    onError: (error) => {
      setProblems(error instanceof ApiError ? importProblems(error.data) : []);
      setFailure(errorText(error));
    },
  });
  return (
    <Dialog open onClose={run.isPending ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="md">
      <DialogTitle id={titleId}>{t("import.title")}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{t("import.text")}</DialogContentText>
        <Button component="label" variant="outlined">
          {t("import.choose")}
          <input
            hidden
            type="file"
            aria-label={t("import.choose")}
            accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            onChange={(event) => {
              setFile(event.target.files?.[0] ?? null);
              setProblems([]);
              setFailure("");
            }}
          />
        </Button>
        {file ? (
          <Box component="span" sx={{ ml: 2 }}>
            {file.name}
          </Box>
        ) : null}
        {failure ? (
          <Alert severity="error" sx={{ mt: 2 }}>
            {problems.length ? t("import.failed") : failure}
          </Alert>
        ) : null}
        {problems.length ? (
          <Table size="small" aria-label={t("import.failed")} sx={{ mt: 1 }}>
            <TableHead>
              <TableRow>
                <TableCell>{t("import.row")}</TableCell>
                <TableCell>{t("import.column")}</TableCell>
                <TableCell>{t("import.message")}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {problems.map((problem, index) => (
                <TableRow key={`${problem.row}-${problem.column}-${index}`}>
                  <TableCell>{problem.row || t("dash")}</TableCell>
                  <TableCell>{problem.column || t("dash")}</TableCell>
                  <TableCell>{problem.message}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={run.isPending}>
          {t("actions.close")}
        </Button>
        <Button variant="contained" disabled={!file || run.isPending} onClick={() => file && run.mutate(file)}>
          {t("import.start")}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

mountIsland(<MoveInListPage />);
