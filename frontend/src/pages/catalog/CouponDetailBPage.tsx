import { mountIsland } from "../../islands/mount";
import { CouponDetail } from "./CouponDetail";

/** /couponDetailB?id= (KXGL-0002). */
function CouponDetailBPage() {
  return <CouponDetail kind="B" />;
}

mountIsland(<CouponDetailBPage />);
