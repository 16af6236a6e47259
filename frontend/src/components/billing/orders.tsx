/** An order as every page shows it: its status chip and money as the server wrote it. */
import { Chip } from "@mui/material";

const STATUS_COLORS: Record<string, "default" | "warning" | "info" | "success"> = {
  unpaid: "warning",
  partlyPaid: "info",
  paid: "success",
  cancelled: "default",
};

/** The status with the server's label for it (`statusName`, in the request's language). */
export function OrderStatusChip({ status, label }: { status: string; label: string }) {
  return <Chip size="small" color={STATUS_COLORS[status] ?? "default"} label={label} />;
}

/** An amount as the server computed it ("199.00"), with the currency sign; never recomputed here. */
export function money(amount: string | null | undefined): string {
  return amount == null ? "" : `¥${amount}`;
}
