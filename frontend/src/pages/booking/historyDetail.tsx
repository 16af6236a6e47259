/** A reservation's detail with its change history (GET /rest/reservation/detail/{id}). */

import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import Divider from "@mui/material/Divider";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import { DetailError, Loading, detailFailure } from "../../components/feedback";
import { Meta } from "../../components/layout";
import type { ReservationDetail } from "../../api/booking";
import { useRecordDetail } from "../../api/bookingHistory";
import { ReservationStatusChip } from "../../components/ReservationStatusChip";
import { NS } from "./historyFilters";
import { maskPhone } from "../../lib/format";
import { storeDateTime, storeTime } from "../../lib/dates";

/** A history entry's before or after: a value, or the changed fields of an object. */
function describeChange(value: unknown): string {
  if (value === null || value === undefined || value === "") return "—";
  if (typeof value !== "object") return String(value);
  if (Array.isArray(value)) return value.map(describeChange).join(", ");
  return Object.entries(value as Record<string, unknown>)
    .map(
      ([key, item]) =>
        `${key}: ${item !== null && typeof item === "object" ? JSON.stringify(item) : String(item ?? "—")}`,
    )
    .join("; ");
}

function DetailBody({ data }: { data: ReservationDetail }) {
  const { t } = useTranslation(NS);
  const member = data.walkIn ? `${data.name} (${t("detail.walkIn")})` : data.name;
  return (
    <>
      <Box
        component="dl"
        sx={{ display: "grid", gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr" }, gap: 1, m: 0, mb: 2 }}
      >
        <Meta label={t("fields.member")}>{member || "—"}</Meta>
        <Meta label={t("fields.phone")}>{maskPhone(data.phone) || "—"}</Meta>
        <Meta label={t("fields.time")}>
          {storeDateTime(data.startTime)}–{storeTime(data.endTime)}
        </Meta>
        <Meta label={t("fields.duration")}>{t("detail.minutes", { count: data.duration })}</Meta>
        <Meta label={t("fields.nurse")}>{data.nurseName || t("anyNurse")}</Meta>
        <Meta label={t("fields.projects")}>{data.projects.map((project) => project.name).join(", ") || "—"}</Meta>
        <Meta label={t("fields.source")}>{data.sourceName || "—"}</Meta>
        <Meta label={t("fields.status")}>
          <ReservationStatusChip status={data.status} testId={`history-status-${data.status}`} />
        </Meta>
        {data.cancelReasonName ? <Meta label={t("fields.cancelReason")}>{data.cancelReasonName}</Meta> : null}
        <Meta label={t("fields.remark")}>{data.remark || "—"}</Meta>
        <Meta label={t("fields.createdAt")}>{storeDateTime(data.createdAt)}</Meta>
        {data.forced ? <Meta label={t("detail.forced")}>{t("detail.forcedYes")}</Meta> : null}
      </Box>
      <Divider sx={{ mb: 2 }} />
      <Typography variant="subtitle1" component="h3" sx={{ mb: 1 }}>
        {t("detail.history")}
      </Typography>
      {data.history.length === 0 ? (
        <Typography color="text.secondary">{t("detail.noHistory")}</Typography>
      ) : (
        <Table size="small" aria-label={t("detail.history")} data-testid="history-detail-changes">
          <TableHead>
            <TableRow>
              <TableCell>{t("detail.at")}</TableCell>
              <TableCell>{t("detail.by")}</TableCell>
              <TableCell>{t("detail.kind")}</TableCell>
              <TableCell>{t("detail.before")}</TableCell>
              <TableCell>{t("detail.after")}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {data.history.map((entry, index) => (
              <TableRow key={`${entry.at}-${index}`}>
                <TableCell sx={{ whiteSpace: "nowrap" }}>{storeDateTime(entry.at)}</TableCell>
                <TableCell>{entry.by || "—"}</TableCell>
                <TableCell>{entry.kindName || entry.kind}</TableCell>
                <TableCell>{describeChange(entry.before)}</TableCell>
                <TableCell>{describeChange(entry.after)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </>
  );
}

export function ReservationDetailDialog({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation(NS);
  const detail = useRecordDetail(id);
  return (
    <Dialog
      open={id !== null}
      onClose={onClose}
      maxWidth="md"
      fullWidth
      aria-labelledby="history-detail-title"
      data-testid="history-detail"
    >
      <DialogTitle id="history-detail-title">{t("detail.title")}</DialogTitle>
      <DialogContent>
        {detail.isPending ? (
          <Loading />
        ) : detail.isError ? (
          <DetailError
            message={detailFailure(detail.error, t("detail.notFound"))}
            onRetry={() => void detail.refetch()}
          />
        ) : detail.data ? (
          <DetailBody data={detail.data} />
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t("close")}</Button>
      </DialogActions>
    </Dialog>
  );
}
