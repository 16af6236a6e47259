import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { messagingKeys } from "../../api/messaging";
import { AppProviders } from "../../islands/mount";
import { queryClient } from "../../islands/queryClient";
import { dismissAllNotices, noticeTexts } from "../../test/notices";
import { fakeServer, ok, type Routes } from "../../shell/testing/fakeServer";
import { MessageDetailPage } from "./MessageDetailPage";
import { MessageListPage } from "./MessageListPage";
import { TaskDetailPage } from "./TaskDetailPage";
import { TaskListPage } from "./TaskListPage";

function message(id: number, isRead: boolean) {
  return {
    id,
    msgName: `Message ${id}`,
    msgType: 1,
    msgTypeName: "Notice",
    pushTime: "2025-03-01T09:05:00+08:00",
    pushUserName: "Head office",
    insertTime: "2025-03-01T09:00:00+08:00",
    isRead,
    mandatory: id === 1,
  };
}

function task(id: number, type: number, isRead: boolean) {
  return {
    id,
    type,
    typeName: type === 1 ? "arrears notice" : "payment notice",
    msgName: `Task ${id}`,
    amount: "1234.50",
    dueDate: "2025-03-31",
    createdAt: "2025-03-01T09:05:00+08:00",
    isRead,
  };
}

function render_(node: React.ReactNode) {
  return render(<AppProviders>{node}</AppProviders>);
}

beforeEach(() => {
  window.localStorage.setItem("erp.session", JSON.stringify({ storeId: 10 }));
});

afterEach(() => {
  queryClient.clear();
  vi.unstubAllGlobals();
  window.localStorage.clear();
  dismissAllNotices();
});

