import MenuItem from "@mui/material/MenuItem";
import TextField from "@mui/material/TextField";
import { useTranslation } from "react-i18next";
import type { PackageProject } from "../../../api/till";
import type { TillLine } from "./tillRules";

/** On a project package's line: the project the member is served now by one of the package's sessions
 * (decision 0038), or none. Its line follows the package's, with its own staff; the session is taken
 * when the order is paid, from the card the payment issues. */
export function ServedNowChoice({
  line,
  served,
  onChoose,
}: {
  line: TillLine;
  served: TillLine | undefined;
  onChoose: (project: PackageProject | null) => void;
}) {
  const { t } = useTranslation("till");
  return (
    <TextField
      select
      size="small"
      fullWidth
      label={t("line.servedNow")}
      value={served?.itemId ?? ""}
      onChange={(event) => {
        const projectId = event.target.value === "" ? null : Number(event.target.value);
        onChoose(line.packageProjects.find((project) => project.projectId === projectId) ?? null);
      }}
    >
      <MenuItem value="">{t("line.notServedNow")}</MenuItem>
      {line.packageProjects.map((project) => (
        <MenuItem key={project.projectId} value={project.projectId}>
          {t("line.oneSessionOf", { name: project.projectName })}
        </MenuItem>
      ))}
    </TextField>
  );
}
