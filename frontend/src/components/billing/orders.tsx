/** An order as every page shows it: its status chip (money: lib/money.ts formatMoney). */
import Chip from "@mui/material/Chip";

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
