import Alert from "@mui/material/Alert";
import Paper from "@mui/material/Paper";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableContainer from "@mui/material/TableContainer";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { BarChart } from "@mui/x-charts/BarChart";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../api/client";
import { entriesExportUrl, useMatrix, type Matrix } from "../../api/settlement";
import { CappedExportButton } from "../../components/CappedExportButton";
import { DetailError, Loading } from "../../components/feedback";
import { PageFrame } from "../../components/layout";
import { mountIsland } from "../../islands/mount";
import { storeToday } from "../../lib/dates";
import { formatMoney } from "../../lib/money";
import { monthOf } from "./checks";
import { NS } from "./grid";
import { cellLookup, storePositions, type StorePosition } from "./matrix";

const MONTH = /^\d{4}-\d{2}$/;

/** /settlementMatrix (门店间结算矩阵): a month's balance between every pair of the role's stores (head
 * office: every pair), a row per store that owes and a column per store that is owed, and each
 * store's net position (what it is owed minus what it owes) as a bar chart. `?month=` chooses the
 * month (this month by default: the days without statements yet are counted too). */
export function MatrixPage({ search = window.location.search }: { search?: string }) {
  const { t } = useTranslation(NS);
  const [month, setMonth] = useState(() => new URLSearchParams(search).get("month") ?? monthOf(storeToday()));
  const matrix = useMatrix(month);
  const valid = MONTH.test(month);

  return (
    <PageFrame wide title={t("matrix.title")}>
      <Paper variant="outlined" sx={{ p: 2, mb: 2, display: "flex", gap: 2, alignItems: "center", flexWrap: "wrap" }}>
        <TextField
          type="month"
          size="small"
          label={t("fields.month")}
          value={month}
          onChange={(event) => setMonth(event.target.value)}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { "data-testid": "matrix-month" } }}
        />
        {valid ? (
          <CappedExportButton
            url={entriesExportUrl(month)}
            fileName={`settlement-${month}.xlsx`}
            count={null}
            ns={NS}
            testId="entries-export"
          />
        ) : null}
      </Paper>
      {!valid ? (
        <Alert severity="info">{t("matrix.chooseMonth")}</Alert>
      ) : matrix.isError ? (
        <DetailError
          message={matrix.error instanceof ApiError ? matrix.error.message : undefined}
          onRetry={() => void matrix.refetch()}
        />
      ) : !matrix.data ? (
        <Loading />
      ) : matrix.data.cells.length === 0 ? (
        <Alert severity="info" data-testid="matrix-empty">
          {t("matrix.empty", { month })}
        </Alert>
      ) : (
        <>
          <MatrixTable matrix={matrix.data} />
          <NetChart positions={storePositions(matrix.data)} />
        </>
      )}
    </PageFrame>
  );
}

function MatrixTable({ matrix }: { matrix: Matrix }) {
  const { t } = useTranslation(NS);
  const amountOf = cellLookup(matrix);
  const positions = storePositions(matrix);
  return (
    <Paper variant="outlined" sx={{ mb: 2 }}>
      <TableContainer>
        <Table size="small" aria-label={t("matrix.title")} data-testid="settlement-matrix">
          <TableHead>
            <TableRow>
              <TableCell>{t("matrix.corner")}</TableCell>
              {matrix.stores.map((store) => (
                <TableCell key={store.id} align="right">
                  {store.name}
                </TableCell>
              ))}
              <TableCell align="right">
                <strong>{t("matrix.owesInAll")}</strong>
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {matrix.stores.map((from, index) => (
              <TableRow key={from.id} hover>
                <TableCell component="th" scope="row">
                  {from.name}
                </TableCell>
                {matrix.stores.map((to) => (
                  <TableCell
                    key={to.id}
                    align="right"
                    data-testid={`matrix-cell-${from.id}-${to.id}`}
                    sx={from.id === to.id ? { bgcolor: "action.hover" } : undefined}
                  >
                    {formatMoney(amountOf(from.id, to.id))}
                  </TableCell>
                ))}
                <TableCell align="right">
                  <strong>{formatMoney(positions[index]?.owes)}</strong>
                </TableCell>
              </TableRow>
            ))}
            <TableRow>
              <TableCell component="th" scope="row">
                <strong>{t("matrix.owedInAll")}</strong>
              </TableCell>
              {positions.map((position) => (
                <TableCell key={position.storeId} align="right">
                  <strong>{formatMoney(position.owed)}</strong>
                </TableCell>
              ))}
              <TableCell />
            </TableRow>
          </TableBody>
        </Table>
      </TableContainer>
    </Paper>
  );
}

/** Each store's net position for the month: above zero it is owed money, below it owes. */
function NetChart({ positions }: { positions: StorePosition[] }) {
  const { t } = useTranslation(NS);
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="matrix-chart">
      <Typography variant="subtitle2" component="h2">
        {t("matrix.chart")}
      </Typography>
      <BarChart
        height={300}
        xAxis={[{ scaleType: "band", data: positions.map((position) => position.name) }]}
        series={[
          {
            data: positions.map((position) => Number(position.net)),
            label: t("matrix.net"),
            valueFormatter: (value: number | null) => (value === null ? "" : formatMoney(value.toFixed(2))),
          },
        ]}
      />
    </Paper>
  );
}

mountIsland(<MatrixPage />);
