import ArrowBackIcon from "@mui/icons-material/ArrowBack";
import {
  Alert,
  Box,
  Chip,
  CircularProgress,
  Container,
  Link,
  Stack,
  TableCell,
  TableRow,
  Typography,
} from "@mui/material";
import { useQueryClient, type UseQueryResult } from "@tanstack/react-query";
import { useEffect, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../api/client";
import { messagingKeys } from "../../api/messaging";
import { RetryAlert } from "../../components/RetryAlert";

/** The frame of a message or task page: a heading and the content under it. */
export function PageFrame({ title, actions, children }: { title: string; actions?: ReactNode; children: ReactNode }) {
  return (
    <Container component="main" maxWidth="lg" sx={{ py: 3 }}>
      <Stack
        direction="row"
        sx={{ alignItems: "center", justifyContent: "space-between", mb: 2, gap: 2, flexWrap: "wrap" }}
      >
        <Typography variant="h5" component="h1">
          {title}
        </Typography>
        {actions}
      </Stack>
      {children}
    </Container>
  );
}

export function BackLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Link href={href} underline="hover" sx={{ display: "inline-flex", alignItems: "center", gap: 0.5, mb: 2 }}>
      <ArrowBackIcon fontSize="small" />
      {children}
    </Link>
  );
}

export function ReadChip({ isRead }: { isRead: boolean }) {
  const { t } = useTranslation("messaging");
  return isRead ? (
    <Chip size="small" label={t("read")} variant="outlined" />
  ) : (
    <Chip size="small" label={t("unread")} color="primary" />
  );
}

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

/** A failed call: the server's message (or a default) and a retry. */
export function DetailError({ message, onRetry }: { message?: string; onRetry: () => void }) {
  const { t } = useTranslation("common");
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

/** A labelled fact of a detail page. */
export function Meta({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box component="div" sx={{ display: "flex", gap: 1 }}>
      <Typography component="dt" color="text.secondary" variant="body2">
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0 }}>
        {children}
      </Typography>
    </Box>
  );
}

/** A detail call's failure for a person: "not found" (another store's record too) in the page's
 * words, anything else in the server's. */
export function detailFailure(error: Error, notFound: string): string {
  if (error instanceof ApiError && error.status === 404) return notFound;
  return error.message;
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
