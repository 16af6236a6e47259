import RadioButtonCheckedIcon from "@mui/icons-material/RadioButtonChecked";
import RadioButtonUncheckedIcon from "@mui/icons-material/RadioButtonUnchecked";
import List from "@mui/material/List";
import ListItemButton from "@mui/material/ListItemButton";
import ListItemIcon from "@mui/material/ListItemIcon";
import ListItemText from "@mui/material/ListItemText";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import type { RoleEntry } from "../../api/session";

interface RoleListProps {
  entries: RoleEntry[];
  /** The index of the checked row: exactly one is checked (spec §4 login flow). */
  checked: number;
  onCheck: (index: number) => void;
}

/** The role rows of the login flow and of the role switch dialog: "store | role", one checked. */
export function RoleList({ entries, checked, onCheck }: RoleListProps) {
  const { t } = useTranslation("common");
  if (entries.length === 0) {
    return <Typography color="text.secondary">{t("roles.none")}</Typography>;
  }
  return (
    <List dense aria-label={t("roles.label")} role="radiogroup">
      {entries.map((entry, index) => (
        <ListItemButton
          key={`${entry.userRoleId}-${entry.hierId}-${entry.roleId}`}
          selected={index === checked}
          onClick={() => onCheck(index)}
          role="radio"
          aria-checked={index === checked}
        >
          <ListItemIcon>
            {/* The row itself is the radio; the icon only shows its state. */}
            {index === checked ? (
              <RadioButtonCheckedIcon color="primary" aria-hidden />
            ) : (
              <RadioButtonUncheckedIcon aria-hidden />
            )}
          </ListItemIcon>
          <ListItemText primary={`${entry.hier} | ${entry.role}`} secondary={entry.description || null} />
        </ListItemButton>
      ))}
    </List>
  );
}

/** The row to check first: the one the server marked `checked`, else the first. */
export function initiallyChecked(entries: RoleEntry[]): number {
  const index = entries.findIndex((entry) => entry.checked);
  return index >= 0 ? index : 0;
}
