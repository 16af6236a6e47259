/** Tabs above a list that pick which of its records it shows (a box, a kind, a status). */
import Tab from "@mui/material/Tab";
import Tabs from "@mui/material/Tabs";

export function RecordTabs<Value extends string>({
  value,
  options,
  label,
  onChange,
}: {
  value: Value;
  options: readonly { value: Value; label: string }[];
  /** The tab list's accessible name. */
  label: string;
  onChange: (value: Value) => void;
}) {
  return (
    <Tabs value={value} onChange={(_event, next: Value) => onChange(next)} aria-label={label} sx={{ mb: 2 }}>
      {options.map((option) => (
        <Tab key={option.value} value={option.value} label={option.label} />
      ))}
    </Tabs>
  );
}
