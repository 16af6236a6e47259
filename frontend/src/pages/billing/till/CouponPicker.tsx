import Alert from "@mui/material/Alert";
import Checkbox from "@mui/material/Checkbox";
import FormControlLabel from "@mui/material/FormControlLabel";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import type { UseQueryResult } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import type { AppliedCoupon, UsableCoupon } from "../../../api/till";
import { Section } from "../../../components/layout";
import { formatMoney } from "../../../lib/money";
import { couponMessage } from "./tillRules";

/** What a coupon is, in a few words: its amount off, its rate, or the project it makes free. */
function couponTerms(coupon: UsableCoupon, t: (key: string, values?: Record<string, string>) => string): string {
  const minSpend = Number(coupon.minSpend) > 0 ? t("coupons.minSpend", { amount: formatMoney(coupon.minSpend) }) : "";
  const terms =
    coupon.kind === "A"
      ? t("coupons.cash", { amount: formatMoney(coupon.amount) })
      : coupon.kind === "B"
        ? t("coupons.rate", { rate: coupon.rate ?? "" })
        : t("coupons.free");
  return [terms, minSpend, t("coupons.validTo", { date: coupon.validTo })].filter(Boolean).join(" · ");
}

/** The member's usable coupons on the till (server: `pricingEngine/usableCoupons`). The cashier ticks
 * those to use; each shows what the server says it takes off (ticked: from the live totals; not
 * ticked: alone on these lines), or why it cannot apply. No amount is computed here. */
export function CouponPicker({
  coupons,
  ticked,
  sent,
  dropped,
  applied,
  messages,
  onToggle,
}: {
  coupons: UseQueryResult<UsableCoupon[]>;
  ticked: readonly number[];
  sent: readonly number[];
  dropped: readonly { couponId: number; name: string; reason: string }[];
  applied: readonly AppliedCoupon[];
  messages: Record<string, string>;
  onToggle: (couponId: number, on: boolean) => void;
}) {
  const { t } = useTranslation("till");
  const rows = coupons.data ?? [];
  const takenOff = new Map(applied.map((coupon) => [coupon.couponId, coupon.amount]));
  return (
    <Section title={t("coupons.title")}>
      {coupons.isPending ? <Typography color="text.secondary">{t("loading")}</Typography> : null}
      {coupons.isError && coupons.data === undefined ? <Alert severity="error">{t("coupons.failed")}</Alert> : null}
      {coupons.isSuccess && rows.length === 0 ? (
        <Typography color="text.secondary">{t("coupons.none")}</Typography>
      ) : null}
      {dropped.map((coupon) => (
        <Alert key={coupon.couponId} severity="warning" sx={{ mb: 1 }}>
          {coupon.name
            ? t("coupons.dropped", { name: coupon.name, reason: coupon.reason })
            : t("coupons.gone", { id: String(coupon.couponId) })}
        </Alert>
      ))}
      {messages.couponIds ? (
        <Alert severity="error" sx={{ mb: 1 }}>
          {messages.couponIds}
        </Alert>
      ) : null}
      <Stack role="group" aria-label={t("coupons.title")}>
        {rows.map((coupon) => {
          const on = ticked.includes(coupon.couponId);
          const amount = takenOff.get(coupon.couponId);
          const refused = couponMessage(messages, sent, coupon.couponId);
          const effect = !coupon.applies
            ? coupon.reason
            : on && amount !== undefined
              ? t("coupons.takesOff", { amount: formatMoney(amount) })
              : t("coupons.wouldTakeOff", { amount: formatMoney(coupon.discount) });
          return (
            <Stack key={coupon.couponId} data-testid={`coupon-${coupon.couponId}`} sx={{ mb: 1 }}>
              <FormControlLabel
                control={
                  <Checkbox
                    checked={on}
                    disabled={!coupon.applies && !on}
                    onChange={(event) => onToggle(coupon.couponId, event.target.checked)}
                  />
                }
                label={`${coupon.name} (${coupon.code})`}
              />
              <Typography variant="body2" color="text.secondary" sx={{ ml: 4 }}>
                {couponTerms(coupon, t)}
              </Typography>
              <Typography variant="body2" color={coupon.applies ? "success.main" : "warning.main"} sx={{ ml: 4 }}>
                {effect}
              </Typography>
              {refused ? (
                <Typography variant="body2" color="error" sx={{ ml: 4 }}>
                  {refused}
                </Typography>
              ) : null}
            </Stack>
          );
        })}
      </Stack>
    </Section>
  );
}
