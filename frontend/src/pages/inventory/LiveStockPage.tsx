import HistoryIcon from "@mui/icons-material/History";
import Button from "@mui/material/Button";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useLiveStock, type StockRow } from "../../api/stock";
import { NOWRAP, type PagedColumn } from "../../components/PagedTable";
import { RecordsPage } from "../../components/records/RecordsPage";
import { mountIsland } from "../../islands/mount";
import { formatMoney } from "../../lib/money";
import {
  ChooseStoreNote,
  MovesDrawer,
  NS,
  SafetyFlag,
  StockExportButton,
  StockListFilters,
  StoresFailure,
  useStockList,
} from "./stockParts";

/** /systemStorage (KCGL-0007): a store's products with their live stock in stock and use units, safety
 * stock and the below-safety flag, value at cost for a role that sees cost; filters, sorts, paging,
 * export; a row's history opens the product's moves in the store. */
export function LiveStockPage() {
  const { t } = useTranslation(NS);
  const list = useStockList();
  const { stores, paging, storeId, search } = list;
  const [history, setHistory] = useState<StockRow | null>(null);
  const result = useLiveStock({ ...search, pageNo: paging.pageIndex + 1, pageSize: paging.pageSize }, storeId !== null);
  const seesCost = stores.data?.seesCost ?? false;

  const columns: PagedColumn<StockRow>[] = [
    { key: "code", label: t("fields.code"), cellSx: NOWRAP, render: (row) => row.code },
    { key: "name", label: t("fields.name"), render: (row) => row.name },
    { key: "category", label: t("fields.category"), render: (row) => row.categoryName },
    { key: "brand", label: t("fields.brand"), render: (row) => row.brand || t("dash") },
    {
      key: "liveStock",
      label: t("fields.liveStock"),
      align: "right",
      cellSx: NOWRAP,
      render: (row) => (
        <Typography
          component="span"
          variant="body2"
          color={row.quantity.startsWith("-") || row.quantity === "0" ? "error" : undefined}
          data-testid={`stock-${row.code}`}
        >
          {row.display}
        </Typography>
      ),
    },
    {
      key: "stockUnits",
      label: t("fields.stockUnits"),
      align: "right",
      render: (row) => `${row.stockQuantity} ${row.unit}`,
    },
    {
      key: "safety",
      label: t("fields.safetyStock"),
      align: "right",
      cellSx: NOWRAP,
      render: (row) => `${row.safetyStock} ${row.unit}`,
    },
    { key: "status", label: t("fields.status"), render: (row) => <SafetyFlag row={row} /> },
    ...(seesCost
      ? ([
          { key: "cost", label: t("fields.cost"), align: "right", render: (row) => formatMoney(row.cost ?? "0") },
          { key: "value", label: t("fields.value"), align: "right", render: (row) => formatMoney(row.value ?? "0") },
        ] satisfies PagedColumn<StockRow>[])
      : []),
    {
      key: "actions",
      label: t("fields.actions"),
      render: (row) => (
        <Button
          size="small"
          startIcon={<HistoryIcon />}
          onClick={() => setHistory(row)}
          data-testid={`history-${row.code}`}
        >
          {t("history")}
        </Button>
      ),
    },
  ];

  return (
    <RecordsPage
      title={t("live.title")}
      actions={<StockExportButton search={search} count={result.data?.total ?? null} />}
      intro={<StoresFailure list={list} />}
      form={list.form}
      filters={<StockListFilters list={list} />}
      totals={<ChooseStoreNote list={list} />}
      table={{
        result,
        paging,
        columns,
        rowKey: (row) => row.productId,
        rowTestId: (row) => `stock-row-${row.code}`,
        emptyText: t("live.empty"),
      }}
    >
      <MovesDrawer product={history} storeId={storeId} onClose={() => setHistory(null)} />
    </RecordsPage>
  );
}

mountIsland(<LiveStockPage />);
