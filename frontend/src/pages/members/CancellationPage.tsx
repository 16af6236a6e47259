import Button from "@mui/material/Button";
import Link from "@mui/material/Link";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { applyCancellation, memberKeys, type MemberRow } from "../../api/members";
import { CANCEL_REASON_MAX, reasonError } from "../../components/members/rules";
import { mountIsland } from "../../islands/mount";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { PageFrame } from "../../components/layout";
import { MemberPicker } from "../../components/members/MemberPicker";
import { LimitedTextField } from "../../components/LimitedTextField";

const LIST_ROUTE = "/logoutList";

/** /cancellation (no code): request to close a member's file (POST /rest/member/cancelApply). */
export function CancellationPage() {
  const { t } = useTranslation("members");
  const queryClient = useQueryClient();
  const [member, setMember] = useState<MemberRow | null>(null);
  const [reason, setReason] = useState("");
  const [errors, setErrors] = useState<{ member?: string; reason?: string }>({});
  const [confirming, setConfirming] = useState(false);

  const apply = useMutation({
    mutationFn: () => applyCancellation(member?.memId ?? 0, reason.trim()),
    onSuccess: async () => {
      setConfirming(false);
      setMember(null);
      setReason("");
      await queryClient.invalidateQueries({ queryKey: memberKeys.all });
    },
    onError: () => setConfirming(false),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const reasonKey = reasonError(reason, CANCEL_REASON_MAX);
    const found = {
      member: member ? undefined : t("errors.chooseMember"),
      reason: reasonKey ? t(reasonKey) : undefined,
    };
    setErrors(found);
    if (!found.member && !found.reason) setConfirming(true);
  };

  return (
    <PageFrame
      title={t("cancellation.title")}
      actions={
        <Link href={LIST_ROUTE} underline="hover">
          {t("cancellation.list")}
        </Link>
      }
    >
      <Paper variant="outlined" sx={{ p: 3 }}>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {t("cancellation.intro")}
        </Typography>
        <Stack
          component="form"
          noValidate
          onSubmit={submit}
          spacing={2}
          aria-label={t("cancellation.title")}
          sx={{ maxWidth: 640 }}
        >
          <Stack spacing={0.5}>
            <Typography variant="body2" color="text.secondary">
              {t("cancellation.member")}
            </Typography>
            <MemberPicker
              member={member}
              clearable={false}
              chooseLabel={member ? t("cancellation.changeMember") : t("cancellation.chooseMember")}
              onChange={(row) => {
                setMember(row);
                setErrors((previous) => ({ ...previous, member: undefined }));
              }}
            />
            {errors.member ? (
              <Typography variant="body2" color="error">
                {errors.member}
              </Typography>
            ) : null}
          </Stack>
          <LimitedTextField
            maxChars={CANCEL_REASON_MAX}
            required
            multiline
            minRows={3}
            label={t("cancellation.reason")}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            error={Boolean(errors.reason)}
            helperText={errors.reason || " "}
          />
          <div>
            <Button type="submit" variant="contained" color="warning" disabled={apply.isPending}>
              {t("cancellation.submit")}
            </Button>
          </div>
        </Stack>
      </Paper>
      <ConfirmDialog
        open={confirming}
        title={t("cancellation.confirmTitle")}
        message={t("cancellation.confirm", { name: member?.name ?? "" })}
        busy={apply.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => apply.mutate()}
      />
    </PageFrame>
  );
}

mountIsland(<CancellationPage />);
