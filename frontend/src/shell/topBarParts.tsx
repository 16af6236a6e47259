import AccountCircleIcon from "@mui/icons-material/AccountCircle";
import CheckIcon from "@mui/icons-material/Check";
import ConfirmationNumberIcon from "@mui/icons-material/ConfirmationNumber";
import ExpandMoreIcon from "@mui/icons-material/ExpandMore";
import LogoutIcon from "@mui/icons-material/Logout";
import MailIcon from "@mui/icons-material/Mail";
import NotificationsIcon from "@mui/icons-material/Notifications";
import OpenInNewIcon from "@mui/icons-material/OpenInNew";
import StorefrontIcon from "@mui/icons-material/Storefront";
import SwapHorizIcon from "@mui/icons-material/SwapHoriz";
import TranslateIcon from "@mui/icons-material/Translate";
import Badge from "@mui/material/Badge";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import Divider from "@mui/material/Divider";
import IconButton from "@mui/material/IconButton";
import ListItemIcon from "@mui/material/ListItemIcon";
import ListItemText from "@mui/material/ListItemText";
import Menu from "@mui/material/Menu";
import MenuItem from "@mui/material/MenuItem";
import Tooltip from "@mui/material/Tooltip";
import Typography from "@mui/material/Typography";
import { useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { APPROVAL_CENTER_ROUTE } from "../api/approvals";
import type { SessionUserInfo } from "../api/session";
import { LANGUAGES, normalizeLanguage, switchLanguage, type Language } from "../i18n";
import {
  MESSAGE_LIST_ROUTE,
  SHOP_MANAGEMENT_ROUTE,
  TASK_LIST_ROUTE,
  badgeText,
  taskNoticeKind,
  type NavItem,
  type TopBarLayout,
} from "./nav";
import type { LinkProps, TopBarState } from "./useTopBar";

/* The pieces of the top bar (TopBar.tsx), left to right. */

const BAR_BUTTON = { textTransform: "none", whiteSpace: "nowrap", flexShrink: 0, minWidth: 0, px: 1 } as const;
// Long labels of the right-hand side show on wide screens only (the icon and its tooltip stay).
const WIDE_ONLY = { display: { xs: "none", xl: "inline" } } as const;

/** The pages of the bar, and the stock pages under one menu. */
export function NavLinks({
  layout,
  linkProps,
  stockAnchor,
  setStockAnchor,
}: {
  layout: TopBarLayout;
  linkProps: LinkProps;
  stockAnchor: HTMLElement | null;
  setStockAnchor: (anchor: HTMLElement | null) => void;
}) {
  const { t } = useTranslation("shell");
  const navButton = (item: NavItem) => (
    <Button key={item.route} color="inherit" size="small" sx={BAR_BUTTON} {...linkProps(item.route)}>
      {t(`nav.${item.key}`)}
    </Button>
  );

  return (
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
          <Menu id="stock-menu" anchorEl={stockAnchor} open={stockAnchor !== null} onClose={() => setStockAnchor(null)}>
            {layout.stockItems.map((item) => (
              <MenuItem key={item.route} component="a" {...linkProps(item.route)}>
                {t(`nav.${item.key}`)}
              </MenuItem>
            ))}
          </Menu>
        </>
      ) : null}
    </Box>
  );
}

/** The task bell (unread tasks, with the first one's kind, and the approvals waiting for me: a menu
 * to the task list and the approval centre) and the unread messages (a link to their list). */
