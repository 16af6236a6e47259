import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Link from "@mui/material/Link";
import Stack from "@mui/material/Stack";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import TextField from "@mui/material/TextField";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import {
  confirmLoan,
  lendDetailHref,
  returnLoan,
  stockOutKeys,
  useLoans,
  useStockDocument,
  type DocumentDetail,
  type DocumentRow,
  type LoanSearch,
} from "../../api/stockOut";
import { DetailError, detailFailure, Loading } from "../../components/feedback";
import { FilterSelect } from "../../components/filters";
import { BackLink, PageFrame, Section } from "../../components/layout";
import { NOWRAP, usePaging, type PagedColumn } from "../../components/PagedTable";
import { RecordsPage } from "../../components/records/RecordsPage";
import { mountIsland } from "../../islands/mount";
import { idFromSearch } from "../../lib/address";
import { reversedRange, useFilterForm } from "../../lib/filterForm";
import { storeDateTime } from "../../lib/dates";
import { useSubmissionKey } from "../../lib/submissionKey";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { notify } from "../../lib/notices";
import { DocumentFacts, DocumentLines } from "./stockDocumentParts";
import {
  EMPTY_FILTERS,
  formatQuantity,
  NS,
  RecordFilterFields,
  searchFrom,
  StatusChip,
  type RecordFilterInput,
} from "./stockOutParts";

/** /storageLendDetail (KCGL-0002): with `?id=` one loan (or loan given back), where the receiving
 * store confirms the receipt and the borrowing store gives goods back; else the loans the store
 * lent or borrowed, open ones first chosen. */
export function StockLoanPage({ search = window.location.search }: { search?: string }) {
  const id = idFromSearch(search);
  return id === null ? <LoanList /> : <LoanView id={id} />;
}

type LoanFilterInput = RecordFilterInput & { direction: string };

const OPEN_FIRST: LoanFilterInput = { ...EMPTY_FILTERS, openOnly: true, direction: "" };

function loanSearchFrom(input: LoanFilterInput): LoanSearch {
  return { ...searchFrom(input), direction: (input.direction || null) as LoanSearch["direction"] };
}

function LoanList() {
  const { t } = useTranslation(NS);
  const paging = usePaging();
  const form = useFilterForm({ empty: OPEN_FIRST, toSearch: loanSearchFrom, paging, check: reversedRange });
  const result = useLoans({ pageNo: paging.pageIndex + 1, pageSize: paging.pageSize, ...form.filters });
  const columns: PagedColumn<DocumentRow>[] = [
    {
      key: "number",
      label: t("fields.number"),
      render: (row) => (
        <Link href={lendDetailHref(row.id)} underline="hover">
          {row.number}
        </Link>
      ),
    },
    { key: "type", label: t("fields.type"), render: (row) => t(`types.${row.type}`) },
    { key: "status", label: t("fields.status"), render: (row) => <StatusChip status={row.status} /> },
    { key: "from", label: t("fields.fromStore"), render: (row) => row.storeName },
    { key: "to", label: t("fields.toStore"), render: (row) => row.otherStoreName },
    { key: "quantity", label: t("fields.quantity"), align: "right", render: (row) => formatQuantity(row.quantity) },
    {
      key: "outstanding",
      label: t("fields.outstanding"),
      align: "right",
      render: (row) => (row.kind === "loan" ? formatQuantity(row.outstanding) : t("dash")),
    },
    {
      key: "createdAt",
      label: t("fields.createdAt"),
      cellSx: NOWRAP,
      render: (row) => storeDateTime(row.createdAt),
    },
  ];
  return (
    <RecordsPage
      title={t("lend.title")}
      actions={<Button href="/outboundRecord">{t("detail.back")}</Button>}
      onSearch={form.submit}
      filters={
        <RecordFilterFields form={form}>
          <FilterSelect
            id="loan-direction-filter"
            label={t("lend.direction")}
            allLabel={t("lend.allDirections")}
            value={form.input.direction}
            options={[
              { value: "in", label: t("lend.in") },
              { value: "out", label: t("lend.out") },
            ]}
            minWidth={150}
            onChange={(value) => form.set("direction", value)}
          />
        </RecordFilterFields>
      }
      table={{
        result,
        paging,
        columns,
        rowKey: (row) => row.id,
        rowTestId: (row) => `loan-row-${row.id}`,
        emptyText: t("lend.empty"),
      }}
    />
  );
}

function LoanView({ id }: { id: number }) {
  const { t } = useTranslation(NS);
  const document = useStockDocument(id);
  return (
    <PageFrame title={t("lend.detailTitle")}>
      <BackLink href="/storageLendDetail">{t("lend.title")}</BackLink>
      {document.isPending ? <Loading /> : null}
      {document.isError ? (
        <DetailError
          message={detailFailure(document.error, t("detail.notFound"))}
          onRetry={() => void document.refetch()}
        />
      ) : null}
      {document.data ? (
        <>
          <DocumentFacts document={document.data} />
          {document.data.sourceId ? (
            <Link href={lendDetailHref(document.data.sourceId)} sx={{ display: "block", mb: 2 }}>
              {t("lend.loanOf", { id: document.data.sourceId })}
            </Link>
          ) : null}
          <Receipt document={document.data} />
          <DocumentLines document={document.data} />
          {document.data.canReturn ? <GiveBack document={document.data} /> : null}
        </>
      ) : null}
    </PageFrame>
  );
}

