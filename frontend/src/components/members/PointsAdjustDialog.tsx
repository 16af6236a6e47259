import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import MenuItem from "@mui/material/MenuItem";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../api/client";
import { adjustPoints, memberKeys } from "../../api/members";
import { ConfirmDialog } from "../ConfirmDialog";
import { MemberSearchDialog } from "./MemberSearchDialog";
import { POINTS_REASON_MAX, pointsAmountError, pointsChange, reasonError, type PointsDirection } from "./rules";
import { LimitedTextField } from "../LimitedTextField";
import { formatPhone } from "../../lib/phone";

/** The member whose points change. */
interface PointsMember {
  memId: number;
  name: string;
  phone?: string;
  areaCode?: string;
}

interface PointsAdjustDialogProps {
  open: boolean;
  onClose: () => void;
  /** A fixed member (the member's own page); without it the member is chosen with the search dialog. */
  member?: PointsMember;
  onAdjusted?: (points: number) => void;
}

/** Adjust a member's points (POST /rest/member/point) after a confirmation. The callers show it
 * only to a role with BTN-HYGL-POINTS-ADJUST. */
export function PointsAdjustDialog({ open, onClose, member, onAdjusted }: PointsAdjustDialogProps) {
  const { t } = useTranslation("members");
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{t("points.adjustTitle")}</DialogTitle>
      <AdjustContent onClose={onClose} member={member} onAdjusted={onAdjusted} />
    </Dialog>
  );
}

function AdjustContent({ onClose, member, onAdjusted }: Omit<PointsAdjustDialogProps, "open">) {
  const { t } = useTranslation("members");
  const queryClient = useQueryClient();
  const [chosen, setChosen] = useState<PointsMember | null>(member ?? null);
  const [searching, setSearching] = useState(false);
  const [direction, setDirection] = useState<PointsDirection>("add");
  const [amount, setAmount] = useState("");
  const [reason, setReason] = useState("");
  const [errors, setErrors] = useState<{ member?: string; amount?: string; reason?: string }>({});
  const [failure, setFailure] = useState("");
  const [confirming, setConfirming] = useState(false);

  const save = useMutation({
    mutationFn: () =>
      adjustPoints({ memId: chosen?.memId ?? 0, change: pointsChange(direction, amount), reason: reason.trim() }),
    onSuccess: async (result) => {
      setConfirming(false);
      await queryClient.invalidateQueries({ queryKey: memberKeys.all });
      onAdjusted?.(result.points);
      onClose();
    },
    onError: (error) => {
      setConfirming(false);
      if (error instanceof ApiError) {
        setErrors({
          amount: error.fields.change?.[0],
          reason: error.fields.reason?.[0],
          member: error.fields.memId?.[0],
        });
        setFailure(error.message);
      }
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // A dialog opened from another dialog must not submit the form of the one under it.
    event.stopPropagation();
    const amountKey = pointsAmountError(amount);
    const reasonKey = reasonError(reason, POINTS_REASON_MAX);
    const found = {
      member: chosen ? undefined : t("errors.chooseMember"),
      amount: amountKey ? t(amountKey) : undefined,
      reason: reasonKey ? t(reasonKey) : undefined,
    };
    setErrors(found);
    setFailure("");
    if (!found.member && !found.amount && !found.reason) setConfirming(true);
  };

  const confirmText = t(direction === "add" ? "points.confirmAdd" : "points.confirmDeduct", {
    amount: amount.trim(),
    name: chosen?.name ?? "",
    reason: reason.trim(),
  });
  return (
    <>
      <form noValidate onSubmit={submit}>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <Stack direction="row" spacing={2} sx={{ alignItems: "center" }}>
              <Typography color="text.secondary">{t("points.member")}</Typography>
              <Typography>
                {chosen
                  ? `${chosen.name} ${chosen.phone ? formatPhone(chosen.areaCode ?? "", chosen.phone) : ""}`.trim()
                  : "—"}
              </Typography>
              {member ? null : (
                <Button size="small" onClick={() => setSearching(true)}>
                  {t("points.chooseMember")}
                </Button>
              )}
            </Stack>
            {errors.member ? <Alert severity="warning">{errors.member}</Alert> : null}
            <Stack direction="row" spacing={2}>
              <TextField
                select
                label={t("points.direction")}
                value={direction}
                onChange={(event) => setDirection(event.target.value === "deduct" ? "deduct" : "add")}
                sx={{ minWidth: 140 }}
              >
                <MenuItem value="add">{t("points.add")}</MenuItem>
                <MenuItem value="deduct">{t("points.deduct")}</MenuItem>
              </TextField>
              <LimitedTextField
                maxChars={7}
                fullWidth
                required
                label={t("points.amount")}
                value={amount}
                onChange={(event) => setAmount(event.target.value.trim())}
                error={Boolean(errors.amount)}
                helperText={errors.amount || " "}
                slotProps={{ htmlInput: { inputMode: "numeric" } }}
              />
            </Stack>
            <LimitedTextField
              maxChars={POINTS_REASON_MAX}
              fullWidth
              required
              label={t("points.reason")}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              error={Boolean(errors.reason)}
              helperText={errors.reason || " "}
            />
            {failure ? <Alert severity="error">{failure}</Alert> : null}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t("cancel")}</Button>
          <Button type="submit" variant="contained" disabled={save.isPending}>
            {t("points.adjust")}
          </Button>
        </DialogActions>
      </form>
      <ConfirmDialog
        open={confirming}
        title={t("points.confirmTitle")}
        message={confirmText}
        busy={save.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => save.mutate()}
      />
      <MemberSearchDialog
        open={searching}
        onClose={() => setSearching(false)}
        onSelect={(row) => {
          setChosen({ memId: row.memId, name: row.name, phone: row.phone, areaCode: row.areaCode });
          setErrors((previous) => ({ ...previous, member: undefined }));
        }}
      />
    </>
  );
}
