import { mountIsland } from "../../islands/mount";
import { CouponDetail } from "./CouponDetail";

/** /couponDetailC?id= (KXGL-0002). */
function CouponDetailCPage() {
  return <CouponDetail kind="C" />;
}

mountIsland(<CouponDetailCPage />);
