import Chip from "@mui/material/Chip";
import Link from "@mui/material/Link";
import TableCell from "@mui/material/TableCell";
import { useTranslation } from "react-i18next";
import { markMessagesRead, useMessageSearch, useMessageTypes, type MessageSearch } from "../../api/messaging";
import { mountIsland } from "../../islands/mount";
import { messageReadFilter, messageTypeFilter, type ReadChoice } from "./listing";
import { InboxTable, ReadStateSelect, useInboxPaging } from "./InboxTable";
import { ReadChip } from "./parts";
import { storeDateTime } from "../../lib/dates";
import { pageNo } from "../../lib/paging";
import { FilterBar, FilterSelect } from "../../components/filters";
import { PageFrame } from "../../components/layout";
import { FilterText, SearchButtons } from "../../components/records/filterFields";
import { useKeywordFilters } from "../../lib/filterForm";

const MESSAGE_DETAIL_ROUTE = "/messageDetail";

/** /messageList (XXZX-0001): the store's messages with filters, paging and bulk mark-as-read. */
export function MessageListPage() {
  const { t } = useTranslation("messaging");
  const types = useMessageTypes();
  const paging = useInboxPaging();
  const form = useKeywordFilters({ typeRaw: "", read: "" as ReadChoice, keyword: "" }, paging);
  const { typeRaw, read, keyword } = form.filters;

  const search: MessageSearch = {
    pageNo: pageNo(paging.pageIndex),
    pageSize: paging.pageSize,
    msgType: messageTypeFilter(typeRaw),
    isRead: messageReadFilter(read),
    keyword,
  };
  const result = useMessageSearch(search);

  return (
    <PageFrame title={t("messages.title")}>
      <FilterBar onSubmit={form.submit}>
        <FilterSelect
          id="message-type-label"
          label={t("filters.type")}
          allLabel={t("filters.allTypes")}
          value={form.input.typeRaw}
          options={(types.data ?? []).map((type) => ({ value: String(type.id), label: type.name }))}
          minWidth={160}
          onChange={(value) => form.choose("typeRaw", value)}
        />
        <ReadStateSelect
          id="message-read-label"
          value={form.input.read}
          onChange={(value) => form.choose("read", value)}
        />
        <FilterText form={form} name="keyword" label={t("filters.keyword")} maxChars={100} />
        <SearchButtons searchLabel={t("filters.search")} resetLabel={t("filters.reset")} onReset={form.reset} />
      </FilterBar>

      <InboxTable
        paging={paging}
        result={result}
        label={t("messages.title")}
        emptyText={t("messages.empty")}
        headers={[
          { label: t("messages.columns.title") },
          { label: t("messages.columns.type") },
          { label: t("messages.columns.pushUser") },
          { label: t("messages.columns.pushTime") },
          { label: t("messages.columns.state") },
        ]}
        markRead={(ids) => markMessagesRead(ids)}
        renderCells={(row) => (
          <>
            <TableCell>
              <Link href={`${MESSAGE_DETAIL_ROUTE}?id=${row.id}`} underline="hover" sx={{ fontWeight: "inherit" }}>
                {row.msgName}
              </Link>
              {row.mandatory ? (
                <Chip size="small" color="warning" variant="outlined" label={t("messages.mandatory")} sx={{ ml: 1 }} />
              ) : null}
            </TableCell>
            <TableCell>{row.msgTypeName}</TableCell>
            <TableCell>{row.pushUserName}</TableCell>
            <TableCell sx={{ whiteSpace: "nowrap" }}>{storeDateTime(row.pushTime)}</TableCell>
            <TableCell>
              <ReadChip isRead={row.isRead} />
            </TableCell>
          </>
        )}
      />
    </PageFrame>
  );
}

mountIsland(<MessageListPage />);
