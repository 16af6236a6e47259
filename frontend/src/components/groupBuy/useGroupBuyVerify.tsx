import { useState } from "react";
import { useFrontCheckStore } from "../../api/groupBuy";
import { currentSession } from "../../api/session";
import { GroupBuyWriteOffDialog } from "./GroupBuyWriteOffDialog";

/** The member search dialog's group-buy button (spec §2.4): shown only when the store requires
 * front-desk checking (isFrontCheckStore, asked while the search is open); it opens the write-off
 * dialog over the search.
 *
 * ```tsx
 * const groupBuy = useGroupBuyVerify(finding);
 * <MemberSearchDialog … frontDeskCheck={groupBuy.frontDeskCheck} onGroupBuyVerify={groupBuy.open} />
 * {groupBuy.dialog}
 * ```
 */
export function useGroupBuyVerify(searchOpen: boolean) {
  const [storeId] = useState(() => currentSession()?.storeId ?? null);
  const [open, setOpen] = useState(false);
  const frontDeskCheck = useFrontCheckStore(storeId, searchOpen);
  return {
    frontDeskCheck,
    open: () => setOpen(true),
    dialog: open ? <GroupBuyWriteOffDialog open onClose={() => setOpen(false)} /> : null,
  };
}
