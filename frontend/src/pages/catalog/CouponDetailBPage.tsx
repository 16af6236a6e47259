import { mountIsland } from "../../islands/mount";
import { CouponDetail } from "./CouponDetail";

/** /couponDetailB?id= (KXGL-0002). */
export function CouponDetailBPage() {
  return <CouponDetail kind="B" />;
}

mountIsland(<CouponDetailBPage />);
