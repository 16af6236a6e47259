import Button from "@mui/material/Button";
import Link from "@mui/material/Link";
import List from "@mui/material/List";
import ListItem from "@mui/material/ListItem";
import Typography from "@mui/material/Typography";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import {
  deleteAttachment,
  downloadAttachment,
  moveInKeys,
  uploadAttachment,
  type MoveInAttachment,
  type MoveInDetail,
} from "../../api/moveIn";
import { Section } from "../../components/layout";
import { saveBlob } from "../../lib/download";
import { ConfirmDialog } from "./parts";

/** A saved move-in's attachments (photos of the old card, the contract): listed to download, and
 * while it can be edited, uploaded or removed once confirmed. */
export function MoveInAttachments({ moveIn }: { moveIn: MoveInDetail }) {
  const { t } = useTranslation("moveIn");
  const queryClient = useQueryClient();
  const [removing, setRemoving] = useState<MoveInAttachment | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: moveInKeys.detail(moveIn.id) });
  const upload = useMutation({ mutationFn: (file: File) => uploadAttachment(moveIn.id, file), onSettled: refresh });
  const remove = useMutation({
    mutationFn: (attachment: MoveInAttachment) => deleteAttachment(attachment.id),
    onSuccess: () => setRemoving(null),
    onSettled: refresh,
  });
  return (
    <Section title={t("attachments.title")}>
      <Typography variant="body2" color="text.secondary">
        {t("attachments.hint")}
      </Typography>
      {moveIn.attachments.length ? (
        <List dense>
          {moveIn.attachments.map((attachment) => (
            <ListItem
              key={attachment.id}
              secondaryAction={
                moveIn.canEdit ? (
                  <Button size="small" color="error" onClick={() => setRemoving(attachment)}>
                    {t("actions.removeFile")}
                  </Button>
                ) : undefined
              }
            >
              <Link
                component="button"
                type="button"
                onClick={() =>
                  void downloadAttachment(attachment).then((outcome) => {
                    if (outcome.kind === "file") saveBlob(outcome.blob, outcome.fileName);
                  })
                }
              >
                {attachment.name}
              </Link>
            </ListItem>
          ))}
        </List>
      ) : (
        <Typography sx={{ my: 1 }}>{t("attachments.none")}</Typography>
      )}
      {moveIn.canEdit ? (
        <Button component="label" variant="outlined" disabled={upload.isPending}>
          {t("actions.upload")}
          <input
            hidden
            type="file"
            aria-label={t("actions.upload")}
            accept="image/jpeg,image/png,application/pdf"
            onChange={(event) => {
              const file = event.target.files?.[0];
              if (file) upload.mutate(file);
              event.target.value = "";
            }}
          />
        </Button>
      ) : null}
      {removing ? (
        <ConfirmDialog
          title={t("confirm.removeFileTitle", { name: removing.name })}
          text={t("attachments.hint")}
          confirmLabel={t("actions.removeFile")}
          danger
          busy={remove.isPending}
          onConfirm={() => remove.mutate(removing)}
          onClose={() => setRemoving(null)}
        />
      ) : null}
    </Section>
  );
}
