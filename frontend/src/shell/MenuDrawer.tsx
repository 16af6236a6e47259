import Box from "@mui/material/Box";
import Divider from "@mui/material/Divider";
import Drawer from "@mui/material/Drawer";
import List from "@mui/material/List";
import ListItemButton from "@mui/material/ListItemButton";
import ListItemText from "@mui/material/ListItemText";
import ListSubheader from "@mui/material/ListSubheader";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import type { RegistryPage } from "../islands/pageContext";
import { drawerGroups, pageTitle, routePath } from "./nav";

interface MenuDrawerProps {
  open: boolean;
  onClose: () => void;
  pages: readonly RegistryPage[];
  builtRoutes: readonly string[];
  menu: readonly string[];
  /** The role's button codes (a report's figures code may be one). */
  buttons?: readonly string[];
  quicks: readonly { name: string; rsrc: string }[];
  onOpen: (route: string) => void;
}

/** Every page the role may open, grouped by area, and the role's quick shortcuts. */
export function MenuDrawer({ open, onClose, pages, builtRoutes, menu, buttons = [], quicks, onOpen }: MenuDrawerProps) {
  const { t, i18n } = useTranslation("shell");
  const groups = drawerGroups(pages, menu, buttons);
  const built = new Set(builtRoutes);
  return (
    <Drawer open={open} onClose={onClose} anchor="left">
      <Box component="nav" aria-label={t("menu")} sx={{ width: 300, pb: 2 }}>
        <List dense subheader={<ListSubheader>{t("drawer.shortcuts")}</ListSubheader>}>
          {quicks.length === 0 ? (
            <Typography variant="body2" color="text.secondary" sx={{ px: 2, pb: 1 }}>
              {t("drawer.noShortcuts")}
            </Typography>
          ) : (
            quicks.map((quick) => (
              <ListItemButton key={quick.rsrc} onClick={() => onOpen(quick.rsrc)}>
                <ListItemText primary={quick.name} />
              </ListItemButton>
            ))
          )}
        </List>
        <Divider />
        <Typography variant="overline" sx={{ px: 2, display: "block", pt: 1 }}>
          {t("drawer.title")}
        </Typography>
        {groups.map((group) => (
          <List key={group.area} dense subheader={<ListSubheader>{t(`drawer.areas.${group.area}`)}</ListSubheader>}>
            {group.pages.map((page) => {
              const available = built.has(routePath(page.route));
              return (
                <ListItemButton key={page.route} disabled={!available} onClick={() => onOpen(page.route)}>
                  <ListItemText
                    primary={pageTitle(page, i18n.language)}
                    secondary={available ? null : t("drawer.notBuilt")}
                  />
                </ListItemButton>
              );
            })}
          </List>
        ))}
      </Box>
    </Drawer>
  );
}