/** The receiving store's confirmation (after a prompt), or who it waits for. */
function Receipt({ document }: { document: DocumentDetail }) {
  const { t } = useTranslation(NS);
  const queryClient = useQueryClient();
  const submission = useSubmissionKey({ confirm: document.id });
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState("");
  if (document.status !== "in_transit") return null;
  if (!document.canConfirm) {
    return (
      <Alert severity="info" sx={{ mb: 2 }}>
        {t("lend.waiting", { store: document.otherStoreName })}
      </Alert>
    );
  }
  const confirm = async () => {
    setBusy(true);
    setRefusal("");
    try {
      const received = await confirmLoan(document.id, submission.key);
      queryClient.setQueryData(stockOutKeys.detail(document.id), received);
      void queryClient.invalidateQueries({ queryKey: ["stockOut", "loans"] });
      notify("success", t("lend.received"));
    } catch (error) {
      setRefusal((error as Error).message);
      void queryClient.invalidateQueries({ queryKey: stockOutKeys.detail(document.id) });
    } finally {
      setBusy(false);
      setAsking(false);
    }
  };
  return (
    <Stack spacing={1} sx={{ mb: 2, alignItems: "flex-start" }}>
      {refusal ? (
        <Alert severity="error" role="alert">
          {refusal}
        </Alert>
      ) : null}
      <Button variant="contained" disabled={busy} onClick={() => setAsking(true)}>
        {t("lend.confirm")}
      </Button>
      <ConfirmDialog
        open={asking}
        title={t("lend.confirmTitle")}
        message={t("lend.confirmText", { number: document.number })}
        busy={busy}
        onConfirm={() => void confirm()}
        onCancel={() => setAsking(false)}
      />
    </Stack>
  );
}

/** The borrowing store gives goods back, each line at most what is still out. */
function GiveBack({ document }: { document: DocumentDetail }) {
  const { t } = useTranslation(NS);
  const queryClient = useQueryClient();
  const [amounts, setAmounts] = useState<Record<number, string>>({});
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState("");
  const lines = document.lines
    .map((line) => ({ lineId: line.lineId, quantity: (amounts[line.lineId] ?? "").trim() }))
    .filter((line) => Number(line.quantity) > 0);
  const body = { lines, remark: "" };
  const submission = useSubmissionKey(body);
  const over = document.lines.some((line) => Number(amounts[line.lineId] ?? 0) > Number(line.outstanding));
  const total = lines.reduce((sum, line) => sum + Number(line.quantity), 0);
  const send = async () => {
    setBusy(true);
    setRefusal("");
    try {
      const back = await returnLoan(document.id, body, submission.key);
      submission.renew();
      setAmounts({});
      void queryClient.invalidateQueries({ queryKey: stockOutKeys.all });
      notify("success", t("lend.giveBackDone", { number: back.number }));
    } catch (error) {
      setRefusal((error as Error).message);
    } finally {
      setBusy(false);
      setAsking(false);
    }
  };
  return (
    <Section title={t("lend.giveBack")}>
      <Table size="small" aria-label={t("lend.giveBack")}>
        <TableHead>
          <TableRow>
            <TableCell>{t("fields.product")}</TableCell>
            <TableCell align="right">{t("fields.outstanding")}</TableCell>
            <TableCell align="right">{t("lend.backQuantity")}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {document.lines.map((line) => (
            <TableRow key={line.lineId}>
              <TableCell>{line.name}</TableCell>
              <TableCell align="right">{`${formatQuantity(line.outstanding)} ${line.unit}`}</TableCell>
              <TableCell align="right">
                <TextField
                  size="small"
                  type="number"
                  label={`${t("lend.backQuantity")} ${line.name}`}
                  value={amounts[line.lineId] ?? ""}
                  onChange={(event) => setAmounts((previous) => ({ ...previous, [line.lineId]: event.target.value }))}
                  error={Number(amounts[line.lineId] ?? 0) > Number(line.outstanding)}
                  disabled={Number(line.outstanding) <= 0}
                  slotProps={{ htmlInput: { min: 0, max: Number(line.outstanding), step: "any" } }}
                  sx={{ width: 150 }}
                />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {refusal ? (
        <Alert severity="error" role="alert" sx={{ mt: 2 }}>
          {refusal}
        </Alert>
      ) : null}
      <Button
        variant="outlined"
        sx={{ mt: 2 }}
        disabled={busy || lines.length === 0 || over}
        onClick={() => setAsking(true)}
      >
        {t("lend.giveBack")}
      </Button>
      <ConfirmDialog
        open={asking}
        title={t("lend.giveBackTitle")}
        message={t("lend.giveBackText", { quantity: formatQuantity(total), store: document.storeName })}
        busy={busy}
        onConfirm={() => void send()}
        onCancel={() => setAsking(false)}
      />
    </Section>
  );
}

mountIsland(<StockLoanPage />);
