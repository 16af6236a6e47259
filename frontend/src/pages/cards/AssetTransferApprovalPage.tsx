import { mountIsland } from "../../islands/mount";
import { AssetTransferDetailView } from "./AssetTransferDetailView";

/** /asstesDetail?id= (no role code, the spec's spelling): the approval centre's detail of an asset
 * transfer, with approve and reject for a role holding BTN-ZCZY-APPROVE. */
export function AssetTransferApprovalPage({ search = window.location.search }: { search?: string }) {
  return <AssetTransferDetailView search={search} approvalCentre />;
}

mountIsland(<AssetTransferApprovalPage />);
