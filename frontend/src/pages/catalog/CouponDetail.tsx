import Alert from "@mui/material/Alert";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useCoupon, type Coupon, type CouponKind } from "../../api/catalog";
import { couponValidity, couponValue } from "./couponText";
import { formatMoney, formatRate } from "./format";
import { CatalogDetailFrame, StoreControls } from "./parts";
import { idFromSearch } from "../../lib/address";
import { Facts, Section, type Fact } from "../../components/layout";

/** /couponDetailA|B|C?id= (KXGL-0002): one coupon template; each kind's page mounts this. */
export function CouponDetail({ kind, search = window.location.search }: { kind: CouponKind; search?: string }) {
  const { t } = useTranslation("catalog");
  const [id] = useState(() => idFromSearch(search));
  const detail = useCoupon(id);
  const yesNo = (value: boolean) => (value ? t("yes") : t("no"));
  const couponFacts = (coupon: Coupon): Fact[] => {
    const kindFacts: Fact[] =
      coupon.kind === "A"
        ? [[t("coupons.columns.amount"), formatMoney(coupon.amount)]]
        : coupon.kind === "B"
          ? [
              [t("coupons.columns.rate"), formatRate(coupon.rate)],
              [t("coupons.columns.maxDiscount"), formatMoney(coupon.maxDiscount) || "—"],
            ]
          : [[t("coupons.columns.project"), coupon.projectName || "—"]];
    return [
      [t("columns.code"), coupon.code],
      [t("columns.name"), coupon.name],
      [t("coupons.columns.kind"), t(`coupons.kind.${coupon.kind}`)],
      [t("coupons.columns.value"), couponValue(coupon, t)],
      ...kindFacts,
      [t("coupons.columns.minSpend"), formatMoney(coupon.minSpend)],
      [t("coupons.columns.validity"), couponValidity(coupon, t)],
      [t("coupons.columns.onePerOrder"), yesNo(coupon.onePerOrder)],
      [t("coupons.columns.stackable"), yesNo(coupon.stackable)],
      [t("columns.headOfficeEnabled"), yesNo(coupon.enabled)],
      [t("columns.storeEnabled"), yesNo(coupon.storeEnabled)],
    ];
  };
  return (
    <CatalogDetailFrame
      title={t(`coupons.detailTitle.${kind}`)}
      backHref="/couponList"
      backLabel={t("coupons.back")}
      id={id}
      detail={detail}
    >
      {(coupon) => (
        <Section title={coupon.name}>
          {coupon.kind !== kind ? (
            <Alert severity="info" sx={{ mb: 2 }}>
              {t("coupons.otherKind", { kind: t(`coupons.kind.${coupon.kind}`) })}
            </Alert>
          ) : null}
          <Facts items={couponFacts(coupon)} />
          <StoreControls
            itemType="couponTemplate"
            item={{ ...coupon, price: "0", storePrice: null, effectivePrice: "0", storePriceAllowed: false }}
          />
        </Section>
      )}
    </CatalogDetailFrame>
  );
}
