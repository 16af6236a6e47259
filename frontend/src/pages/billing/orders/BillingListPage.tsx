import SearchIcon from "@mui/icons-material/Search";
import { Box, Button, Chip, Link, Paper, Stack, Typography } from "@mui/material";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import {
  ORDER_STATUSES,
  orderDetailsHref,
  useOrders,
  type OrderRow,
  type OrderSearch,
  type OrderSummary,
} from "../../../api/bills";
import { type MemberRow } from "../../../api/members";
import { useEmployeeSearch } from "../../../api/staff";
import { FilterBar, FilterSelect } from "../../../components/filters";
import { LimitedTextField } from "../../../components/LimitedTextField";
import { PageFrame } from "../../../components/layout";
import { PagedTable, usePaging, NOWRAP, type PagedColumn } from "../../../components/PagedTable";
import { rangeError } from "../../../components/members/rules";
import { mountIsland } from "../../../islands/mount";
import { idFromSearch } from "../../../lib/address";
import { formatDateTime } from "../../../lib/format";
import { PAGE_SIZES } from "../../../lib/paging";
import { OrderStatusChip } from "../../../components/billing/orders";
import { formatMoney } from "../../../lib/money";
import { DateField } from "../../../components/dates/DateField";
import { MemberSearchDialog } from "../../../components/members/MemberSearchDialog";
import { formatPhone } from "../../../lib/phone";
import { NS, OrderExportButton, timeRange } from "./parts";

interface FilterInput {
  from: string;
  to: string;
  status: string;
  orderNo: string;
  member: MemberRow | null;
  employeeId: string;
}

const EMPTY: FilterInput = { from: "", to: "", status: "", orderNo: "", member: null, employeeId: "" };

function filtersFrom(input: FilterInput, memId: number | null): OrderSearch {
  return {
    ...timeRange(input.from, input.to),
    status: (input.status || null) as OrderSearch["status"],
    orderNo: input.orderNo.trim() || null,
    memId: input.member?.memId ?? memId,
    employeeId: input.employeeId ? Number(input.employeeId) : null,
  };
}

/** /billingList (ERP-KDJC-PAG-0005-0000): the store's orders with filters, paging, the totals of
 * every filtered order (from the server) and the export; a row opens the order's details. */
