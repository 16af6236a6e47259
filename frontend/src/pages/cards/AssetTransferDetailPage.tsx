import { mountIsland } from "../../islands/mount";
import { AssetTransferDetailView } from "./AssetTransferDetailView";

/** /assetTransferDetail?id= (no role code): one asset transfer with what it moves and its approval. */
export function AssetTransferDetailPage({ search = window.location.search }: { search?: string }) {
  return <AssetTransferDetailView search={search} approvalCentre={false} />;
}

mountIsland(<AssetTransferDetailPage />);
