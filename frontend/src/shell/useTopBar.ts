import { useState, type MouseEvent } from "react";
import { useWaitingApprovals } from "../api/approvals";
import { useUnreadMessageCount, useUnreadTasks } from "../api/messaging";
import { clearSession, currentTokens, type SessionUserInfo } from "../api/session";
import { logout, useBorrowOutTargets, useLoginInfo } from "../api/shell";
import type { PageContext } from "../islands/pageContext";
import { followLink, type Navigate } from "./guard";
import { canSwitchRole, currentRoleEntry, hasBorrowOutTargets, topBarLayout } from "./nav";

/** What the top bar shows for the session (spec §6: the reduced bar, the borrow-out and task
 * entries, the role switch and the manager side), its badges' counts, and how its links open: through
 * the page guard, closing the menus first. */
export function useTopBar(session: SessionUserInfo, navigate: Navigate, context: PageContext) {
  const reducedBar = session.isMaterialBuilderAdmin;
  const borrowOut = useBorrowOutTargets(session.storeId, !reducedBar);
  const layout = topBarLayout(session, hasBorrowOutTargets(borrowOut.data), context.pages);
  const loginInfo = useLoginInfo(!layout.reduced);
  const messages = useUnreadMessageCount(session.storeId, context.badgeRefreshSeconds);
  const tasks = useUnreadTasks(session.storeId, context.badgeRefreshSeconds, layout.showTasks);
  // The bell counts what waits for my decision in the approval centre too, polled like the tasks.
  const approvals = useWaitingApprovals(context.badgeRefreshSeconds, layout.showTasks);

  const [drawerOpen, setDrawerOpen] = useState(false);
  const [stockAnchor, setStockAnchor] = useState<HTMLElement | null>(null);

  const current = loginInfo.data ? currentRoleEntry(session, loginInfo.data.roles) : null;
  const maySwitch = !layout.reduced && loginInfo.data !== undefined && canSwitchRole(session, current);
  const mayOpenManagerSide =
    !layout.reduced && Boolean(loginInfo.data?.canLoginBoss || loginInfo.data?.canLoginManager);

  const open = (route: string) => {
    setStockAnchor(null);
    setDrawerOpen(false);
    followLink(route, session.menu, context.pages, navigate);
  };
  const linkProps = (route: string) => ({
    href: route,
    onClick: (event: MouseEvent) => {
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
      event.preventDefault();
      open(route);
    },
  });

  const signOut = async (to: string) => {
    try {
      await logout(currentTokens()?.refresh ?? null);
    } catch {
      // Signing out never fails for the person: the session is cleared below either way.
    }
    clearSession();
    navigate(to);
  };

  return {
    layout,
    current,
    maySwitch,
    mayOpenManagerSide,
    messages,
    tasks,
    approvals,
    drawerOpen,
    setDrawerOpen,
    stockAnchor,
    setStockAnchor,
    open,
    linkProps,
    signOut,
  };
}

export type TopBarState = ReturnType<typeof useTopBar>;
export type LinkProps = TopBarState["linkProps"];
