import { Alert, Box, Chip, Divider, Paper, Stack, Typography } from "@mui/material";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { messagingKeys, useMessageDetail } from "../../api/messaging";
import { mountIsland } from "../../islands/mount";
import { formatDateTime, idFromSearch } from "./listing";
import { BackLink, DetailError, detailFailure, Loading, Meta, PageFrame } from "./parts";

const MESSAGE_LIST_ROUTE = "/messageList";

export interface MessageDetailPageProps {
  /** The address's query; the page's own by default. */
  search?: string;
}

/** /messageDetail?id= (XXZX-0001): one message; opening it marks it read, so the list and the
 * top bar's badge are refreshed. */
export function MessageDetailPage({ search = window.location.search }: MessageDetailPageProps) {
  const { t, i18n } = useTranslation("messaging");
  const queryClient = useQueryClient();
  const [id] = useState(() => idFromSearch(search));
  const detail = useMessageDetail(id);
  const message = detail.data;

  useEffect(() => {
    if (!message) return;
    // The server marked it read: refresh every message and badge query but this one.
    void queryClient.invalidateQueries({
      queryKey: messagingKeys.all,
      predicate: (query) => query.queryKey[1] !== "message",
    });
  }, [message, queryClient]);

  return (
    <PageFrame title={t("messages.detailTitle")}>
      <BackLink href={MESSAGE_LIST_ROUTE}>{t("messages.backToList")}</BackLink>
      {id === null ? (
        <Alert severity="warning">{t("missingId")}</Alert>
      ) : detail.isPending ? (
        <Loading />
      ) : detail.isError ? (
        <DetailError message={detailFailure(detail.error, t("messages.notFound"))} onRetry={() => void detail.refetch()} />
      ) : message ? (
        <Paper variant="outlined" component="article" sx={{ p: 3 }} aria-labelledby="message-title">
          <Stack direction="row" spacing={1} sx={{ alignItems: "center", mb: 1, flexWrap: "wrap" }}>
            <Typography id="message-title" variant="h6" component="h2">
              {message.msgName}
            </Typography>
            {message.mandatory ? <Chip size="small" color="warning" variant="outlined" label={t("messages.mandatory")} /> : null}
          </Stack>
          <Box component="dl" sx={{ display: "flex", flexWrap: "wrap", columnGap: 3, rowGap: 0.5, m: 0 }}>
            <Meta label={t("meta.type")}>{message.msgTypeName}</Meta>
            <Meta label={t("meta.pushUser")}>{message.pushUserName}</Meta>
            <Meta label={t("meta.pushTime")}>{formatDateTime(message.pushTime, i18n.language)}</Meta>
          </Box>
          <Divider sx={{ my: 2 }} />
          {/* Rich text sanitised by the server (apps/messaging/sanitize.py). */}
          <Box
            className="rich-text"
            sx={{ "& img": { maxWidth: "100%" }, "& table": { borderCollapse: "collapse" }, wordBreak: "break-word" }}
            dangerouslySetInnerHTML={{ __html: message.graphicDescription }}
          />
        </Paper>
      ) : null}
    </PageFrame>
  );
}

mountIsland(<MessageDetailPage />);
