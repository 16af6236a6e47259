import Box from "@mui/material/Box";
import Chip from "@mui/material/Chip";
import MenuItem from "@mui/material/MenuItem";
import TextField from "@mui/material/TextField";
import type { SxProps, Theme } from "@mui/material/styles";
import { useTranslation } from "react-i18next";
import { useMemberLabels } from "../../api/members";

/** The member's labels: a multiple choice of the store's labels, the chosen ones as chips. */
export function LabelSelect({
  value,
  onChange,
  error,
  helperText,
  sx,
}: {
  value: number[];
  onChange: (ids: number[]) => void;
  error?: boolean;
  helperText?: string;
  sx?: SxProps<Theme>;
}) {
  const { t } = useTranslation("members");
  const labels = useMemberLabels();
  return (
    <TextField
      select
      fullWidth
      sx={sx}
      label={t("fields.labels")}
      value={value}
      onChange={(event) => {
        const chosen = event.target.value as unknown;
        onChange((Array.isArray(chosen) ? chosen : String(chosen).split(",")).map(Number));
      }}
      error={error}
      helperText={helperText}
      slotProps={{
        select: {
          multiple: true,
          renderValue: (selected) => (
            <Box sx={{ display: "flex", flexWrap: "wrap", gap: 0.5 }}>
              {(selected as number[]).map((id) => (
                <Chip key={id} size="small" label={labels.data?.find((label) => label.id === id)?.name ?? id} />
              ))}
            </Box>
          ),
        },
      }}
    >
      {(labels.data ?? []).map((label) => (
        <MenuItem key={label.id} value={label.id}>
          {label.groupName ? `${label.groupName} · ${label.name}` : label.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
