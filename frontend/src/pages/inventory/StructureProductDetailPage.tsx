import { mountIsland } from "../../islands/mount";
import { CatalogueProduct } from "./CatalogueProduct";

/** /structureProductDetail (DHJL-0002): a professional product of head office's catalogue, as a
 * store orders it (docs/api.md "Ordering goods from head office"). */
export function StructureProductDetailPage({ search = window.location.search }: { search?: string }) {
  return <CatalogueProduct useType="professional" search={search} />;
}

mountIsland(<StructureProductDetailPage />);
