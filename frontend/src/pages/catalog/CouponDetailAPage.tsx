import { mountIsland } from "../../islands/mount";
import { CouponDetail } from "./CouponDetail";

/** /couponDetailA?id= (KXGL-0002). */
function CouponDetailAPage() {
  return <CouponDetail kind="A" />;
}

mountIsland(<CouponDetailAPage />);
