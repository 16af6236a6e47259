import Grid from "@mui/material/Grid";
import { useTranslation } from "react-i18next";
import type { MemberFile } from "../../api/members";
import { FormDialog } from "../FormDialog";
import { MemberIdentityCells, MemberProfileCells } from "./memberFormSections";
import type { MemberForm } from "./rules";
import { useMemberForm } from "./useMemberForm";

interface MemberFormDialogProps {
  open: boolean;
  onClose: () => void;
  /** Creating: the starting values (the search dialog passes the typed name, phone and area code). */
  initial?: MemberForm;
  /** Editing: the member file; only the fields changed are sent. */
  member?: MemberFile;
  /** The saved member file; the dialog closes itself after it. */
  onSaved?: (file: MemberFile) => void;
}

/** Create (POST stoSaveMember) or edit (POST stoUpdateMember) a member. The server's field
 * messages show under the fields; a taken phone (409 MEM-40901) shows on the phone. */
export function MemberFormDialog({ open, onClose, initial, member, onSaved }: MemberFormDialogProps) {
  const { t } = useTranslation("members");
  const state = useMemberForm({ initial, member, onSaved, onClose });
  const { submit, save, editing } = state;
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={editing ? t("form.editTitle") : t("form.createTitle")}
      maxWidth="md"
      onSubmit={submit}
      saving={save.isPending}
    >
      <Grid container spacing={2} sx={{ pt: 1 }}>
        <MemberIdentityCells state={state} member={member} />
        <MemberProfileCells state={state} member={member} />
      </Grid>
    </FormDialog>
  );
}
