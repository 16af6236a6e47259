/** The filter bar above a list and its drop-downs. */
import Box from "@mui/material/Box";
import FormControl from "@mui/material/FormControl";
import InputLabel from "@mui/material/InputLabel";
import MenuItem from "@mui/material/MenuItem";
import Paper from "@mui/material/Paper";
import Select from "@mui/material/Select";
import type { FormEvent, ReactNode } from "react";
import { useTranslation } from "react-i18next";

/** The filter bar above a list; a form (submitted by Enter) when `onSubmit` is given. */
export function FilterBar({ onSubmit, children }: { onSubmit?: (event: FormEvent) => void; children: ReactNode }) {
  const { t } = useTranslation("messaging");
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
      <Box
        {...(onSubmit ? { component: "form" as const, onSubmit } : {})}
        role="search"
        aria-label={t("filters.label")}
        sx={{ display: "flex", flexWrap: "wrap", gap: 2, alignItems: "center" }}
      >
        {children}
      </Box>
    </Paper>
  );
}

/** A labelled filter drop-down whose first choice (value "") means "no filter". */
export function FilterSelect({
  id,
  label,
  allLabel,
  value,
  options,
  minWidth,
  onChange,
  selectId,
  testId,
}: {
  /** The label's id. */
  id: string;
  label: string;
  allLabel: string;
  value: string;
  options: readonly { value: string; label: string }[];
  minWidth: number;
  onChange: (value: string) => void;
  /** The drop-down's own id, where the page names it by the choice as well as the label. */
  selectId?: string;
  testId?: string;
}) {
  return (
    <FormControl size="small" sx={{ minWidth }} data-testid={testId}>
      <InputLabel id={id}>{label}</InputLabel>
      <Select
        labelId={id}
        id={selectId}
        label={label}
        value={value}
        onChange={(event) => onChange(String(event.target.value))}
      >
        <MenuItem value="">{allLabel}</MenuItem>
        {options.map((option) => (
          <MenuItem key={option.value} value={option.value}>
            {option.label}
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  );
}
