/** The page of a list of records: filters, the totals of what they find, the paged table, an export. */
import type { FormEvent, ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { FilterBar } from "../filters";
import { PageFrame } from "../layout";
import { PagedTable, type PagedTableProps } from "../PagedTable";
import { SearchButtons } from "./filterFields";

/** The table of a records page: its name is the page's title unless given. */
export type RecordsTableProps<Row> = Omit<PagedTableProps<Row>, "label"> & Partial<Pick<PagedTableProps<Row>, "label">>;

export interface RecordsPageProps<Row> {
  title: string;
  /** Beside the title: the capped export, a button that starts a new record. */
  actions?: ReactNode;
  /** Above the filters: the links to the sibling lists. */
  intro?: ReactNode;
  /** The filter fields, in a form that `form` (or `onSearch`) submits, so Enter searches too; without
   * either, fields that apply at once. */
  filters: ReactNode;
  /** The filter form (useFilterForm's): the fields are followed by Search, which submits it, and
   * Reset, in common words. */
  form?: { submit: (event: FormEvent) => void; reset: () => void };
  /** Instead of `form`, for fields that bring their own buttons: what submitting them does. */
  onSearch?: (event: FormEvent) => void;
  /** Between the filters and the table: a note on the search, the totals of every row it finds. */
  totals?: ReactNode;
  /** Shown instead of the totals and the table while there is nothing to search yet. */
  instead?: ReactNode;
  table: RecordsTableProps<Row>;
  /** After the table: the dialogs its rows open. */
  children?: ReactNode;
  /** The wide frame (the default) for a table of many columns; false for the narrower one. */
  wide?: boolean;
}

/**
 * A list page's skeleton, on the wide frame unless told otherwise. The table shows its own loading, failure (with a retry)
 * and empty states; headings keep to one line unless the table says otherwise.
 */
export function RecordsPage<Row>({
  title,
  actions,
  intro,
  filters,
  form,
  onSearch,
  totals,
  instead,
  table,
  children,
  wide = true,
}: RecordsPageProps<Row>) {
  const { t } = useTranslation("common");
  return (
    <PageFrame wide={wide} title={title} actions={actions}>
      {intro}
      <FilterBar onSubmit={form?.submit ?? onSearch}>
        {filters}
        {form ? (
          <SearchButtons searchLabel={t("filters.search")} resetLabel={t("filters.reset")} onReset={form.reset} />
        ) : null}
      </FilterBar>
      {instead ?? (
        <>
          {totals}
          <PagedTable label={title} nowrapHeads {...table} />
        </>
      )}
      {children}
    </PageFrame>
  );
}
