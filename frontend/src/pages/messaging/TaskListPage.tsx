import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Link from "@mui/material/Link";
import TableCell from "@mui/material/TableCell";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { TASK_TYPES, markTasksRead, useTaskSearch, type TaskSearch } from "../../api/messaging";
import { currentSession } from "../../api/session";
import { mountIsland } from "../../islands/mount";
import { formatMoney, taskReadFilter, taskTypeFilter, type ReadChoice } from "./listing";
import { InboxTable, ReadStateSelect, useInboxPaging } from "./InboxTable";
import { ReadChip } from "./parts";
import { storeDateTime } from "../../lib/dates";
import { pageNo } from "../../lib/paging";
import { FilterBar, FilterSelect } from "../../components/filters";
import { PageFrame } from "../../components/layout";

const TASK_DETAIL_ROUTE = "/taskDetail";

/** /taskList (no code): the store's tasks (arrears and payment notices) with filters, paging and
 * bulk mark-as-read. */
export function TaskListPage() {
  const { t } = useTranslation("messaging");
  const [storeId] = useState(() => currentSession()?.storeId ?? null);
  const [typeRaw, setTypeRaw] = useState("");
  const [read, setRead] = useState<ReadChoice>("");
  const paging = useInboxPaging();
  const { refilter } = paging;

  const search: TaskSearch = {
    storeId,
    pageNo: pageNo(paging.pageIndex),
    pageSize: paging.pageSize,
    type: taskTypeFilter(typeRaw),
    isRead: taskReadFilter(read),
  };
  const result = useTaskSearch(search);

  const reset = () =>
    refilter(() => {
      setTypeRaw("");
      setRead("");
    });

  return (
    <PageFrame title={t("tasks.title")}>
      <FilterBar>
        <FilterSelect
          id="task-type-label"
          label={t("filters.type")}
          allLabel={t("filters.allTypes")}
          value={typeRaw}
          options={TASK_TYPES.map((type) => ({ value: String(type), label: t(`tasks.types.${type}`) }))}
          minWidth={160}
          onChange={(value) => refilter(() => setTypeRaw(value))}
        />
        <ReadStateSelect id="task-read-label" value={read} onChange={(value) => refilter(() => setRead(value))} />
        <Button onClick={reset}>{t("filters.reset")}</Button>
      </FilterBar>

      <InboxTable
        paging={paging}
        result={result}
        label={t("tasks.title")}
        emptyText={t("tasks.empty")}
        headers={[
          { label: t("tasks.columns.title") },
          { label: t("tasks.columns.type") },
          { label: t("tasks.columns.amount"), align: "right" },
          { label: t("tasks.columns.dueDate") },
          { label: t("tasks.columns.createdAt") },
          { label: t("tasks.columns.state") },
        ]}
        markRead={(ids) => markTasksRead(ids, storeId)}
        renderCells={(row) => (
          <>
            <TableCell>
              <Link href={`${TASK_DETAIL_ROUTE}?id=${row.id}`} underline="hover" sx={{ fontWeight: "inherit" }}>
                {row.msgName}
              </Link>
            </TableCell>
            <TableCell>
              <Chip size="small" variant="outlined" color={row.type === 1 ? "error" : "info"} label={row.typeName} />
            </TableCell>
            <TableCell align="right" sx={{ whiteSpace: "nowrap" }}>
              {formatMoney(row.amount)}
            </TableCell>
            <TableCell sx={{ whiteSpace: "nowrap" }}>{row.dueDate}</TableCell>
            <TableCell sx={{ whiteSpace: "nowrap" }}>{storeDateTime(row.createdAt)}</TableCell>
            <TableCell>
              <ReadChip isRead={row.isRead} />
            </TableCell>
          </>
        )}
      />
    </PageFrame>
  );
}

mountIsland(<TaskListPage />);
