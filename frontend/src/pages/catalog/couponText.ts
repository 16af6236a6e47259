/** How a coupon's value and validity read (pure, tested). */

import type { Coupon, CouponKind } from "../../api/catalog";
import { formatMoney, formatRate } from "./format";

type T = (key: string, options?: Record<string, unknown>) => string;

export function couponDetailRoute(kind: CouponKind, id: number): string {
  return `/couponDetail${kind}?id=${id}`;
}

/** A: "50 off"; B: "pay 85% (at most 30 off)"; C: "free: Scalp care". */
export function couponValue(coupon: Coupon, t: T): string {
  if (coupon.kind === "A") return t("coupons.value.A", { amount: formatMoney(coupon.amount) });
  if (coupon.kind === "B") {
    const rate = t("coupons.value.B", { rate: formatRate(coupon.rate) });
    return coupon.maxDiscount ? `${rate} ${t("coupons.value.cap", { amount: formatMoney(coupon.maxDiscount) })}` : rate;
  }
  return t("coupons.value.C", { project: coupon.projectName });
}

/** Fixed dates, or a number of days after issue. */
export function couponValidity(coupon: Coupon, t: T): string {
  if (coupon.validFrom || coupon.validTo) {
    return `${coupon.validFrom || "…"} – ${coupon.validTo || "…"}`;
  }
  if (coupon.validDays !== null) return t("coupons.validDays", { count: coupon.validDays });
  return "—";
}
