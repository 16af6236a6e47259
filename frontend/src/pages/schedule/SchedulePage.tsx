import Alert from "@mui/material/Alert";
import Link from "@mui/material/Link";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { DetailError, Loading } from "../../components/feedback";
import { mountIsland } from "../../islands/mount";
import { CellMenu, ConfirmCopyDialog, Frame, RotaGrid, RotaToolbar, ShiftTypesPanel } from "./scheduleParts";
import { emptyShiftType } from "./scheduleRules";
import { ShiftTypeDialog } from "./ShiftTypeDialog";
import { StrandedDialog } from "./StrandedDialog";
import { useRotaEditor } from "./useRotaEditor";

/** /schedule (PBGL-0001): shift types and the staff rota by week or month, edited cell by cell and
 * saved in one batch; "copy last week" replaces this week with the week before. Editing needs
 * BTN-PBGL-ROTA-EDIT; without it (a store-employee login) the page only reads. Either way the
 * signed-in user's own row is highlighted. */
export function SchedulePage() {
  const { t } = useTranslation(["schedule", "staff"]);
  const editor = useRotaEditor();
  const { canEdit, shiftTypes, rota, types, employees, editCount, setEditing, editing, confirmCopy } = editor;
  const { setConfirmCopy, from, copy } = editor;

  let body: ReactNode;
  if (rota.isPending || shiftTypes.isPending) {
    body = <Loading />;
  } else if (rota.isError || shiftTypes.isError) {
    const failed = rota.isError ? rota : shiftTypes;
    body = <DetailError message={failed.error?.message} onRetry={() => void failed.refetch()} />;
  } else if (employees.length === 0) {
    body = (
      <Alert severity="info" data-testid="schedule-no-employees">
        {t("empty.employees")}{" "}
        <Link href="/staffList" underline="hover">
          {t("empty.staffList")}
        </Link>
      </Alert>
    );
  } else {
    body = <RotaGrid editor={editor} />;
  }

  return (
    <Frame>
      {shiftTypes.isSuccess ? (
        <ShiftTypesPanel
          shiftTypes={types}
          onCreate={canEdit ? () => setEditing(emptyShiftType()) : undefined}
          onEdit={canEdit ? (shift) => setEditing({ ...shift }) : undefined}
        />
      ) : null}
      {canEdit ? null : (
        <Alert severity="info" sx={{ mb: 2 }} data-testid="schedule-read-only">
          {t("readOnly")}
        </Alert>
      )}
      <RotaToolbar editor={editor} />
      {editCount > 0 ? (
        <Alert severity="warning" sx={{ mb: 2 }} data-testid="schedule-unsaved">
          {t("edits.unsaved", { count: editCount })}
        </Alert>
      ) : null}
      {body}

      <CellMenu editor={editor} />

      {editing ? <ShiftTypeDialog initial={editing} onClose={() => setEditing(null)} /> : null}
      <ConfirmCopyDialog
        open={confirmCopy}
        weekStart={from}
        busy={copy.isPending}
        onCancel={() => setConfirmCopy(false)}
        onConfirm={editor.copyWeek}
      />
      {editor.stranded ? (
        <StrandedDialog
          reservations={editor.stranded.reservations}
          busy={editor.save.isPending || copy.isPending}
          onCancel={() => editor.setStranded(null)}
          onConfirm={editor.stranded.confirm}
        />
      ) : null}
    </Frame>
  );
}

mountIsland(<SchedulePage />);
