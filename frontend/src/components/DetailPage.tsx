/** The page of one record: its frame, the way back to its list, and the record once it has loaded. */
import Alert from "@mui/material/Alert";
import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { DetailError, Loading, detailFailure } from "./feedback";
import { BackLink, PageFrame } from "./layout";

export interface DetailPageProps<T> {
  title: string;
  /** The wide frame, for a record with wide tables. */
  wide?: boolean;
  actions?: ReactNode;
  backHref: string;
  backLabel: string;
  /** The record's id from the address, null when it names none. */
  id: number | null;
  detail: UseQueryResult<T, Error>;
  /** The page's words for an address that names no record. */
  missingId: string;
  /** The page's words for a record that is not there (or is another store's). */
  notFound: string;
  children: (data: T) => ReactNode;
}

/** A detail page: under the heading and the way back, a note when the address names no record,
 * loading, a failure with a retry, or the record as `children` draws it. */
export function DetailPage<T>({ title, wide, actions, backHref, backLabel, ...record }: DetailPageProps<T>) {
  return (
    <PageFrame title={title} wide={wide} actions={actions}>
      <BackLink href={backHref}>{backLabel}</BackLink>
      <DetailRecord {...record} />
    </PageFrame>
  );
}

function DetailRecord<T>({
  id,
  detail,
  missingId,
  notFound,
  children,
}: Pick<DetailPageProps<T>, "id" | "detail" | "missingId" | "notFound" | "children">) {
  if (id === null) return <Alert severity="warning">{missingId}</Alert>;
  if (detail.isPending) return <Loading />;
  if (detail.isError) {
    return <DetailError message={detailFailure(detail.error, notFound)} onRetry={() => void detail.refetch()} />;
  }
  return detail.data === undefined ? null : children(detail.data);
}
