import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ORDER_STATUSES, useOrders, type OrderSearch, type OrderSummary } from "../../../api/bills";
import { type MemberRow } from "../../../api/members";
import { useEmployeeSearch } from "../../../api/staff";
import { FilterSelect } from "../../../components/filters";
import { usePaging } from "../../../components/PagedTable";
import { CheckedDateRange, FilterText } from "../../../components/records/filterFields";
import { RecordsPage } from "../../../components/records/RecordsPage";
import { mountIsland } from "../../../islands/mount";
import { idFromSearch } from "../../../lib/address";
import { reversedRange, useFilterForm } from "../../../lib/filterForm";
import { formatMoney } from "../../../lib/money";
import { ORDER_SUMMED_FIGURES, orderColumns } from "../../../components/billing/orders";
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
  const { t } = useTranslation(NS);
  const paging = usePaging();
  const [memIdParam, setMemIdParam] = useState(() => idFromSearch(search, "memId"));
  const form = useFilterForm({
    empty: EMPTY,
    toSearch: (input: FilterInput) => filtersFrom(input, memIdParam),
    paging,
    check: reversedRange,
  });
  const { input, set, filters } = form;
  const employees = useEmployeeSearch({ pageNo: 1, pageSize: 200 });
  const result = useOrders({ pageNo: paging.pageIndex + 1, pageSize: paging.pageSize, ...filters });
  // Reset lets go of the member the address named too.
  const reset = () => {
    setMemIdParam(null);
    form.resetTo(filtersFrom(EMPTY, null));
  };

  const columns = orderColumns(t, true);

  return (
    <RecordsPage
      title={t("list.title")}
      actions={<OrderExportButton filters={filters} count={result.data?.summary.count ?? null} />}
      form={{ submit: form.submit, reset }}
      filters={
        <>
          <CheckedDateRange form={form} fromLabel={t("list.from")} toLabel={t("list.to")} />
          <FilterSelect
            id="order-status-filter"
            label={t("fields.status")}
            allLabel={t("list.allStatuses")}
            value={input.status}
            options={ORDER_STATUSES.map((status) => ({ value: status, label: t(`status.${status}`) }))}
            minWidth={140}
            onChange={(value) => set("status", value)}
          />
          <FilterText form={form} name="orderNo" label={t("fields.orderNo")} maxChars={24} />
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
        </>
      }
      totals={
        <>
          {memIdParam !== null && !input.member ? (
            <Typography color="text.secondary" sx={{ mb: 1 }}>
              {t("list.oneMember")}
            </Typography>
          ) : null}
          <Totals summary={result.data?.summary} />
        </>
      }
      table={{
        result,
        paging,
        columns,
        rowKey: (row) => row.orderId,
        rowTestId: (row) => `order-row-${row.orderId}`,
        emptyText: t("list.empty"),
      }}
    />
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

/** The totals of every order the filters keep (the server's sums, not the page's): what was paid
 * (gross), what refunds gave back and the net, and the sessions used apart from the discount. */
function Totals({ summary }: { summary: OrderSummary | undefined }) {
  const { t } = useTranslation(NS);
  if (!summary) return null;
  const items: [string, string][] = [
    [t("totals.count"), String(summary.count)],
    ...ORDER_SUMMED_FIGURES.map(([key, label]): [string, string] => [t(label), formatMoney(summary[key])]),
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
