import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import TextField from "@mui/material/TextField";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { orderDetailsHref } from "../../../api/bills";
import { exportUrl } from "../../../api/catalog";
import { newIdempotencyKey } from "../../../api/client";
import {
  OWED_EXPORT_PATH,
  owedKeys,
  takeOwed,
  useOwedGoods,
  type OwedRow,
  type OwedSearch,
} from "../../../api/owedGoods";
import { FilterSelect } from "../../../components/filters";
import { NOWRAP, usePaging, type PagedColumn } from "../../../components/PagedTable";
import { FilterText, FormDateRange, SearchButtons } from "../../../components/records/filterFields";
import { CustomerCell } from "../../../components/records/CustomerCell";
import { RecordsPage } from "../../../components/records/RecordsPage";
import { mountIsland } from "../../../islands/mount";
import { reversedRange, useFilterForm } from "../../../lib/filterForm";
import { storeDateTime } from "../../../lib/dates";
import { notify } from "../../../lib/notices";
import { CappedExportButton } from "../../../components/CappedExportButton";

const NS = "owedGoods";
/** Spec §9: an export of 100,000 rows or more is refused (here before any call, and by the server). */

interface FilterInput {
  from: string;
  to: string;
  keyword: string;
  status: string;
}

const EMPTY: FilterInput = { from: "", to: "", keyword: "", status: "owing" };

function filtersFrom(input: FilterInput): OwedSearch {
  return {
    startDate: input.from || null,
    endDate: input.to || null,
    keyword: input.keyword.trim() || null,
    status: (input.status || null) as OwedSearch["status"],
  };
}

/** /toTakenList (KCGL-0005): the goods the store's paid orders owe their customers (lines marked
 * "take later" at the till), by the customer's phone or name, what is left, and the day sold;
 * handing some or all over is a stock move, after a confirmation. */
export function OwedGoodsPage() {
  const { t } = useTranslation(NS);
  const paging = usePaging();
  const form = useFilterForm({ empty: EMPTY, toSearch: filtersFrom, paging, check: reversedRange });
  const { input, set, filters } = form;
  const [taking, setTaking] = useState<OwedRow | null>(null);
  const result = useOwedGoods({ pageNo: paging.pageIndex + 1, pageSize: paging.pageSize, ...filters });
  const columns: PagedColumn<OwedRow>[] = [
    {
      key: "customer",
      label: t("list.customer"),
      render: (row) => (
        <CustomerCell name={row.name} phone={row.phone} walkIn={row.memId === null} walkInLabel={t("walkIn")} />
      ),
    },
    { key: "product", label: t("list.product"), render: (row) => row.productName },
    {
      key: "quantity",
      label: t("list.quantity"),
      align: "right",
      render: (row) => `${row.quantity} ${row.unit}`,
    },
    { key: "taken", label: t("list.taken"), align: "right", render: (row) => row.taken },
    { key: "refunded", label: t("list.refunded"), align: "right", render: (row) => row.refunded },
    { key: "left", label: t("list.left"), align: "right", render: (row) => row.left },
    {
      key: "orderNo",
      label: t("list.orderNo"),
      render: (row) => (
        <a href={orderDetailsHref(row.orderId)} onClick={(event) => event.stopPropagation()}>
          {row.orderNo}
        </a>
      ),
    },
    {
      key: "createdAt",
      label: t("list.createdAt"),
      cellSx: NOWRAP,
      render: (row) => storeDateTime(row.createdAt),
    },
    {
      key: "actions",
      label: t("list.actions"),
      render: (row) =>
        row.left > 0 ? (
          <Button size="small" variant="outlined" onClick={() => setTaking(row)} data-testid={`take-${row.owedId}`}>
            {t("take.button")}
          </Button>
        ) : null,
    },
  ];
  return (
    <RecordsPage
      title={t("list.title")}
      actions={<OwedExportButton filters={filters} count={result.data?.total ?? null} />}
      onSearch={form.submit}
      filters={
        <>
          <FilterText form={form} name="keyword" label={t("list.keyword")} maxChars={24} />
          <FilterSelect
            id="owed-status"
            label={t("list.status")}
            allLabel={t("status.all")}
            value={input.status}
            minWidth={140}
            options={[
              { value: "owing", label: t("status.owing") },
              { value: "taken", label: t("status.taken") },
            ]}
            onChange={(value) => set("status", value)}
          />
          <FormDateRange
            form={form}
            fromLabel={t("list.from")}
            toLabel={t("list.to")}
            toError={form.error && t(`members:${form.error}`)}
          />
          <SearchButtons searchLabel={t("list.search")} resetLabel={t("list.reset")} onReset={form.reset} />
        </>
      }
      table={{
        result,
        paging,
        columns,
        rowKey: (row) => row.owedId,
        rowTestId: (row) => `owed-row-${row.owedId}`,
        emptyText: t("list.empty"),
      }}
    >
      {taking ? <TakeDialog row={taking} onClose={() => setTaking(null)} /> : null}
    </RecordsPage>
  );
}

/** Confirms a taking: how many (all that is left by default, never more); the server's refusal
 * (more than is owed, not enough stock) is shown in the dialog. One key per dialog: a double click
 * takes once. */
function TakeDialog({ row, onClose }: { row: OwedRow; onClose: () => void }) {
  const { t } = useTranslation(NS);
  const titleId = useId();
  const queryClient = useQueryClient();
  const [qty, setQty] = useState(String(row.left));
  const [key] = useState(newIdempotencyKey);
  const count = Number.parseInt(qty, 10);
  const invalid = !Number.isInteger(count) || String(count) !== qty.trim() || count < 1 || count > row.left;
  const take = useMutation({
    mutationFn: () => takeOwed({ owedId: row.owedId, qty: count }, key),
    onSuccess: () => {
      notify("success", t("take.done"));
      void queryClient.invalidateQueries({ queryKey: owedKeys.all });
      onClose();
    },
  });
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{t("take.title")}</DialogTitle>
      <DialogContent>
        <DialogContentText>
          {t("take.text", { name: row.name, product: row.productName, left: row.left, unit: row.unit })}
        </DialogContentText>
        <TextField
          sx={{ mt: 2 }}
          size="small"
          label={t("take.qty")}
          value={qty}
          onChange={(event) => setQty(event.target.value)}
          error={invalid}
          helperText={invalid ? t("take.qtyRule", { left: row.left }) : undefined}
          slotProps={{ htmlInput: { inputMode: "numeric", "data-testid": "take-qty" } }}
        />
        {take.isError ? (
          <Alert severity="error" sx={{ mt: 2 }}>
            {take.error.message}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t("take.cancel")}</Button>
        <Button
          variant="contained"
          disabled={invalid || take.isPending}
          onClick={() => take.mutate()}
          data-testid="take-confirm"
        >
          {t("take.confirm")}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function OwedExportButton({ filters, count }: { filters: OwedSearch; count: number | null }) {
  return (
    <CappedExportButton
      url={exportUrl(OWED_EXPORT_PATH, filters)}
      fileName="owed-goods.xlsx"
      count={count}
      ns={NS}
      testId="owed-export"
    />
  );
}

mountIsland(<OwedGoodsPage />);
