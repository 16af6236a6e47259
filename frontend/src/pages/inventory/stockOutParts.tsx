/** Pieces the goods-out and loan pages share: the namespace, the status chip, the records' filters
 * and the export button. */
import Checkbox from "@mui/material/Checkbox";
import Chip from "@mui/material/Chip";
import FormControlLabel from "@mui/material/FormControlLabel";
import { type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { exportUrl } from "../../api/catalog";
import { OUTBOUND_EXPORT_PATH, type DocumentRow, type OutboundSearch } from "../../api/stockOut";
import { FilterSelect } from "../../components/filters";
import { LimitedTextField } from "../../components/LimitedTextField";
import { CappedExportButton } from "../../components/CappedExportButton";
import { DateRangeFilter } from "../../components/records/filterFields";

export const NS = "stockOut";

export const RECORD_TYPES = ["store_use", "return", "loan_out", "loan_return"] as const;
export const STATUSES = ["done", "in_transit", "received", "cancelled"] as const;

export function StatusChip({ status }: { status: DocumentRow["status"] }) {
  const { t } = useTranslation(NS);
  const color = status === "in_transit" ? "warning" : status === "received" ? "success" : "default";
  return <Chip size="small" color={color} label={t(`status.${status}`)} />;
}

/** A quantity as the server wrote it ("2.000"), without the trailing zeros. */
export function formatQuantity(value: string | number): string {
  const number = Number(value);
  return Number.isFinite(number) ? String(Number(number.toFixed(3))) : String(value);
}

export interface RecordFilterInput {
  from: string;
  to: string;
  type: string;
  status: string;
  number: string;
  openOnly: boolean;
}

export const EMPTY_FILTERS: RecordFilterInput = { from: "", to: "", type: "", status: "", number: "", openOnly: false };

export function searchFrom(input: RecordFilterInput): OutboundSearch {
  return {
    startDate: input.from || null,
    endDate: input.to || null,
    type: (input.type || null) as OutboundSearch["type"],
    status: (input.status || null) as OutboundSearch["status"],
    number: input.number.trim() || null,
    openOnly: input.openOnly || null,
  };
}

/** The records' filters: creation dates, type, status, number, the page's own (`children`) and
 * "open loans only" (the records page adds Search and Reset). */
export function RecordFilterFields({
  form,
  children,
}: {
  /** The filter form (useFilterForm's): its input, a part of it changed, and the range's fault. */
  form: {
    input: RecordFilterInput;
    update: (patch: Partial<RecordFilterInput>) => void;
    error: string | null;
  };
  children?: ReactNode;
}) {
  const { t } = useTranslation(NS);
  const { input, error } = form;
  const set = <K extends keyof RecordFilterInput>(key: K, value: RecordFilterInput[K]) =>
    form.update({ [key]: value } as Pick<RecordFilterInput, K>);
  return (
    <>
      <DateRangeFilter
        from={input.from}
        to={input.to}
        fromLabel={t("records.from")}
        toLabel={t("records.to")}
        onChange={set}
        toError={error && t(`members:${error}`)}
      />
      <FilterSelect
        id="outbound-type-filter"
        label={t("fields.type")}
        allLabel={t("records.allTypes")}
        value={input.type}
        options={RECORD_TYPES.map((type) => ({ value: type, label: t(`types.${type}`) }))}
        minWidth={150}
        onChange={(value) => set("type", value)}
      />
      <FilterSelect
        id="outbound-status-filter"
        label={t("fields.status")}
        allLabel={t("records.allStatuses")}
        value={input.status}
        options={STATUSES.map((status) => ({ value: status, label: t(`status.${status}`) }))}
        minWidth={130}
        onChange={(value) => set("status", value)}
      />
      <LimitedTextField
        maxChars={32}
        size="small"
        label={t("fields.number")}
        value={input.number}
        onChange={(event) => set("number", event.target.value)}
      />
      {children}
      <FormControlLabel
        control={<Checkbox checked={input.openOnly} onChange={(event) => set("openOnly", event.target.checked)} />}
        label={t("records.openOnly")}
      />
    </>
  );
}

/** Exports the applied filters as an .xlsx in the page's language. */
export function OutboundExportButton({ filters, count }: { filters: OutboundSearch; count: number | null }) {
  return (
    <CappedExportButton url={exportUrl(OUTBOUND_EXPORT_PATH, filters)} fileName="outbound.xlsx" count={count} ns={NS} />
  );
}
