import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import { useState } from "react";
import type { MemberRow } from "../../api/members";
import { formatPhone } from "../../lib/phone";
import { MemberSearchDialog } from "./MemberSearchDialog";

/** The chosen member of a filter or form, picked with the member search dialog. */
export function MemberPicker({
  member,
  onChange,
  chooseLabel,
  clearable = true,
}: {
  member: MemberRow | null;
  onChange: (member: MemberRow | null) => void;
  chooseLabel: string;
  clearable?: boolean;
}) {
  const [open, setOpen] = useState(false);
  return (
    <Box sx={{ display: "inline-flex", alignItems: "center", gap: 1 }}>
      {member ? (
        <Chip
          label={`${member.name} ${formatPhone(member.areaCode, member.phone)}`}
          onDelete={clearable ? () => onChange(null) : undefined}
        />
      ) : null}
      <Button variant="outlined" onClick={() => setOpen(true)}>
        {chooseLabel}
      </Button>
      <MemberSearchDialog open={open} onClose={() => setOpen(false)} onSelect={(row) => onChange(row)} />
    </Box>
  );
}
