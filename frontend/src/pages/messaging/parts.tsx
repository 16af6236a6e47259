import Chip from "@mui/material/Chip";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { messagingKeys } from "../../api/messaging";
import { DetailPage, type DetailPageProps } from "../../components/DetailPage";

export function ReadChip({ isRead }: { isRead: boolean }) {
  const { t } = useTranslation("messaging");
  return isRead ? (
    <Chip size="small" label={t("read")} variant="outlined" />
  ) : (
    <Chip size="small" label={t("unread")} color="primary" />
  );
}

/** The frame of a message or task detail page: the heading, the way back to the list, and the
 * missing-id, loading and failure states around `children`. Opening a record marks it read on the
 * server, so once it has loaded every messaging query but the detail's own (`detailKey`) is
 * refreshed: the list and the top bar's badges. */
export function DetailFrame<T>({
  detailKey,
  ...page
}: Omit<DetailPageProps<T>, "wide" | "missingId"> & { detailKey: "message" | "task" }) {
  const { t } = useTranslation("messaging");
  const queryClient = useQueryClient();
  const data = page.detail.data;

  useEffect(() => {
    if (!data) return;
    void queryClient.invalidateQueries({
      queryKey: messagingKeys.all,
      predicate: (query) => query.queryKey[1] !== detailKey,
    });
  }, [data, detailKey, queryClient]);

  return <DetailPage missingId={t("missingId")} {...page} />;
}
