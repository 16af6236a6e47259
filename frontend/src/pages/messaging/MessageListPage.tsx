import SearchIcon from "@mui/icons-material/Search";
import { Button, Chip, Link, TableCell } from "@mui/material";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { markMessagesRead, useMessageSearch, useMessageTypes, type MessageSearch } from "../../api/messaging";
import { mountIsland } from "../../islands/mount";
import { messageReadFilter, messageTypeFilter, type ReadChoice } from "./listing";
import { InboxTable, ReadStateSelect, useInboxPaging } from "./InboxTable";
import { ReadChip } from "./parts";
import { formatDateTime } from "../../lib/format";
import { pageNo } from "../../lib/paging";
import { FilterBar, FilterSelect } from "../../components/filters";
import { PageFrame } from "../../components/layout";
import { LimitedTextField } from "../../components/LimitedTextField";
import { tooLong } from "../../lib/limits";

const MESSAGE_DETAIL_ROUTE = "/messageDetail";

/** /messageList (XXZX-0001): the store's messages with filters, paging and bulk mark-as-read. */
export function MessageListPage() {
  const { t, i18n } = useTranslation("messaging");
  const types = useMessageTypes();
  const [typeRaw, setTypeRaw] = useState("");
  const [read, setRead] = useState<ReadChoice>("");
  const [keywordInput, setKeywordInput] = useState("");
  const [keyword, setKeyword] = useState("");
  const paging = useInboxPaging();
  const { refilter } = paging;

  const search: MessageSearch = {
    pageNo: pageNo(paging.pageIndex),
    pageSize: paging.pageSize,
    msgType: messageTypeFilter(typeRaw),
    isRead: messageReadFilter(read),
    keyword,
  };
  const result = useMessageSearch(search);

  const submitKeyword = (event: FormEvent) => {
    event.preventDefault();
    if (tooLong(keywordInput, 100)) return;
    refilter(() => setKeyword(keywordInput.trim()));
  };
  const reset = () =>
    refilter(() => {
      setTypeRaw("");
      setRead("");
      setKeywordInput("");
      setKeyword("");
    });

  return (
    <PageFrame title={t("messages.title")}>
      <FilterBar onSubmit={submitKeyword}>
        <FilterSelect
          id="message-type-label"
          label={t("filters.type")}
          allLabel={t("filters.allTypes")}
          value={typeRaw}
          options={(types.data ?? []).map((type) => ({ value: String(type.id), label: type.name }))}
          minWidth={160}
          onChange={(value) => refilter(() => setTypeRaw(value))}
        />
        <ReadStateSelect id="message-read-label" value={read} onChange={(value) => refilter(() => setRead(value))} />
        <LimitedTextField
          maxChars={100}
          size="small"
          label={t("filters.keyword")}
          value={keywordInput}
          onChange={(event) => setKeywordInput(event.target.value)}
        />
        <Button type="submit" variant="contained" startIcon={<SearchIcon />}>
          {t("filters.search")}
        </Button>
        <Button onClick={reset}>{t("filters.reset")}</Button>
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
            <TableCell sx={{ whiteSpace: "nowrap" }}>{formatDateTime(row.pushTime, i18n.language)}</TableCell>
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
