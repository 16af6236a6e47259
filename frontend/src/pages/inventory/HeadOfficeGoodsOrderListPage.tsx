import { mountIsland } from "../../islands/mount";
import { OrdersList } from "./OrdersList";

/** /bookProdLstNew (DHJL-0001): head office's list of every store's goods orders, the
 * material-builder administrator's landing page (spec §4, §6). */
export function HeadOfficeGoodsOrderListPage() {
  return <OrdersList scope="headOffice" />;
}

mountIsland(<HeadOfficeGoodsOrderListPage />);
