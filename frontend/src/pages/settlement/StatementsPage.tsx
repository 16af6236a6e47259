import PlaylistAddIcon from "@mui/icons-material/PlaylistAdd";
import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import Tab from "@mui/material/Tab";
import Tabs from "@mui/material/Tabs";
import type { GridColDef, GridPaginationModel } from "@mui/x-data-grid";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../api/client";
import {
  BTN_SETTLEMENT_PAY,
  useCallerStores,
  useHeadOfficeCommand,
  useMakeStatements,
  useStatement,
  useStatements,
  type Statement,
} from "../../api/settlement";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { DateField } from "../../components/dates/DateField";
import { DetailError } from "../../components/feedback";
import { PageFrame } from "../../components/layout";
import { mountIsland } from "../../islands/mount";
import { storeToday } from "../../lib/dates";
import { formatMoney } from "../../lib/money";
import { useSubmissionKey } from "../../lib/submissionKey";
import { confirmedByText, previousMonth, yesterdayOf } from "./checks";
import { NS, pairText, rowWithTestId, SettlementGrid, StatementStatusChip, StoreFilter } from "./grid";
import { MonthSettlements } from "./MonthSettlements";
import { StatementDialog } from "./StatementDialog";

type TabKey = "day" | "month";

const StatementRow = rowWithTestId("statement-row");

function idFrom(text: string | null): number | null {
  const id = Number(text);
  return Number.isInteger(id) && id > 0 ? id : null;
}

/** Keeps the open statement in the address (`?statementId=`), so a reload or a shared link opens it. */
function rememberStatement(id: number | null): void {
  const params = new URLSearchParams(window.location.search);
  if (id === null) params.delete("statementId");
  else params.set("statementId", String(id));
  const query = params.toString();
  window.history.replaceState(null, "", `${window.location.pathname}${query ? `?${query}` : ""}`);
}

/** /settlementStatements (门店间结算): a day's statements between the role's stores, each netting what
 * one store owes another for the cards used, topped up or moved and the goods lent across stores;
 * a statement's entries, confirming it (after a confirmation) or disputing it with a correction and
 * a reason; and the months, rolled up and paid by head office. `?statementId=` opens a statement
 * (the approval centre links a dispute here), `?date=` a day, `?storeId=` one of the role's stores,
 * `?month=` the month tab. */
export function StatementsPage({ search = window.location.search }: { search?: string }) {
  const { t } = useTranslation(NS);
  const [params] = useState(() => new URLSearchParams(search));
  const linkedId = idFrom(params.get("statementId"));
  const [tab, setTab] = useState<TabKey>(params.get("month") ? "month" : "day");
  const [openId, setOpenId] = useState<number | null>(linkedId);
  const [chosenDate, setChosenDate] = useState<string | null>(params.get("date"));
  const [storeId, setStoreId] = useState<number | null>(idFrom(params.get("storeId")));
  // A linked statement names no day: the list shows the statement's own day once it is read.
  const linked = useStatement(chosenDate === null ? linkedId : null);
  const today = storeToday();
  const waiting = chosenDate === null && linkedId !== null && linked.isPending;
  const date = chosenDate ?? (waiting ? "" : (linked.data?.date ?? yesterdayOf(today)));

  const open = (id: number | null) => {
    setOpenId(id);
    rememberStatement(id);
  };

  return (
    <PageFrame wide title={t("statements.title")}>
      <Tabs value={tab} onChange={(_, value: TabKey) => setTab(value)} sx={{ mb: 2 }}>
        <Tab value="day" label={t("tabs.day")} data-testid="statements-tab-day" />
        <Tab value="month" label={t("tabs.month")} data-testid="statements-tab-month" />
      </Tabs>
      {tab === "day" ? (
        <DayStatements
          date={date}
          today={today}
          storeId={storeId}
          onDate={setChosenDate}
          onStore={setStoreId}
          onOpen={open}
        />
      ) : (
        <MonthSettlements initialMonth={params.get("month") ?? previousMonth(today)} />
      )}
      {openId !== null ? <StatementDialog id={openId} onClose={() => open(null)} /> : null}
    </PageFrame>
  );
}

