/** An order as every page shows it: its status chip (money: lib/money.ts formatMoney). */
import Chip from "@mui/material/Chip";

const STATUS_COLORS: Record<string, "default" | "warning" | "info" | "success"> = {
  unpaid: "warning",
  partlyPaid: "info",
  paid: "success",
  cancelled: "default",
};

const REFUND_COLORS: Record<string, "error" | "warning"> = { refunded: "error", partlyRefunded: "warning" };

/** The status with the server's label for it (`statusName`, in the request's language); an order
 * its refunds gave back shows that instead (`refundStatus`: 已退款, 部分退款), so a refunded order
 * never reads as paid. */
export function OrderStatusChip({
  status,
  label,
  refundStatus = "none",
  refundLabel = "",
}: {
  status: string;
  label: string;
  refundStatus?: string;
  refundLabel?: string;
}) {
  const refunded = REFUND_COLORS[refundStatus];
  if (refunded && refundLabel) return <Chip size="small" color={refunded} label={refundLabel} />;
  return <Chip size="small" color={STATUS_COLORS[status] ?? "default"} label={label} />;
}
