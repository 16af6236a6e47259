import MenuIcon from "@mui/icons-material/Menu";
import AppBar from "@mui/material/AppBar";
import IconButton from "@mui/material/IconButton";
import Toolbar from "@mui/material/Toolbar";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { relogin } from "../api/client";
import { currentSession, type SessionUserInfo } from "../api/session";
import { pageContext, type PageContext } from "../islands/pageContext";
import { ForcedNotice } from "./ForcedNotice";
import { GroupBuyWriteOffDialog } from "../components/groupBuy/GroupBuyWriteOffDialog";
import { assignLocation, type Navigate } from "./guard";
import { ManagerLinkDialog } from "./ManagerLinkDialog";
import { MenuDrawer } from "./MenuDrawer";
import { canOpen } from "./nav";
import { RoleSwitchDialog } from "./RoleSwitchDialog";
import {
  AccountMenu,
  GroupBuyButton,
  InboxBadges,
  LanguageMenu,
  NavLinks,
  ShopManagementButton,
  ShopManagementDialog,
} from "./topBarParts";
import { useTopBar } from "./useTopBar";

const RELOGIN_ROUTE = "/relogin";
/** The pages whose roles write off group-buy coupons (the server's rule: the board's or the cashier's). */
const WRITE_OFF_ROUTES = ["/orderBoard", "/account"];

interface ShellProps {
  /** Where links go; a full navigation by default (pages are separate documents). */
  navigate?: Navigate;
  context?: PageContext;
}

/** The shell island: the top bar for the session kept in storage; none → relogin (spec §4). */
export function Shell({ navigate = assignLocation, context }: ShellProps) {
  const [session] = useState(currentSession);
  useEffect(() => {
    if (session === null) relogin();
  }, [session]);
  if (session === null) return null;
  return <TopBar session={session} navigate={navigate} context={context ?? pageContext()} />;
}

interface TopBarProps {
  session: SessionUserInfo;
  navigate: Navigate;
  context: PageContext;
}

export function TopBar({ session, navigate, context }: TopBarProps) {
  const { t } = useTranslation("shell");
  const bar = useTopBar(session, navigate, context);
  const { layout, current, drawerOpen, setDrawerOpen, open, linkProps, signOut } = bar;
  const [roleDialogOpen, setRoleDialogOpen] = useState(false);
  const [managerLinkOpen, setManagerLinkOpen] = useState(false);
  const [explainShop, setExplainShop] = useState(false);
  const [groupBuyOpen, setGroupBuyOpen] = useState(false);
  const mayWriteOff = WRITE_OFF_ROUTES.some((route) => canOpen(route, session.menu, context.pages));

  return (
    <AppBar position="sticky" elevation={1} component="header" aria-label={t("topBar")}>
      <Toolbar variant="dense" sx={{ gap: 1 }}>
        {layout.reduced ? null : (
          <IconButton color="inherit" edge="start" aria-label={t("openMenu")} onClick={() => setDrawerOpen(true)}>
            <MenuIcon />
          </IconButton>
        )}
        <NavLinks
          layout={layout}
          linkProps={linkProps}
          stockAnchor={bar.stockAnchor}
          setStockAnchor={bar.setStockAnchor}
        />
        <InboxBadges
          showTasks={layout.showTasks}
          messages={bar.messages}
          tasks={bar.tasks}
          approvals={bar.approvals}
          linkProps={linkProps}
        />
        {mayWriteOff ? <GroupBuyButton onOpen={() => setGroupBuyOpen(true)} /> : null}
        <ShopManagementButton layout={layout} linkProps={linkProps} onExplain={() => setExplainShop(true)} />
        <LanguageMenu />
        <AccountMenu
          session={session}
          maySwitch={bar.maySwitch}
          mayOpenManagerSide={bar.mayOpenManagerSide}
          onSwitchRole={() => setRoleDialogOpen(true)}
          onManagerLogin={() => setManagerLinkOpen(true)}
          onLogout={() => void signOut(RELOGIN_ROUTE)}
        />
      </Toolbar>

      {layout.reduced ? null : (
        <MenuDrawer
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          pages={context.pages}
          builtRoutes={context.builtRoutes}
          menu={session.menu}
          buttons={session.btn ?? []}
          quicks={current?.quicks ?? []}
          onOpen={open}
        />
      )}
      {roleDialogOpen ? (
        <RoleSwitchDialog
          open
          session={session}
          onClose={() => setRoleDialogOpen(false)}
          onSwitched={(landing) => navigate(landing)}
        />
      ) : null}
      <ManagerLinkDialog open={managerLinkOpen} onClose={() => setManagerLinkOpen(false)} navigate={navigate} />
      {explainShop ? (
        <ShopManagementDialog
          roleName={session.roleName}
          maySwitch={bar.maySwitch}
          onSwitchRole={() => setRoleDialogOpen(true)}
          onClose={() => setExplainShop(false)}
        />
      ) : null}
      {groupBuyOpen ? <GroupBuyWriteOffDialog open onClose={() => setGroupBuyOpen(false)} /> : null}
      <ForcedNotice storeId={session.storeId} />
    </AppBar>
  );
}
