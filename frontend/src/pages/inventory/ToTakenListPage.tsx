import SearchIcon from "@mui/icons-material/Search";
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  TextField,
} from "@mui/material";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { orderDetailsHref } from "../../api/bills";
import { exportUrl } from "../../api/catalog";
import { newIdempotencyKey } from "../../api/client";
import { OWED_EXPORT_PATH, owedKeys, takeOwed, useOwedGoods, type OwedRow, type OwedSearch } from "../../api/owedGoods";
import { DateField } from "../../components/dates/DateField";
import { FilterBar, FilterSelect } from "../../components/filters";
import { LimitedTextField } from "../../components/LimitedTextField";
import { PageFrame } from "../../components/layout";
import { rangeError } from "../../components/members/rules";
import { NOWRAP, PagedTable, usePaging, type PagedColumn } from "../../components/PagedTable";
import { mountIsland } from "../../islands/mount";
import { formatDateTime } from "../../lib/format";
import { PAGE_SIZES } from "../../lib/paging";
import { notify } from "../../lib/notices";
import { CappedExportButton } from "../../components/CappedExportButton";

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
export function ToTakenListPage() {
  const { t, i18n } = useTranslation(NS);
  const paging = usePaging();
  const [input, setInput] = useState<FilterInput>(EMPTY);
  const [filters, setFilters] = useState<OwedSearch>(() => filtersFrom(EMPTY));
  const [taking, setTaking] = useState<OwedRow | null>(null);
  const result = useOwedGoods({ pageNo: paging.pageIndex + 1, pageSize: paging.pageSize, ...filters });
  const rangeKey = rangeError(input.from, input.to);
  const set = <K extends keyof FilterInput>(key: K, value: FilterInput[K]) =>
    setInput((previous) => ({ ...previous, [key]: value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (rangeKey) return;
    paging.refilter(() => setFilters(filtersFrom(input)));
  };
  const reset = () =>
    paging.refilter(() => {
      setInput(EMPTY);
      setFilters(filtersFrom(EMPTY));
    });
  const columns: PagedColumn<OwedRow>[] = [
    {
      key: "customer",
      label: t("list.customer"),
      render: (row) => (
        <span>
          {row.memId === null ? `${row.name} (${t("walkIn")})` : row.name}
          {row.phone ? (
            <Box component="span" sx={{ color: "text.secondary", ml: 1, ...NOWRAP }}>
              {row.phone}
            </Box>
          ) : null}
        </span>
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
      render: (row) => formatDateTime(row.createdAt, i18n.language),
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
    <PageFrame
      wide
      title={t("list.title")}
      actions={<OwedExportButton filters={filters} count={result.data?.total ?? null} />}
    >
      <FilterBar onSubmit={submit}>
        <LimitedTextField
          maxChars={24}
          size="small"
          label={t("list.keyword")}
          value={input.keyword}
          onChange={(event) => set("keyword", event.target.value)}
        />
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
        <DateField size="small" label={t("list.from")} value={input.from} onChange={(value) => set("from", value)} />
        <DateField
          size="small"
          label={t("list.to")}
          value={input.to}
          onChange={(value) => set("to", value)}
          error={Boolean(rangeKey)}
          helperText={rangeKey ? t(`members:${rangeKey}`) : undefined}
        />
        <Button type="submit" variant="contained" startIcon={<SearchIcon />}>
          {t("list.search")}
        </Button>
        <Button onClick={reset}>{t("list.reset")}</Button>
      </FilterBar>
      <PagedTable
        label={t("list.title")}
        result={result}
        paging={paging}
        pageSizes={PAGE_SIZES}
        nowrapHeads
        columns={columns}
        rowKey={(row) => row.owedId}
        rowTestId={(row) => `owed-row-${row.owedId}`}
        emptyText={t("list.empty")}
      />
      {taking ? <TakeDialog row={taking} onClose={() => setTaking(null)} /> : null}
    </PageFrame>
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

mountIsland(<ToTakenListPage />);
