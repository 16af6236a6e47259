import Box from "@mui/material/Box";
import Chip from "@mui/material/Chip";
import Divider from "@mui/material/Divider";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useTaskDetail } from "../../api/messaging";
import { currentSession } from "../../api/session";
import { mountIsland } from "../../islands/mount";
import { formatMoney } from "./listing";
import { DetailFrame } from "./parts";
import { storeDateTime } from "../../lib/dates";
import { idFromSearch } from "../../lib/address";
import { Meta } from "../../components/layout";

const TASK_LIST_ROUTE = "/taskList";

interface TaskDetailPageProps {
  search?: string;
}

/** /taskDetail?id= (no code): one task, its amount and due date; opening it marks it read. */
export function TaskDetailPage({ search = window.location.search }: TaskDetailPageProps) {
  const { t } = useTranslation("messaging");
  const [id] = useState(() => idFromSearch(search));
  const [storeId] = useState(() => currentSession()?.storeId ?? null);
  const detail = useTaskDetail(id, storeId);

  return (
    <DetailFrame
      title={t("tasks.detailTitle")}
      backHref={TASK_LIST_ROUTE}
      backLabel={t("tasks.backToList")}
      id={id}
      detail={detail}
      detailKey="task"
      notFound={t("tasks.notFound")}
    >
      {(task) => (
        <Paper variant="outlined" component="article" sx={{ p: 3 }} aria-labelledby="task-title">
          <Stack direction="row" spacing={1} sx={{ alignItems: "center", mb: 1, flexWrap: "wrap" }}>
            <Typography id="task-title" variant="h6" component="h2">
              {task.msgName}
            </Typography>
            <Chip size="small" variant="outlined" color={task.type === 1 ? "error" : "info"} label={task.typeName} />
          </Stack>
          <Box component="dl" sx={{ display: "flex", flexWrap: "wrap", columnGap: 3, rowGap: 0.5, m: 0 }}>
            <Meta label={t("tasks.columns.amount")}>{formatMoney(task.amount) || "-"}</Meta>
            <Meta label={t("tasks.columns.dueDate")}>{task.dueDate || "-"}</Meta>
            <Meta label={t("tasks.store")}>{task.storeName}</Meta>
            <Meta label={t("tasks.columns.createdAt")}>{storeDateTime(task.createdAt)}</Meta>
          </Box>
          {task.content ? (
            <>
              <Divider sx={{ my: 2 }} />
              <Typography variant="subtitle2" component="h3" color="text.secondary">
                {t("tasks.content")}
              </Typography>
              <Typography sx={{ whiteSpace: "pre-wrap", mt: 1 }}>{task.content}</Typography>
            </>
          ) : null}
        </Paper>
      )}
    </DetailFrame>
  );
}

mountIsland(<TaskDetailPage />);
