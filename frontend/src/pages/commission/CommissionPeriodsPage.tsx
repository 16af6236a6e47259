import LockIcon from "@mui/icons-material/Lock";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Link from "@mui/material/Link";
import Paper from "@mui/material/Paper";
import TableCell from "@mui/material/TableCell";
import TableRow from "@mui/material/TableRow";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../api/client";
import { BTN_COMMISSION_CLOSE, useClosePeriod, usePeriod, type Period } from "../../api/commission";
import { hasButtonCode } from "../../api/session";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { HeadedTable } from "../../components/HeadedTable";
import { TableStateRow } from "../../components/feedback";
import { PageFrame } from "../../components/layout";
import { mountIsland } from "../../islands/mount";
import { storeDateTime, storeToday } from "../../lib/dates";
import { formatMoney } from "../../lib/money";
import { monthBounds, previousMonth } from "./months";

const NS = "commission";

/** /commissionPeriods: a store's month of commission per staff member, kind and plan version, open
 * (computed now) or closed (as stored when it closed), each figure linked to the sales behind it;
 * the owner closes an ended month after a confirmation. `?storeId=&month=` choose the month. */
export function CommissionPeriodsPage() {
  const { t } = useTranslation(NS);
  const params = new URLSearchParams(window.location.search);
  const storeId = params.get("storeId") ?? "";
  const [month, setMonth] = useState(params.get("month") ?? previousMonth(storeToday()));
  const [confirming, setConfirming] = useState(false);
  const period = usePeriod(storeId, month);
  const close = useClosePeriod();
  const mayClose = hasButtonCode(BTN_COMMISSION_CLOSE);
  const data = period.data;

  return (
    <PageFrame
      wide
      title={t("periods.title")}
      actions={
        mayClose && data?.status === "open" ? (
          <Button
            variant="contained"
            startIcon={<LockIcon />}
            onClick={() => setConfirming(true)}
            disabled={close.isPending}
            data-testid="period-close"
          >
            {t("periods.close")}
          </Button>
        ) : null
      }
    >
      <Paper variant="outlined" sx={{ p: 2, mb: 2, display: "flex", gap: 2, alignItems: "center", flexWrap: "wrap" }}>
        <TextField
          type="month"
          size="small"
          label={t("fields.month")}
          value={month}
          onChange={(event) => setMonth(event.target.value)}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { "data-testid": "period-month" } }}
        />
        {data ? <PeriodStatus period={data} /> : null}
      </Paper>
      <FiguresTable
        period={data}
        loading={period.isPending}
        error={period.error}
        onRetry={() => void period.refetch()}
      />
      <ConfirmDialog
        open={confirming}
        title={t("periods.closeTitle")}
        message={t("periods.confirm", { month, store: data?.storeName ?? "" })}
        busy={close.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          close.mutate({ storeId, month });
        }}
      />
    </PageFrame>
  );
}

function PeriodStatus({ period }: { period: Period }) {
  const { t } = useTranslation(NS);
  return (
    <Box sx={{ display: "flex", gap: 1, alignItems: "center" }} data-testid="period-status">
      <Typography>{period.storeName}</Typography>
      {period.status === "closed" ? (
        <Chip
          size="small"
          label={t("periods.closedBy", { who: period.closedBy, at: storeDateTime(period.closedAt) })}
        />
      ) : (
        <Chip size="small" color="warning" label={t("periods.open")} />
      )}
      <Typography sx={{ ml: 2 }}>
        {t("fields.net")}: {formatMoney(period.net)}
      </Typography>
    </Box>
  );
}

function FiguresTable({
  period,
  loading,
  error,
  onRetry,
}: {
  period: Period | undefined;
  loading: boolean;
  error: unknown;
  onRetry: () => void;
}) {
  const { t } = useTranslation(NS);
  const heads = [
    t("fields.staff"),
    t("fields.kind"),
    t("fields.baseAmount"),
    t("fields.sessions"),
    t("fields.monthTotal"),
    t("fields.tierFrom"),
    t("fields.rate"),
    t("fields.commission"),
    t("fields.clawback"),
    t("fields.net"),
    t("fields.planVersion"),
  ];
  const [from, to] = period ? monthBounds(period.month) : ["", ""];
  return (
    <HeadedTable label={t("periods.title")} heads={heads}>
      {!period || period.figures.length === 0 ? (
        <TableStateRow
          columns={heads.length}
          state={loading ? "loading" : error ? "error" : "empty"}
          emptyText={t("periods.empty")}
          errorText={error instanceof ApiError ? error.message : undefined}
          onRetry={onRetry}
        />
      ) : (
        period.figures.map((figure) => (
          <TableRow key={`${figure.staffId}-${figure.kind}-${figure.planVersionId ?? 0}`}>
            <TableCell>
              <Link
                href={`/salesDetail?${new URLSearchParams({ staffId: String(figure.staffId), from, to, storeId: String(period.storeId) })}`}
              >
                {figure.staffName}
              </Link>
            </TableCell>
            <TableCell>{figure.kindName}</TableCell>
            <TableCell>{formatMoney(figure.baseAmount)}</TableCell>
            <TableCell>{figure.sessions}</TableCell>
            <TableCell>{formatMoney(figure.monthTotal)}</TableCell>
            <TableCell>{figure.tierFrom === null ? "" : formatMoney(figure.tierFrom)}</TableCell>
            <TableCell>{figure.rate === null ? "" : `${figure.rate}%`}</TableCell>
            <TableCell>{formatMoney(figure.commission)}</TableCell>
            <TableCell>{formatMoney(figure.clawback)}</TableCell>
            <TableCell>{formatMoney(figure.net)}</TableCell>
            <TableCell>{figure.planVersion || t("periods.noPlan")}</TableCell>
          </TableRow>
        ))
      )}
    </HeadedTable>
  );
}

mountIsland(<CommissionPeriodsPage />);