export function InboxBadges({
  showTasks,
  messages,
  tasks,
  approvals,
  linkProps,
}: {
  showTasks: boolean;
  messages: TopBarState["messages"];
  tasks: TopBarState["tasks"];
  approvals: TopBarState["approvals"];
  linkProps: LinkProps;
}) {
  const { t } = useTranslation("shell");
  const { t: ta } = useTranslation("approvals");
  const [bellAnchor, setBellAnchor] = useState<HTMLElement | null>(null);
  const messageCount = messages.data ?? 0;
  const taskCount = tasks.count.data ?? 0;
  const waitingCount = approvals.data ?? 0;
  const firstTask = tasks.first.data ?? null;
  const taskLabel = firstTask
    ? `${t(`taskNotice.${taskNoticeKind(firstTask.type)}`)}: ${t("tasksUnread", { count: taskCount })}`
    : t("tasks");
  const approvalLabel = waitingCount > 0 ? ta("bell.approvals", { count: waitingCount }) : ta("bell.approvalsNone");
  const bellLabel = waitingCount > 0 ? `${taskLabel}; ${approvalLabel}` : taskLabel;
  const bellCount = taskCount + waitingCount;

  return (
    <>
      {showTasks ? (
        <>
          <Tooltip title={bellLabel}>
            <IconButton
              color="inherit"
              aria-label={bellLabel}
              aria-haspopup="menu"
              aria-expanded={bellAnchor !== null}
              aria-controls={bellAnchor ? "bell-menu" : undefined}
              onClick={(event) => setBellAnchor(event.currentTarget)}
            >
              <Badge badgeContent={badgeText(bellCount)} color="warning" invisible={bellCount <= 0}>
                <NotificationsIcon />
              </Badge>
            </IconButton>
          </Tooltip>
          <Menu
            id="bell-menu"
            anchorEl={bellAnchor}
            open={bellAnchor !== null}
            onClose={() => setBellAnchor(null)}
            slotProps={{ list: { "aria-label": ta("bell.label") } }}
          >
            <MenuItem component="a" {...linkProps(TASK_LIST_ROUTE)}>
              <ListItemText>{taskLabel}</ListItemText>
              <Badge badgeContent={badgeText(taskCount)} color="warning" invisible={taskCount <= 0} sx={{ ml: 3 }} />
            </MenuItem>
            <MenuItem component="a" {...linkProps(APPROVAL_CENTER_ROUTE)}>
              <ListItemText>{approvalLabel}</ListItemText>
              <Badge
                badgeContent={badgeText(waitingCount)}
                color="warning"
                invisible={waitingCount <= 0}
                sx={{ ml: 3 }}
              />
            </MenuItem>
          </Menu>
        </>
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
    </>
  );
}

/** Shop management: a link for those who may open it, otherwise a button that says which role may
 * (spec §6; issue 28 §8: it no longer offers to sign out). */
export function ShopManagementButton({
  layout,
  linkProps,
  onExplain,
}: {
  layout: TopBarLayout;
  linkProps: LinkProps;
  onExplain: () => void;
}) {
  const { t } = useTranslation("shell");
  if (layout.shopManagement === null) return null;
  return (
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
        // Spec §6: shown to others too; clicking it tells them which role opens it (ShopManagementDialog).
        <Button
          color="inherit"
          size="small"
          startIcon={<StorefrontIcon />}
          aria-label={t("shopManagement")}
          sx={{ ...BAR_BUTTON, opacity: 0.6 }}
          onClick={onExplain}
        >
          <Box component="span" sx={WIDE_ONLY}>
            {t("shopManagement")}
          </Box>
        </Button>
      )}
    </Tooltip>
  );
}

/** Shop management asked for by a role that may not open it (issue 28 §8): which role may, and the
 * way there that keeps the person signed in (switching roles, when they may). */
export function ShopManagementDialog({
  roleName,
  maySwitch,
  onSwitchRole,
  onClose,
}: {
  roleName: string;
  maySwitch: boolean;
  onSwitchRole: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation("shell");
  const titleId = useId();
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{t("shopManagement")}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t("shopManagementOnly", { role: roleName })}</DialogContentText>
      </DialogContent>
      <DialogActions>
        {maySwitch ? (
          <Button
            onClick={() => {
              onClose();
              onSwitchRole();
            }}
          >
            {t("switchRole")}
          </Button>
        ) : null}
        <Button variant="contained" onClick={onClose} autoFocus>
          {t("common:close")}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The group-buy write-off dialog's entry (spec §2.4): for the roles that may write off (the board's
 * and the cashier's pages). */
export function GroupBuyButton({ onOpen }: { onOpen: () => void }) {
  const { t } = useTranslation("groupBuy");
  return (
    <Tooltip title={t("entry")}>
      <Button
        color="inherit"
        size="small"
        startIcon={<ConfirmationNumberIcon />}
        aria-label={t("entry")}
        sx={BAR_BUTTON}
        onClick={onOpen}
        data-testid="groupbuy-entry"
      >
        <Box component="span" sx={WIDE_ONLY}>
          {t("entry")}
        </Box>
      </Button>
    </Tooltip>
  );
}

/** The page's language; server texts are asked for again in the new one. */
export function LanguageMenu() {
  const { t, i18n } = useTranslation("shell");
  const queryClient = useQueryClient();
  const [languageAnchor, setLanguageAnchor] = useState<HTMLElement | null>(null);
  const changeLanguage = (language: Language) => {
    setLanguageAnchor(null);
    // Server texts (type names, messages) come in the request's language: ask again.
    void switchLanguage(language).then(() => queryClient.invalidateQueries());
  };

  return (
    <>
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
    </>
  );
}

/** The account's name and menu: switch role, the manager side, log out. */
export function AccountMenu({
  session,
  maySwitch,
  mayOpenManagerSide,
  onSwitchRole,
  onManagerLogin,
  onLogout,
}: {
  session: SessionUserInfo;
  maySwitch: boolean;
  mayOpenManagerSide: boolean;
  onSwitchRole: () => void;
  onManagerLogin: () => void;
  onLogout: () => void;
}) {
  const { t } = useTranslation("shell");
  const [accountAnchor, setAccountAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
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
              onSwitchRole();
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
              onManagerLogin();
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
            onLogout();
          }}
        >
          <ListItemIcon>
            <LogoutIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t("logout")}</ListItemText>
        </MenuItem>
      </Menu>
    </>
  );
}