export function BillingListPage({ search = window.location.search }: { search?: string }) {
  const { t, i18n } = useTranslation(NS);
  const paging = usePaging();
  const [memIdParam, setMemIdParam] = useState(() => idFromSearch(search, "memId"));
  const [input, setInput] = useState<FilterInput>(EMPTY);
  const [filters, setFilters] = useState<OrderSearch>(() => filtersFrom(EMPTY, memIdParam));
  const employees = useEmployeeSearch({ pageNo: 1, pageSize: 200 });
  const result = useOrders({ pageNo: paging.pageIndex + 1, pageSize: paging.pageSize, ...filters });
  const rangeKey = rangeError(input.from, input.to);
  const set = <K extends keyof FilterInput>(key: K, value: FilterInput[K]) =>
    setInput((previous) => ({ ...previous, [key]: value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (rangeKey) return;
    paging.refilter(() => setFilters(filtersFrom(input, memIdParam)));
  };
  const reset = () =>
    paging.refilter(() => {
      setMemIdParam(null);
      setInput(EMPTY);
      setFilters(filtersFrom(EMPTY, null));
    });

  const columns: PagedColumn<OrderRow>[] = [
    {
      key: "orderNo",
      label: t("fields.orderNo"),
      render: (row) => (
        <Link href={orderDetailsHref(row.orderId)} underline="hover">
          {row.orderNo}
        </Link>
      ),
    },
    {
      key: "createdAt",
      label: t("fields.createdAt"),
      cellSx: NOWRAP,
      render: (row) => formatDateTime(row.createdAt, i18n.language),
    },
    {
      key: "customer",
      label: t("fields.customer"),
      render: (row) => (
        <span>
          {row.walkIn ? `${row.name} (${t("walkIn")})` : row.name}
          {row.phone ? (
            <Box component="span" sx={{ color: "text.secondary", ml: 1, ...NOWRAP }}>
              {row.phone}
            </Box>
          ) : null}
        </span>
      ),
    },
    {
      key: "status",
      label: t("fields.status"),
      render: (row) => <OrderStatusChip status={row.status} label={row.statusName} />,
    },
    { key: "total", label: t("fields.total"), align: "right", render: (row) => formatMoney(row.total) },
    { key: "discount", label: t("fields.discount"), align: "right", render: (row) => formatMoney(row.discount) },
    { key: "payable", label: t("fields.payable"), align: "right", render: (row) => formatMoney(row.payable) },
    { key: "paid", label: t("fields.paid"), align: "right", render: (row) => formatMoney(row.paid) },
    { key: "due", label: t("fields.due"), align: "right", render: (row) => formatMoney(row.due) },
    { key: "operator", label: t("fields.operator"), render: (row) => row.operatorName || t("dash") },
  ];

  return (
    <PageFrame
      wide
      title={t("list.title")}
      actions={<OrderExportButton filters={filters} count={result.data?.summary.count ?? null} />}
    >
      <FilterBar onSubmit={submit}>
        <DateField size="small" label={t("list.from")} value={input.from} onChange={(value) => set("from", value)} />
        <DateField
          size="small"
          label={t("list.to")}
          value={input.to}
          onChange={(value) => set("to", value)}
          error={Boolean(rangeKey)}
          helperText={rangeKey ? t(`members:${rangeKey}`) : undefined}
        />
        <FilterSelect
          id="order-status-filter"
          label={t("fields.status")}
          allLabel={t("list.allStatuses")}
          value={input.status}
          options={ORDER_STATUSES.map((status) => ({ value: status, label: t(`status.${status}`) }))}
          minWidth={140}
          onChange={(value) => set("status", value)}
        />
        <LimitedTextField
          maxChars={24}
          size="small"
          label={t("fields.orderNo")}
          value={input.orderNo}
          onChange={(event) => set("orderNo", event.target.value)}
        />
        <FilterSelect
          id="order-employee-filter"
          label={t("list.employee")}
          allLabel={t("list.allEmployees")}
          value={input.employeeId}
          options={(employees.data?.list ?? []).map((employee) => ({
            value: String(employee.id),
            label: employee.name,
          }))}
          minWidth={140}
          onChange={(value) => set("employeeId", value)}
        />
        <MemberFilter member={input.member} onChange={(member) => set("member", member)} />
        <Button type="submit" variant="contained" startIcon={<SearchIcon />}>
          {t("list.search")}
        </Button>
        <Button onClick={reset}>{t("list.reset")}</Button>
      </FilterBar>
      {memIdParam !== null && !input.member ? (
        <Typography color="text.secondary" sx={{ mb: 1 }}>
          {t("list.oneMember")}
        </Typography>
      ) : null}

      <Totals summary={result.data?.summary} />

      <PagedTable
        label={t("list.title")}
        result={result}
        paging={paging}
        pageSizes={PAGE_SIZES}
        nowrapHeads
        columns={columns}
        rowKey={(row) => row.orderId}
        rowTestId={(row) => `order-row-${row.orderId}`}
        emptyText={t("list.empty")}
      />
    </PageFrame>
  );
}

/** The member the orders are of, picked with the member search dialog. */
function MemberFilter({
  member,
  onChange,
}: {
  member: MemberRow | null;
  onChange: (member: MemberRow | null) => void;
}) {
  const { t } = useTranslation(NS);
  const [open, setOpen] = useState(false);
  return (
    <Box sx={{ display: "inline-flex", alignItems: "center", gap: 1 }}>
      {member ? (
        <Chip label={`${member.name} ${formatPhone(member.areaCode, member.phone)}`} onDelete={() => onChange(null)} />
      ) : null}
      <Button variant="outlined" onClick={() => setOpen(true)}>
        {t("list.member")}
      </Button>
      <MemberSearchDialog open={open} onClose={() => setOpen(false)} onSelect={(row) => onChange(row)} />
    </Box>
  );
}

/** The totals of every order the filters keep (the server's sums, not the page's). */
function Totals({ summary }: { summary: OrderSummary | undefined }) {
  const { t } = useTranslation(NS);
  if (!summary) return null;
  const items: [string, string][] = [
    [t("totals.count"), String(summary.count)],
    [t("fields.total"), formatMoney(summary.total)],
    [t("fields.discount"), formatMoney(summary.discount)],
    [t("fields.payable"), formatMoney(summary.payable)],
    [t("fields.paid"), formatMoney(summary.paid)],
  ];
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }} aria-label={t("totals.label")} component="section">
      <Stack direction="row" spacing={4} sx={{ flexWrap: "wrap" }}>
        {items.map(([label, value]) => (
          <Box key={label} data-testid={`total-${label}`}>
            <Typography variant="body2" color="text.secondary">
              {label}
            </Typography>
            <Typography variant="h6" component="p">
              {value}
            </Typography>
          </Box>
        ))}
      </Stack>
    </Paper>
  );
}

mountIsland(<BillingListPage />);
