import Alert from "@mui/material/Alert";
import Chip from "@mui/material/Chip";
import { useQueryClient, type UseQueryResult } from "@tanstack/react-query";
import { useEffect, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { messagingKeys } from "../../api/messaging";
import { DetailError, Loading, detailFailure } from "../../components/feedback";
import { BackLink, PageFrame } from "../../components/layout";

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
  title,
  backHref,
  backLabel,
  id,
  detail,
  detailKey,
  notFound,
  children,
}: {
  title: string;
  backHref: string;
  backLabel: string;
  id: number | null;
  detail: UseQueryResult<T, Error>;
  detailKey: "message" | "task";
  notFound: string;
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation("messaging");
  const queryClient = useQueryClient();
  const data = detail.data;

  useEffect(() => {
    if (!data) return;
    void queryClient.invalidateQueries({
      queryKey: messagingKeys.all,
      predicate: (query) => query.queryKey[1] !== detailKey,
    });
  }, [data, detailKey, queryClient]);

  return (
    <PageFrame title={title}>
      <BackLink href={backHref}>{backLabel}</BackLink>
      {id === null ? (
        <Alert severity="warning">{t("missingId")}</Alert>
      ) : detail.isPending ? (
        <Loading />
      ) : detail.isError ? (
        <DetailError message={detailFailure(detail.error, notFound)} onRetry={() => void detail.refetch()} />
      ) : data ? (
        children(data)
      ) : null}
    </PageFrame>
  );
}
