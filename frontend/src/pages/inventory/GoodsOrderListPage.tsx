import { mountIsland } from "../../islands/mount";
import { OrdersList } from "./OrdersList";

/** /bookProdLst (DHJL-0001, the top bar's "buy goods"): the store's goods orders with head office. */
export function GoodsOrderListPage() {
  return <OrdersList scope="store" />;
}

mountIsland(<GoodsOrderListPage />);
