import { mountIsland } from "../../islands/mount";
import { CatalogueProduct } from "./CatalogueProduct";

/** /aestheticProductDetail (DHJL-0002): a retail product of head office's catalogue, as a store
 * orders it (docs/api.md "Ordering goods from head office"). */
export function AestheticProductDetailPage({ search = window.location.search }: { search?: string }) {
  return <CatalogueProduct useType="retail" search={search} />;
}

mountIsland(<AestheticProductDetailPage />);