describe("MessageListPage", () => {
  function messageRoutes(overrides: Routes = {}): Routes {
    const read = new Set<number>([2]);
    return {
      "GET /rest/messageCenter/findMsgType": () => ok([{ id: 1, name: "Notice" }]),
      "GET /rest/messageCenter/searchMsg": () =>
        ok({ list: [1, 2, 3].map((id) => message(id, read.has(id))), total: 23 }),
      "POST /rest/messageCenter/batchReadMsg": (call) => {
        for (const id of (call.body as { ids: number[] }).ids) read.add(id);
        return ok({ marked: 1 }, "marked as read");
      },
      ...overrides,
    };
  }

  it("lists messages, unread ones bold, with their detail links and paging", async () => {
    const server = fakeServer(messageRoutes());
    render_(<MessageListPage />);

    const link = await screen.findByRole("link", { name: "Message 1" });
    expect(link).toHaveAttribute("href", "/messageDetail?id=1");
    const rows = screen.getAllByRole("row").slice(1);
    expect(rows.map((row) => row.getAttribute("data-unread"))).toEqual(["true", null, "true"]);
    expect(within(rows[0] as HTMLElement).getByText("Forced notice")).toBeInTheDocument();
    expect(screen.getByText("1–10 of 23")).toBeInTheDocument();
    expect(screen.getAllByText("2025-03-01 09:05")).toHaveLength(3);
    const first = server.callsTo("GET /rest/messageCenter/searchMsg")[0]?.query;
    expect(Object.fromEntries(first ?? [])).toEqual({ pageNo: "1", pageSize: "10" });

    fireEvent.click(screen.getByRole("button", { name: /next page/i }));
    await waitFor(() =>
      expect(server.callsTo("GET /rest/messageCenter/searchMsg").at(-1)?.query.get("pageNo")).toBe("2"),
    );
  });

  it("filters by read state and keyword, from the first page", async () => {
    const server = fakeServer(messageRoutes());
    render_(<MessageListPage />);
    await screen.findByRole("link", { name: "Message 1" });

    fireEvent.mouseDown(screen.getByRole("combobox", { name: "Read state" }));
    fireEvent.click(await screen.findByRole("option", { name: "Unread" }));
    await waitFor(() =>
      expect(server.callsTo("GET /rest/messageCenter/searchMsg").at(-1)?.query.get("isRead")).toBe("2"),
    );

    fireEvent.change(screen.getByLabelText("Keyword"), { target: { value: " opening " } });
    fireEvent.click(screen.getByRole("button", { name: "Search" }));
    await waitFor(() =>
      expect(Object.fromEntries(server.callsTo("GET /rest/messageCenter/searchMsg").at(-1)?.query ?? [])).toEqual({
        pageNo: "1",
        pageSize: "10",
        isRead: "2",
        keyword: "opening",
      }),
    );
  });

  it("marks the selected unread messages read and refreshes the list and the badge", async () => {
    const server = fakeServer(messageRoutes({ "GET /rest/messageCenter/searchCountMsg": () => ok(2) }));
    // The top bar's badge query lives in the same QueryClient.
    void queryClient.prefetchQuery({ queryKey: messagingKeys.messageCount(10), queryFn: () => 2 });
    render_(<MessageListPage />);

    const markButton = screen.getByRole("button", { name: "Mark as read" });
    fireEvent.click(await screen.findByRole("checkbox", { name: "Select Message 1" }));
    fireEvent.click(screen.getByRole("checkbox", { name: "Select Message 2" }));
    expect(markButton).toBeEnabled();
    fireEvent.click(markButton);

    await waitFor(() => expect(server.callsTo("POST /rest/messageCenter/batchReadMsg")).toHaveLength(1));
    expect(server.callsTo("POST /rest/messageCenter/batchReadMsg")[0]?.body).toEqual({ ids: [1] });
    await waitFor(() => expect(noticeTexts()).toContain("marked as read"));
    await waitFor(() => expect(server.callsTo("GET /rest/messageCenter/searchMsg")).toHaveLength(2));
    await waitFor(() => expect(screen.getAllByRole("row")[1]).not.toHaveAttribute("data-unread"));
    expect(queryClient.getQueryState(messagingKeys.messageCount(10))?.isInvalidated).toBe(true);
  });

  it("selects the whole page from the header checkbox", async () => {
    fakeServer(messageRoutes());
    render_(<MessageListPage />);
    await screen.findByRole("link", { name: "Message 1" });
    const all = screen.getByRole("checkbox", { name: "Select all on this page" });
    fireEvent.click(all);
    expect(screen.getByText("3 selected")).toBeInTheDocument();
    expect(all).toBeChecked();
    fireEvent.click(all);
    expect(screen.queryByText("3 selected")).not.toBeInTheDocument();
  });

  it("shows an empty state", async () => {
    fakeServer(messageRoutes({ "GET /rest/messageCenter/searchMsg": () => ok({ list: [], total: 0 }) }));
    render_(<MessageListPage />);
    expect(await screen.findByText("No messages")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Mark as read" })).toBeDisabled();
  });

  it("shows a failure with a retry", async () => {
    let fail = true;
    fakeServer(
      messageRoutes({
        "GET /rest/messageCenter/searchMsg": () =>
          fail
            ? { status: 500, errcode: "SYS-50000", errmsg: "sorry, your request has encountered an error" }
            : ok({ list: [message(9, false)], total: 1 }),
      }),
    );
    render_(<MessageListPage />);
    const retry = await screen.findByRole("button", { name: "Try again" });
    expect(screen.getByText("sorry, your request has encountered an error")).toBeInTheDocument();
    fail = false;
    fireEvent.click(retry);
    expect(await screen.findByRole("link", { name: "Message 9" })).toBeInTheDocument();
  });
});

describe("TaskListPage", () => {
  it("lists the store's tasks with amount and due date, filters by type and marks read", async () => {
    const server = fakeServer({
      "GET /rest/taskCenterRest/searchTaskStore": () => ok({ list: [task(1, 1, false), task(2, 2, true)], total: 2 }),
      "POST /rest/taskCenterRest/batchReadTaskStore": () => ok({ marked: 1 }, "marked as read"),
    });
    render_(<TaskListPage />);

    expect(await screen.findByRole("link", { name: "Task 1" })).toHaveAttribute("href", "/taskDetail?id=1");
    expect(screen.getAllByText("¥1,234.50")).toHaveLength(2);
    expect(screen.getAllByText("2025-03-31")).toHaveLength(2);
    expect(Object.fromEntries(server.callsTo("GET /rest/taskCenterRest/searchTaskStore")[0]?.query ?? [])).toEqual({
      storeId: "10",
      pageNo: "1",
      pageSize: "10",
    });

    fireEvent.mouseDown(screen.getByRole("combobox", { name: "Type" }));
    fireEvent.click(await screen.findByRole("option", { name: "Arrears notice" }));
    await waitFor(() =>
      expect(server.callsTo("GET /rest/taskCenterRest/searchTaskStore").at(-1)?.query.get("type")).toBe("1"),
    );

    fireEvent.click(await screen.findByRole("checkbox", { name: "Select Task 1" }));
    fireEvent.click(screen.getByRole("button", { name: "Mark as read" }));
    await waitFor(() => expect(server.callsTo("POST /rest/taskCenterRest/batchReadTaskStore")).toHaveLength(1));
    expect(server.callsTo("POST /rest/taskCenterRest/batchReadTaskStore")[0]?.body).toEqual({ ids: [1], storeId: 10 });
  });

  it("filters unread tasks with isRead=false", async () => {
    const server = fakeServer({ "GET /rest/taskCenterRest/searchTaskStore": () => ok({ list: [], total: 0 }) });
    render_(<TaskListPage />);
    expect(await screen.findByText("No tasks")).toBeInTheDocument();
    fireEvent.mouseDown(screen.getByRole("combobox", { name: "Read state" }));
    fireEvent.click(await screen.findByRole("option", { name: "Unread" }));
    await waitFor(() =>
      expect(server.callsTo("GET /rest/taskCenterRest/searchTaskStore").at(-1)?.query.get("isRead")).toBe("false"),
    );
  });
});

describe("MessageDetailPage", () => {
  it("shows the title, the meta and the sanitised body, and refreshes the badge", async () => {
    const server = fakeServer({
      "GET /rest/messageCenter/getMsgDetail": () =>
        ok({ ...message(4, true), graphicDescription: "<p>Open <em>late</em></p>", showTime: 0 }),
    });
    void queryClient.prefetchQuery({ queryKey: messagingKeys.messageCount(10), queryFn: () => 1 });
    render_(<MessageDetailPage search="?id=4" />);

    expect(await screen.findByRole("heading", { name: "Message 4" })).toBeInTheDocument();
    expect(screen.getByText("late").tagName).toBe("EM");
    expect(screen.getByText("Head office")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Back to messages" })).toHaveAttribute("href", "/messageList");
    expect(server.callsTo("GET /rest/messageCenter/getMsgDetail")[0]?.query.get("id")).toBe("4");
    await waitFor(() => expect(queryClient.getQueryState(messagingKeys.messageCount(10))?.isInvalidated).toBe(true));
  });

  it("says so when the address names no message", () => {
    const server = fakeServer({});
    render_(<MessageDetailPage search="?id=x" />);
    expect(screen.getByText("No record was named in the address.")).toBeInTheDocument();
    expect(server.calls).toHaveLength(0);
  });

  it("says so when the message is not there", async () => {
    fakeServer({});
    render_(<MessageDetailPage search="?id=404" />);
    expect(await screen.findByText("This message does not exist or is not for this store.")).toBeInTheDocument();
  });
});

describe("TaskDetailPage", () => {
  it("shows the amount, the due date and the details", async () => {
    fakeServer({
      "GET /rest/taskCenterRest/getTaskDetailStore": () =>
        ok({ ...task(7, 2, true), content: "Please pay\nby the end of March", storeId: 10, storeName: "Store A" }),
    });
    render_(<TaskDetailPage search="?id=7" />);

    expect(await screen.findByRole("heading", { name: "Task 7" })).toBeInTheDocument();
    expect(screen.getByText("¥1,234.50")).toBeInTheDocument();
    expect(screen.getByText("2025-03-31")).toBeInTheDocument();
    expect(screen.getByText("Store A")).toBeInTheDocument();
    expect(screen.getByText(/by the end of March/)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Back to tasks" })).toHaveAttribute("href", "/taskList");
  });
});
