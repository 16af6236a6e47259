import AccountCircleIcon from "@mui/icons-material/AccountCircle";
import CheckIcon from "@mui/icons-material/Check";
import ExpandMoreIcon from "@mui/icons-material/ExpandMore";
import LogoutIcon from "@mui/icons-material/Logout";
import MailIcon from "@mui/icons-material/Mail";
import MenuIcon from "@mui/icons-material/Menu";
import NotificationsIcon from "@mui/icons-material/Notifications";
import OpenInNewIcon from "@mui/icons-material/OpenInNew";
import StorefrontIcon from "@mui/icons-material/Storefront";
import SwapHorizIcon from "@mui/icons-material/SwapHoriz";
import TranslateIcon from "@mui/icons-material/Translate";
import {
  AppBar,
  Badge,
  Box,
  Button,
  Divider,
  IconButton,
  ListItemIcon,
  ListItemText,
  Menu,
  MenuItem,
  Toolbar,
  Tooltip,
  Typography,
} from "@mui/material";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState, type MouseEvent } from "react";
import { useTranslation } from "react-i18next";
import { relogin } from "../api/client";
import { useUnreadMessageCount, useUnreadTasks } from "../api/messaging";
import { clearSession, currentSession, currentTokens, type SessionUserInfo } from "../api/session";
import { logout, useBorrowOutTargets, useLoginInfo } from "../api/shell";
import { LANGUAGES, normalizeLanguage, switchLanguage, type Language } from "../i18n";
import { pageContext, type PageContext } from "../islands/pageContext";
import { ConfirmDialog } from "./ConfirmDialog";
import { ForcedNotice } from "./ForcedNotice";
import { assignLocation, followLink, type Navigate } from "./guard";
import { ManagerLinkDialog } from "./ManagerLinkDialog";
import { MenuDrawer } from "./MenuDrawer";
import {
  MESSAGE_LIST_ROUTE,
  SHOP_MANAGEMENT_ROUTE,
  SIGN_IN_ROUTE,
  TASK_LIST_ROUTE,
  badgeText,
  canSwitchRole,
  currentRoleEntry,
  hasBorrowOutTargets,
  taskNoticeKind,
  topBarLayout,
  type NavItem,
} from "./nav";
import { RoleSwitchDialog } from "./RoleSwitchDialog";

const RELOGIN_ROUTE = "/relogin";
const BAR_BUTTON = { textTransform: "none", whiteSpace: "nowrap", flexShrink: 0, minWidth: 0, px: 1 } as const;
// Long labels of the right-hand side show on wide screens only (the icon and its tooltip stay).
const WIDE_ONLY = { display: { xs: "none", xl: "inline" } } as const;

export interface ShellProps {
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
  const { t, i18n } = useTranslation("shell");
  const queryClient = useQueryClient();
  const reducedBar = session.isMaterialBuilderAdmin;
  const borrowOut = useBorrowOutTargets(session.storeId, !reducedBar);
  const layout = topBarLayout(session, hasBorrowOutTargets(borrowOut.data));
  const loginInfo = useLoginInfo(!layout.reduced);
  const messages = useUnreadMessageCount(session.storeId, context.badgeRefreshSeconds);
  const tasks = useUnreadTasks(session.storeId, context.badgeRefreshSeconds, layout.showTasks);

  const [drawerOpen, setDrawerOpen] = useState(false);
  const [stockAnchor, setStockAnchor] = useState<HTMLElement | null>(null);
  const [accountAnchor, setAccountAnchor] = useState<HTMLElement | null>(null);
  const [languageAnchor, setLanguageAnchor] = useState<HTMLElement | null>(null);
  const [roleDialogOpen, setRoleDialogOpen] = useState(false);
  const [managerLinkOpen, setManagerLinkOpen] = useState(false);
  const [askExit, setAskExit] = useState(false);

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

  const changeLanguage = (language: Language) => {
    setLanguageAnchor(null);
    // Server texts (type names, messages) come in the request's language: ask again.
    void switchLanguage(language).then(() => queryClient.invalidateQueries());
  };

  const messageCount = messages.data ?? 0;
  const taskCount = tasks.count.data ?? 0;
  const firstTask = tasks.first.data ?? null;
  const taskLabel = firstTask
    ? `${t(`taskNotice.${taskNoticeKind(firstTask.type)}`)}: ${t("tasksUnread", { count: taskCount })}`
    : t("tasks");
  const navButton = (item: NavItem) => (
    <Button key={item.route} color="inherit" size="small" sx={BAR_BUTTON} {...linkProps(item.route)}>
      {t(`nav.${item.key}`)}
    </Button>
  );

