/** Pieces the move-in pages share: the status chip, the lists' filters, the confirmation dialog, the
 * page links. */
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import TextField from "@mui/material/TextField";
import { useId, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { MOVE_IN_STATUSES, type MoveInStatus } from "../../api/moveIn";
import { FilterSelect } from "../../components/filters";
import { FailureNote } from "../../components/feedback";

export const moveInHref = (id: number) => `/moveIn?id=${id}`;
export const moveInDetailHref = (id: number) => `/moveInDetail?id=${id}`;
export const MOVE_IN_LIST = "/moveInList";

const STATUS_COLOURS: Record<MoveInStatus, "default" | "warning" | "success" | "error"> = {
  draft: "default",
  submitted: "warning",
  approved: "success",
  rejected: "error",
};

export function StatusChip({ status, name }: { status: MoveInStatus; name?: string }) {
  const { t } = useTranslation("moveIn");
  return <Chip size="small" color={STATUS_COLOURS[status] ?? "default"} label={name || t(`statuses.${status}`)} />;
}

/** The filters both move-in lists have: the status, what a list adds (`children`), the keyword and
 * Search, and Reset when `onReset` is given. */
export function MoveInFilters({
  statusId,
  status,
  onStatus,
  keyword,
  onKeyword,
  onReset,
  children,
}: {
  statusId: string;
  status: MoveInStatus | "";
  onStatus: (status: MoveInStatus | "") => void;
  keyword: string;
  onKeyword: (keyword: string) => void;
  onReset?: () => void;
  children?: ReactNode;
}) {
  const { t } = useTranslation("moveIn");
  return (
    <>
      <FilterSelect
        id={statusId}
        label={t("fields.status")}
        allLabel={t("filters.allStatuses")}
        value={status}
        options={MOVE_IN_STATUSES.map((value) => ({ value, label: t(`statuses.${value}`) }))}
        minWidth={160}
        onChange={(value) => onStatus(value as MoveInStatus | "")}
      />
      {children}
      <TextField
        size="small"
        label={t("fields.keyword")}
        value={keyword}
        slotProps={{ htmlInput: { maxLength: 40 } }}
        onChange={(event) => onKeyword(event.target.value)}
      />
      <Button type="submit" variant="contained">
        {t("filters.search")}
      </Button>
      {onReset ? <Button onClick={onReset}>{t("filters.reset")}</Button> : null}
    </>
  );
}

/** A yes/no question before something that cannot be taken back (delete, submit). */
export function ConfirmDialog({
  title,
  text,
  confirmLabel,
  danger = false,
  busy,
  error,
  onConfirm,
  onClose,
}: {
  title: string;
  text: ReactNode;
  confirmLabel: string;
  danger?: boolean;
  busy: boolean;
  error?: string;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation("moveIn");
  const titleId = useId();
  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText>{text}</DialogContentText>
        <FailureNote message={error} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {t("actions.cancel")}
        </Button>
        <Button variant="contained" color={danger ? "error" : "primary"} disabled={busy} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : "";
}
