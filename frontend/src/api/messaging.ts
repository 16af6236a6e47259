/**
 * Message centre (spec §7.1) and task centre (spec §7.9) calls, their query keys and hooks.
 * Every key starts with "messaging", so one invalidation refreshes the lists, the details and the
 * top bar's badges (the shell and the page islands share one QueryClient).
 */

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api, type Page } from "./client";
import { choices, type QueryOf, type Schemas } from "./schema";

type MessageType = Schemas["MessageTypeOutput"];

/** isRead filter of the message calls: 1 read, 2 unread. */
export type MessageReadFilter = 1 | 2;

type MessageRow = Schemas["MessageRowOutput"];
/** graphicDescription is rich text, sanitised by the server. */
type MessageDetail = Schemas["MessageDetailOutput"];
/** The forced notice (spec §4): shown when the call answers an id. */
export type MandatoryNotice = Schemas["MandatoryMessageOutput"];
type ReadMarked = Schemas["ReadMarkedOutput"];

export type MessageSearch = QueryOf<"messageCenter_searchMsg_retrieve">;

/** amount is money as a decimal string ("199.00"), or null. */
type TaskRow = Schemas["TaskRowOutput"];
type TaskDetail = Schemas["TaskDetailOutput"];
/** Task type: 1 arrears notice, 2 payment notice (spec §3), 3 stock below safety (the inventory),
 * 4 a provider payment to check, 5 a group-buy write-off to check, 6 many whole phones viewed by one
 * account (for the owner only), 7 report figures the nightly check corrected (for the owner only). */
export type TaskType = TaskRow["type"];
export const TASK_TYPES = choices<TaskType>()([1, 2, 3, 4, 5, 6, 7]);

export type TaskSearch = QueryOf<"taskCenterRest_searchTaskStore_retrieve">;

export const messagingKeys = {
  all: ["messaging"] as const,
  messageCount: (storeId: number) => ["messaging", "messageCount", storeId] as const,
  mandatory: (storeId: number) => ["messaging", "mandatory", storeId] as const,
  taskCount: (storeId: number) => ["messaging", "taskCount", storeId] as const,
  firstUnreadTask: (storeId: number) => ["messaging", "firstUnreadTask", storeId] as const,
  messageTypes: () => ["messaging", "messageTypes"] as const,
  messages: (search: MessageSearch) => ["messaging", "messages", search] as const,
  message: (id: number) => ["messaging", "message", id] as const,
  tasks: (search: TaskSearch) => ["messaging", "tasks", search] as const,
  task: (id: number) => ["messaging", "task", id] as const,
};

// --- calls ---------------------------------------------------------------------------------------

function fetchMessageTypes(): Promise<MessageType[]> {
  return api.get<MessageType[]>("/rest/messageCenter/findMsgType", { quiet: true });
}

function searchMessages(search: MessageSearch): Promise<Page<MessageRow>> {
  return api.get<Page<MessageRow>>("/rest/messageCenter/searchMsg", {
    query: {
      pageNo: search.pageNo,
      pageSize: search.pageSize,
      msgType: search.msgType,
      isRead: search.isRead,
      keyword: search.keyword?.trim(),
    },
    quiet: true,
  });
}

/** The new-message badge: unread messages of the store (isRead=2). */
function fetchUnreadMessageCount(storeId: number): Promise<number> {
  return api.get<number>("/rest/messageCenter/searchCountMsg", {
    query: { departmentId: storeId, isRead: 2 },
    quiet: true,
  });
}

/** Opening a message marks it read. */
function fetchMessageDetail(id: number): Promise<MessageDetail> {
  return api.get<MessageDetail>("/rest/messageCenter/getMsgDetail", { query: { id }, quiet: true });
}

export function markMessagesRead(ids: number[], options: { quiet?: boolean } = {}): Promise<ReadMarked> {
  return api.post<ReadMarked>("/rest/messageCenter/batchReadMsg", {
    body: { ids } satisfies Schemas["MessageBatchReadInput"],
    quiet: options.quiet,
  });
}