  return (
    <AppBar position="sticky" elevation={1} component="header" aria-label={t("topBar")}>
      <Toolbar variant="dense" sx={{ gap: 1 }}>
        {layout.reduced ? null : (
          <IconButton color="inherit" edge="start" aria-label={t("openMenu")} onClick={() => setDrawerOpen(true)}>
            <MenuIcon />
          </IconButton>
        )}
        <Box
          component="nav"
          aria-label={t("navigation")}
          sx={{ display: "flex", alignItems: "center", gap: 0.5, flex: 1, minWidth: 0, overflowX: "auto" }}
        >
          {layout.items.map(navButton)}
          {layout.stockItems.length > 0 ? (
            <>
              <Button
                color="inherit"
                size="small"
                endIcon={<ExpandMoreIcon />}
                aria-haspopup="menu"
                aria-expanded={stockAnchor !== null}
                aria-controls={stockAnchor ? "stock-menu" : undefined}
                onClick={(event) => setStockAnchor(event.currentTarget)}
                sx={BAR_BUTTON}
              >
                {t("nav.stock")}
              </Button>
              <Menu
                id="stock-menu"
                anchorEl={stockAnchor}
                open={stockAnchor !== null}
                onClose={() => setStockAnchor(null)}
              >
                {layout.stockItems.map((item) => (
                  <MenuItem key={item.route} component="a" {...linkProps(item.route)}>
                    {t(`nav.${item.key}`)}
                  </MenuItem>
                ))}
              </Menu>
            </>
          ) : null}
        </Box>

        {layout.showTasks ? (
          <Tooltip title={taskLabel}>
            <IconButton color="inherit" aria-label={taskLabel} {...linkProps(TASK_LIST_ROUTE)} component="a">
              <Badge badgeContent={badgeText(taskCount)} color="warning" invisible={taskCount <= 0}>
                <NotificationsIcon />
              </Badge>
            </IconButton>
          </Tooltip>
        ) : null}
        <Tooltip title={messageCount > 0 ? t("messagesUnread", { count: messageCount }) : t("messages")}>
          <IconButton
            color="inherit"
            aria-label={messageCount > 0 ? t("messagesUnread", { count: messageCount }) : t("messages")}
            component="a"
            {...linkProps(MESSAGE_LIST_ROUTE)}
          >
            <Badge badgeContent={badgeText(messageCount)} color="error" invisible={messageCount <= 0}>
              <MailIcon />
            </Badge>
          </IconButton>
        </Tooltip>

        {layout.shopManagement === null ? null : (
          <Tooltip title={t("shopManagement")}>
            {layout.shopManagement === "open" ? (
              <Button
                color="inherit"
                size="small"
                startIcon={<StorefrontIcon />}
                aria-label={t("shopManagement")}
                sx={BAR_BUTTON}
                {...linkProps(SHOP_MANAGEMENT_ROUTE)}
              >
                <Box component="span" sx={WIDE_ONLY}>
                  {t("shopManagement")}
                </Box>
              </Button>
            ) : (
              // Spec §6: shown to others too; clicking it asks them to log in with a manager account.
              <Button
                color="inherit"
                size="small"
                startIcon={<StorefrontIcon />}
                aria-label={t("shopManagement")}
                sx={{ ...BAR_BUTTON, opacity: 0.6 }}
                onClick={() => setAskExit(true)}
              >
                <Box component="span" sx={WIDE_ONLY}>
                  {t("shopManagement")}
                </Box>
              </Button>
            )}
          </Tooltip>
        )}

        <Tooltip title={t("language")}>
          <IconButton
            color="inherit"
            aria-label={t("language")}
            aria-haspopup="menu"
            onClick={(event) => setLanguageAnchor(event.currentTarget)}
          >
            <TranslateIcon />
          </IconButton>
        </Tooltip>
        <Menu anchorEl={languageAnchor} open={languageAnchor !== null} onClose={() => setLanguageAnchor(null)}>
          {LANGUAGES.map((language) => {
            const selected = normalizeLanguage(i18n.language) === language;
            return (
              <MenuItem key={language} selected={selected} onClick={() => changeLanguage(language)} lang={language}>
                <ListItemIcon>{selected ? <CheckIcon fontSize="small" /> : null}</ListItemIcon>
                <ListItemText>{t(`common:languages.${language}`)}</ListItemText>
              </MenuItem>
            );
          })}
        </Menu>

        <Button
          color="inherit"
          size="small"
          startIcon={<AccountCircleIcon />}
          endIcon={<ExpandMoreIcon />}
          aria-haspopup="menu"
          aria-label={`${t("account")}: ${session.header_text}`}
          onClick={(event) => setAccountAnchor(event.currentTarget)}
          sx={{ ...BAR_BUTTON, maxWidth: 220 }}
        >
          <Typography variant="body2" noWrap component="span">
            {session.header_text}
          </Typography>
        </Button>
        <Menu anchorEl={accountAnchor} open={accountAnchor !== null} onClose={() => setAccountAnchor(null)}>
          {maySwitch ? (
            <MenuItem
              onClick={() => {
                setAccountAnchor(null);
                setRoleDialogOpen(true);
              }}
            >
              <ListItemIcon>
                <SwapHorizIcon fontSize="small" />
              </ListItemIcon>
              <ListItemText>{t("switchRole")}</ListItemText>
            </MenuItem>
          ) : null}
          {mayOpenManagerSide ? (
            <MenuItem
              onClick={() => {
                setAccountAnchor(null);
                setManagerLinkOpen(true);
              }}
            >
              <ListItemIcon>
                <OpenInNewIcon fontSize="small" />
              </ListItemIcon>
              <ListItemText>{t("managerLogin")}</ListItemText>
            </MenuItem>
          ) : null}
          {maySwitch || mayOpenManagerSide ? <Divider /> : null}
          <MenuItem
            onClick={() => {
              setAccountAnchor(null);
              void signOut(RELOGIN_ROUTE);
            }}
          >
            <ListItemIcon>
              <LogoutIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText>{t("logout")}</ListItemText>
          </MenuItem>
        </Menu>
      </Toolbar>

      {layout.reduced ? null : (
        <MenuDrawer
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          pages={context.pages}
          builtRoutes={context.builtRoutes}
          menu={session.menu}
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
      <ConfirmDialog
        open={askExit}
        message={t("shopManagementOnly")}
        onConfirm={() => {
          setAskExit(false);
          void signOut(SIGN_IN_ROUTE);
        }}
        onCancel={() => setAskExit(false)}
      />
      <ForcedNotice storeId={session.storeId} />
    </AppBar>
  );
}
