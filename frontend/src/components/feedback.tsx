/** What a page shows instead of its data: loading, a failure with a retry, nothing found. */
import Box from "@mui/material/Box";
import CircularProgress from "@mui/material/CircularProgress";
import Stack from "@mui/material/Stack";
import TableCell from "@mui/material/TableCell";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import { ApiError } from "../api/client";
import { closedDayOf, FailureAlert } from "./dayClosed/DayClosed";
import { RetryAlert } from "./RetryAlert";

/** The body row shown instead of data: loading, a failure with a retry, or nothing found. */
export function TableStateRow({
  columns,
  state,
  emptyText,
  errorText,
  onRetry,
}: {
  columns: number;
  state: "loading" | "error" | "empty";
  emptyText: string;
  errorText?: string;
  onRetry: () => void;
}) {
  const { t } = useTranslation("common");
  return (
    <TableRow>
      <TableCell colSpan={columns} sx={{ py: 6 }}>
        {state === "loading" ? (
          <Stack direction="row" spacing={2} sx={{ justifyContent: "center", alignItems: "center" }} role="status">
            <CircularProgress size={24} />
            <Typography>{t("loading")}</Typography>
          </Stack>
        ) : state === "error" ? (
          <DetailError message={errorText} onRetry={onRetry} />
        ) : (
          <Typography color="text.secondary" sx={{ textAlign: "center" }}>
            {emptyText}
          </Typography>
        )}
      </TableCell>
    </TableRow>
  );
}

/** A failed call: the server's message (or a default) and a retry; a call refused because the day
 * is closed offers the way out instead, since trying again cannot help (`error`, the failure). */
export function DetailError({ message, onRetry, error }: { message?: string; onRetry: () => void; error?: unknown }) {
  const { t } = useTranslation("common");
  if (closedDayOf(error)) return <FailureAlert error={error} fallback={message} />;
  return <RetryAlert onRetry={onRetry}>{message || t("loadFailed")}</RetryAlert>;
}

export function Loading() {
  const { t } = useTranslation("common");
  return (
    <Box role="status" sx={{ display: "flex", gap: 2, alignItems: "center", py: 4 }}>
      <CircularProgress size={24} />
      <Typography>{t("loading")}</Typography>
    </Box>
  );
}

/** A detail call's failure for a person: "not found" (another store's record too) in the page's
 * words, anything else in the server's. */
export function detailFailure(error: Error, notFound: string): string {
  if (error instanceof ApiError && error.status === 404) return notFound;
  return error.message;
}
