/** The bin beside a line of a form's list that takes the line out. */
import DeleteIcon from "@mui/icons-material/Delete";
import IconButton from "@mui/material/IconButton";

export function RemoveButton({
  label,
  onClick,
}: {
  /** What it removes, for a screen reader. */
  label: string;
  onClick: () => void;
}) {
  return (
    <IconButton aria-label={label} onClick={onClick}>
      <DeleteIcon />
    </IconButton>
  );
}
