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
import type { GridColDef, GridSortModel } from "@mui/x-data-grid";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../api/client";
import { entriesExportUrl, useCallerStores, useMatrix, type Matrix, type MatrixStore } from "../../api/settlement";
import { CappedExportButton } from "../../components/CappedExportButton";
import { DetailError, Loading } from "../../components/feedback";
import { PageFrame } from "../../components/layout";
import { mountIsland } from "../../islands/mount";
import { storeToday } from "../../lib/dates";
import { formatMoney } from "../../lib/money";
import { monthOf } from "./checks";
import { NS, rowWithTestId, SettlementGrid, StoreFilter } from "./grid";
import {
  CHART_MAX_BARS,
  cellLookup,
  compareAmounts,
  largestPositions,
  matrixPairs,
  storeFilterOffered,
  storePositions,
  TABLE_MAX_STORES,
  type MatrixPair,
  type StorePosition,
} from "./matrix";

const MONTH = /^\d{4}-\d{2}$/;
/** The pairs a page of the list shows (they are all in the browser: sorted and paged there). */
const PAIRS_PAGE_SIZE = 25;
const PAIRS_ORDER: GridSortModel = [{ field: "amount", sort: "desc" }];
const PairRow = rowWithTestId("matrix-pair");

/** /settlementMatrix (门店间结算矩阵): a month's balance between every pair of the role's stores (head
 * office: every pair), and each store's net position (what it is owed minus what it owes) as a bar
 * chart. `?month=` chooses the month (this month by default: the days without statements yet are
 * counted too). Up to TABLE_MAX_STORES stores it is a table, a row per store that owes and a column
 * per store that is owed; a chain of hundreds of stores lists its pairs instead (a month can have
 * 26,000 of them), the largest first, and head office may narrow them to one store's. */
export function MatrixPage({ search = window.location.search }: { search?: string }) {
  const { t } = useTranslation(NS);
  const [month, setMonth] = useState(() => new URLSearchParams(search).get("month") ?? monthOf(storeToday()));
  const [store, setStore] = useState<MatrixStore | null>(null);
  const headOffice = useCallerStores().data?.headOffice === true;
  // The whole answer stays asked for while a store is chosen: its stores are the filter's choices.
  const chain = useMatrix(month);
  const chosen = useMatrix(month, store?.id ?? null, { enabled: store !== null });
  const shown = store ? chosen : chain;
  const valid = MONTH.test(month);
  const filtered = Boolean(chain.data && (store !== null || storeFilterOffered(chain.data, headOffice)));

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
        {valid && filtered && chain.data ? (
          <StoreFilter stores={chain.data.stores} value={store} onChange={setStore} testId="matrix-store" />
        ) : null}
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
      ) : shown.isError ? (
        <DetailError
          message={shown.error instanceof ApiError ? shown.error.message : undefined}
          onRetry={() => void shown.refetch()}
        />
      ) : !shown.data ? (
        <Loading />
      ) : shown.data.cells.length === 0 ? (
        <Alert severity="info" data-testid="matrix-empty">
          {t("matrix.empty", { month })}
        </Alert>
      ) : (
        <MatrixView matrix={shown.data} month={month} store={store} />
      )}
    </PageFrame>
  );
}

function MatrixView({ matrix, month, store }: { matrix: Matrix; month: string; store: MatrixStore | null }) {
  const { t } = useTranslation(NS);
  // A chain's month is 26,000 cells: summed and sorted once per answer, not at every render.
  const positions = useMemo(() => storePositions(matrix), [matrix]);
  const listed = matrix.stores.length > TABLE_MAX_STORES;
  return (
    <>
      {listed ? (
        <>
          <Alert severity="info" sx={{ mb: 2 }} data-testid="matrix-listed">
            {store
              ? t("matrix.listedForStore", { count: matrix.stores.length, month, store: store.name })
              : t("matrix.listed", { count: matrix.stores.length, month })}
          </Alert>
          <PairsGrid matrix={matrix} />
        </>
      ) : (
        <MatrixTable matrix={matrix} positions={positions} />
      )}
      <NetChart positions={positions} store={store} />
    </>
  );
}

function MatrixTable({ matrix, positions }: { matrix: Matrix; positions: StorePosition[] }) {
  const { t } = useTranslation(NS);
  const amountOf = cellLookup(matrix);
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

/** The month's pairs, who owes whom how much, the largest first, a page at a time. */
function PairsGrid({ matrix }: { matrix: Matrix }) {
  const { t } = useTranslation(NS);
  const pairs = useMemo(() => matrixPairs(matrix), [matrix]);
  const columns: GridColDef<MatrixPair>[] = [
    { field: "fromStoreName", headerName: t("matrix.owes"), flex: 1, minWidth: 160 },
    { field: "toStoreName", headerName: t("matrix.isOwed"), flex: 1, minWidth: 160 },
    {
      field: "amount",
      headerName: t("matrix.amount"),
      minWidth: 140,
      flex: 1,
      align: "right",
      headerAlign: "right",
      sortComparator: compareAmounts,
      renderCell: ({ row }) => formatMoney(row.amount),
    },
  ];
  return (
    <Paper variant="outlined" sx={{ mb: 2 }}>
      <SettlementGrid
        rows={pairs}
        columns={columns}
        getRowId={(row) => row.id}
        row={PairRow}
        testId="matrix-pairs"
        label={t("matrix.pairsLabel")}
        loading={false}
        emptyText={t("matrix.noPairs")}
        pageSize={PAIRS_PAGE_SIZE}
        sortModel={PAIRS_ORDER}
      />
    </Paper>
  );
}

/** Each store's net position for the month: above zero it is owed money, below it owes. A chain's
 * hundreds of stores are cut to the CHART_MAX_BARS largest, either way. Narrowed to a store, the
 * other stores' positions count only their pairs with it. */
function NetChart({ positions, store }: { positions: StorePosition[]; store: MatrixStore | null }) {
  const { t } = useTranslation(NS);
  const bars = largestPositions(positions, CHART_MAX_BARS);
  // Beyond a few bars the names lean, so that each has its bar's width and more (cut with "…").
  const crowded = bars.length > 6;
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="matrix-chart">
      <Typography variant="subtitle2" component="h2">
        {t("matrix.chart")}
      </Typography>
      {store ? (
        <Typography variant="caption" color="text.secondary" component="p" data-testid="matrix-chart-store">
          {t("matrix.chartForStore", { store: store.name })}
        </Typography>
      ) : null}
      {bars.length < positions.length ? (
        <Typography variant="caption" color="text.secondary" component="p" data-testid="matrix-chart-largest">
          {t("matrix.chartLargest", { count: bars.length, total: positions.length })}
        </Typography>
      ) : null}
      <BarChart
        height={crowded ? 380 : 320}
        xAxis={[
          {
            scaleType: "band",
            data: bars.map((position) => position.name),
            // The default 25px leaves a name 16px, less than a line of Chinese: it was cut to nothing.
            height: crowded ? 110 : 40,
            tickLabelStyle: crowded ? { angle: -40, textAnchor: "end", fontSize: 12 } : { fontSize: 12 },
          },
        ]}
        // Room for ticks up to "-10,000,000": the default 45px cut "-100,000" to "-100,…".
        yAxis={[{ width: 80 }]}
        series={[
          {
            data: bars.map((position) => Number(position.net)),
            label: t("matrix.net"),
            valueFormatter: (value: number | null) => (value === null ? "" : formatMoney(value.toFixed(2))),
          },
        ]}
      />
    </Paper>
  );
}

mountIsland(<MatrixPage />);
