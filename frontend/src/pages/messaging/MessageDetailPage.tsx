import Box from "@mui/material/Box";
import Chip from "@mui/material/Chip";
import Divider from "@mui/material/Divider";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useMessageDetail } from "../../api/messaging";
import { mountIsland } from "../../islands/mount";
import { DetailFrame } from "./parts";
import { storeDateTime } from "../../lib/dates";
import { idFromSearch } from "../../lib/address";
import { Meta } from "../../components/layout";

const MESSAGE_LIST_ROUTE = "/messageList";

interface MessageDetailPageProps {
  /** The address's query; the page's own by default. */
  search?: string;
}

/** /messageDetail?id= (XXZX-0001): one message; opening it marks it read, so the list and the
 * top bar's badge are refreshed. */
export function MessageDetailPage({ search = window.location.search }: MessageDetailPageProps) {
  const { t } = useTranslation("messaging");
  const [id] = useState(() => idFromSearch(search));
  const detail = useMessageDetail(id);

  return (
    <DetailFrame
      title={t("messages.detailTitle")}
      backHref={MESSAGE_LIST_ROUTE}
      backLabel={t("messages.backToList")}
      id={id}
      detail={detail}
      detailKey="message"
      notFound={t("messages.notFound")}
    >
      {(message) => (
        <Paper variant="outlined" component="article" sx={{ p: 3 }} aria-labelledby="message-title">
          <Stack direction="row" spacing={1} sx={{ alignItems: "center", mb: 1, flexWrap: "wrap" }}>
            <Typography id="message-title" variant="h6" component="h2">
              {message.msgName}
            </Typography>
            {message.mandatory ? (
              <Chip size="small" color="warning" variant="outlined" label={t("messages.mandatory")} />
            ) : null}
          </Stack>
          <Box component="dl" sx={{ display: "flex", flexWrap: "wrap", columnGap: 3, rowGap: 0.5, m: 0 }}>
            <Meta label={t("meta.type")}>{message.msgTypeName}</Meta>
            <Meta label={t("meta.pushUser")}>{message.pushUserName}</Meta>
            <Meta label={t("meta.pushTime")}>{storeDateTime(message.pushTime)}</Meta>
          </Box>
          <Divider sx={{ my: 2 }} />
          {/* Rich text sanitised by the server (apps/messaging/sanitize.py). */}
          <Box
            className="rich-text"
            sx={{ "& img": { maxWidth: "100%" }, "& table": { borderCollapse: "collapse" }, wordBreak: "break-word" }}
            dangerouslySetInnerHTML={{ __html: message.graphicDescription }}
          />
        </Paper>
      )}
    </DetailFrame>
  );
}

mountIsland(<MessageDetailPage />);