function DayStatements({
  date,
  today,
  storeId,
  onDate,
  onStore,
  onOpen,
}: {
  date: string;
  today: string;
  storeId: number | null;
  onDate: (date: string) => void;
  onStore: (storeId: number | null) => void;
  onOpen: (id: number) => void;
}) {
  const { t } = useTranslation(NS);
  const callerStores = useCallerStores();
  const stores = callerStores.data?.stores ?? [];
  const store = stores.find((candidate) => candidate.id === storeId) ?? null;
  // Until the caller's stores are read, the address's store stands; then only one of them does (a
  // link of another role's store shows all the caller's).
  const shownStoreId = callerStores.data ? (store?.id ?? null) : storeId;
  const listed = `${date}|${shownStoreId ?? ""}`;
  // Another day, or another store, starts at its first page.
  const [chosenPaging, setPaging] = useState<{ listed: string; model: GridPaginationModel }>({
    listed,
    model: { page: 0, pageSize: 20 },
  });
  const paging = chosenPaging.listed === listed ? chosenPaging.model : { ...chosenPaging.model, page: 0 };
  const statements = useStatements({
    date,
    pageNo: paging.page + 1,
    pageSize: paging.pageSize,
    ...(shownStoreId !== null ? { storeId: shownStoreId } : {}),
  });
  const mayMake = useHeadOfficeCommand(BTN_SETTLEMENT_PAY);
  const [making, setMaking] = useState(false);
  const makeKey = useSubmissionKey({ date });
  const make = useMakeStatements(() => makeKey.renew());

  const columns: GridColDef<Statement>[] = [
    {
      field: "pair",
      headerName: t("fields.pair"),
      flex: 2,
      minWidth: 220,
      sortable: false,
      renderCell: ({ row }) => (
        <Button size="small" onClick={() => onOpen(row.statementId)} sx={{ textTransform: "none" }}>
          {pairText(row.fromStoreName, row.toStoreName)}
        </Button>
      ),
    },
    {
      field: "amount",
      headerName: t("fields.amount"),
      flex: 1,
      minWidth: 120,
      align: "right",
      headerAlign: "right",
      sortable: false,
      renderCell: ({ row }) => formatMoney(row.amount),
    },
    {
      field: "entries",
      headerName: t("fields.entries"),
      width: 90,
      align: "right",
      headerAlign: "right",
      sortable: false,
    },
    {
      field: "status",
      headerName: t("fields.status"),
      flex: 1,
      minWidth: 150,
      sortable: false,
      renderCell: ({ row }) => (
        <StatementStatusChip
          status={row.status}
          label={row.disputeId !== null ? `${row.statusName} · ${t("statement.disputed")}` : row.statusName}
          testId={`statement-status-${row.statementId}`}
        />
      ),
    },
    {
      field: "confirmations",
      headerName: t("fields.confirmedBy"),
      flex: 2,
      minWidth: 200,
      sortable: false,
      renderCell: ({ row }) => confirmedByText(row),
    },
  ];

  return (
    <>
      <Paper variant="outlined" sx={{ p: 2, mb: 2, display: "flex", gap: 2, alignItems: "center", flexWrap: "wrap" }}>
        <DateField
          size="small"
          label={t("fields.day")}
          value={date}
          maxDate={today}
          onChange={(value) => {
            if (value) onDate(value);
          }}
          inputProps={{ "data-testid": "statements-date" }}
        />
        {stores.length > 1 ? (
          <StoreFilter
            stores={stores}
            value={store}
            onChange={(chosen) => onStore(chosen?.id ?? null)}
            testId="statements-store"
          />
        ) : null}
        {mayMake ? (
          <Button
            variant="outlined"
            startIcon={<PlaylistAddIcon />}
            onClick={() => setMaking(true)}
            disabled={!date || date >= today || make.isPending}
            data-testid="statements-make"
          >
            {t("statements.make")}
          </Button>
        ) : null}
      </Paper>
      {statements.isError ? (
        <DetailError
          message={statements.error instanceof ApiError ? statements.error.message : undefined}
          onRetry={() => void statements.refetch()}
        />
      ) : (
        <SettlementGrid
          rows={statements.data?.list ?? []}
          columns={columns}
          getRowId={(row) => row.statementId}
          row={StatementRow}
          testId="statements-grid"
          label={t("statements.title")}
          loading={!date || statements.isFetching}
          emptyText={t("statements.empty", { date })}
          paging={{
            model: paging,
            total: statements.data?.total ?? 0,
            onChange: (model) => setPaging({ listed, model }),
          }}
          onRowClick={(row) => onOpen(row.statementId)}
        />
      )}
      <ConfirmDialog
        open={making}
        title={t("statements.makeTitle")}
        message={t("statements.makeConfirm", { date })}
        busy={make.isPending}
        onCancel={() => setMaking(false)}
        onConfirm={() => make.mutate({ date, key: makeKey.key }, { onSettled: () => setMaking(false) })}
      />
    </>
  );
}

mountIsland(<StatementsPage />);