function fetchMandatoryNotice(storeId: number): Promise<MandatoryNotice | null> {
  return api.get<MandatoryNotice | null>("/rest/messageCenter/getMandatoryShowMsg", {
    query: { departmentId: storeId },
    quiet: true,
  });
}

/** The task bell: unread tasks of the store. */
function fetchUnreadTaskCount(storeId: number): Promise<number> {
  return api.get<number>("/rest/taskCenterRest/searchCountMsgStore", {
    query: { storeId, isRead: false },
    quiet: true,
  });
}

function searchTasks(search: TaskSearch): Promise<Page<TaskRow>> {
  return api.get<Page<TaskRow>>("/rest/taskCenterRest/searchTaskStore", {
    query: {
      storeId: search.storeId,
      pageNo: search.pageNo,
      pageSize: search.pageSize,
      isRead: search.isRead,
      type: search.type,
    },
    quiet: true,
  });
}

/** The first unread task: its type names the bell's notice. */
async function fetchFirstUnreadTask(storeId: number): Promise<TaskRow | null> {
  const page = await searchTasks({ storeId, pageNo: 1, pageSize: 1, isRead: false });
  return page.list[0] ?? null;
}

function fetchTaskDetail(id: number, storeId?: number | null): Promise<TaskDetail> {
  return api.get<TaskDetail>("/rest/taskCenterRest/getTaskDetailStore", { query: { id, storeId }, quiet: true });
}

export function markTasksRead(ids: number[], storeId?: number | null): Promise<ReadMarked> {
  return api.post<ReadMarked>("/rest/taskCenterRest/batchReadTaskStore", {
    body: { ids, storeId: storeId ?? undefined } satisfies Schemas["TaskBatchReadInput"],
  });
}

// --- hooks ---------------------------------------------------------------------------------------

export function useUnreadMessageCount(storeId: number, refreshSeconds: number) {
  return useQuery({
    queryKey: messagingKeys.messageCount(storeId),
    queryFn: () => fetchUnreadMessageCount(storeId),
    refetchInterval: refreshSeconds > 0 ? refreshSeconds * 1000 : false,
    staleTime: 0,
  });
}

export function useUnreadTasks(storeId: number, refreshSeconds: number, enabled: boolean) {
  const count = useQuery({
    queryKey: messagingKeys.taskCount(storeId),
    queryFn: () => fetchUnreadTaskCount(storeId),
    refetchInterval: refreshSeconds > 0 ? refreshSeconds * 1000 : false,
    staleTime: 0,
    enabled,
  });
  const first = useQuery({
    queryKey: messagingKeys.firstUnreadTask(storeId),
    queryFn: () => fetchFirstUnreadTask(storeId),
    enabled: enabled && (count.data ?? 0) > 0,
  });
  return { count, first };
}

export function useMandatoryNotice(storeId: number) {
  return useQuery({
    queryKey: messagingKeys.mandatory(storeId),
    queryFn: () => fetchMandatoryNotice(storeId),
    staleTime: Infinity,
    retry: false,
  });
}

export function useMessageTypes() {
  return useQuery({ queryKey: messagingKeys.messageTypes(), queryFn: fetchMessageTypes, staleTime: 5 * 60_000 });
}

export function useMessageSearch(search: MessageSearch) {
  return useQuery({
    queryKey: messagingKeys.messages(search),
    queryFn: () => searchMessages(search),
    placeholderData: keepPreviousData,
  });
}

export function useMessageDetail(id: number | null) {
  return useQuery({
    queryKey: messagingKeys.message(id ?? 0),
    queryFn: () => fetchMessageDetail(id ?? 0),
    enabled: id !== null,
  });
}

export function useTaskSearch(search: TaskSearch) {
  return useQuery({
    queryKey: messagingKeys.tasks(search),
    queryFn: () => searchTasks(search),
    placeholderData: keepPreviousData,
  });
}

export function useTaskDetail(id: number | null, storeId?: number | null) {
  return useQuery({
    queryKey: messagingKeys.task(id ?? 0),
    queryFn: () => fetchTaskDetail(id ?? 0, storeId),
    enabled: id !== null,
  });
}
