import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AppProviders } from "../../islands/mount";
import { queryClient } from "../../islands/queryClient";
import { fakeServer, ok } from "../../shell/testing/fakeServer";
import { sessionInfo } from "../../test/fixtures";
import { dismissAllNotices, noticeTexts } from "../../test/notices";
import { StaffDetailPage } from "./StaffDetailPage";
import { StaffListPage } from "./StaffListPage";
import { enterPickerText, pickerInput } from "../../test/pickers";

function employee(id: number, overrides: Record<string, unknown> = {}) {
  return {
    id,
    storeId: 10,
    storeName: "Store A",
    name: `Employee ${id}`,
    areaCode: "86",
    phone: "138****0003",
    position: "nurse",
    positionName: "care therapist",
    skillLevel: "senior",
    skillLevelName: "senior",
    hireDate: "2021-03-15",
    status: "active",
    statusName: "active",
    leftDate: null,
    userId: null,
    userAccount: "",
    roles: [],
    createdAt: "2025-01-01T09:00:00+08:00",
    updatedAt: "2025-01-01T09:00:00+08:00",
    ...overrides,
  };
}

function render_(node: ReactNode) {
  return render(<AppProviders>{node}</AppProviders>);
}

beforeEach(() => {
  window.localStorage.setItem("erp.session", JSON.stringify(sessionInfo({ storeId: 10 })));
});

afterEach(() => {
  queryClient.clear();
  vi.unstubAllGlobals();
  window.localStorage.clear();
  dismissAllNotices();
});

describe("StaffListPage", () => {
  it("lists, filters and pages the staff", async () => {
    const server = fakeServer({
      "GET /rest/staffList/list": () =>
        ok({ list: [employee(1), employee(2, { areaCode: "852", phone: "91****78" })], total: 12 }),
    });
    render_(<StaffListPage />);
    expect(await screen.findByRole("link", { name: "Employee 1" })).toHaveAttribute("href", "/staffDetail?id=1");
    expect(screen.getByText("+852 91****78")).toBeInTheDocument();
    expect(Object.fromEntries(server.callsTo("GET /rest/staffList/list")[0]?.query ?? [])).toEqual({
      pageNo: "1",
      pageSize: "10",
      status: "active",
    });

    fireEvent.change(screen.getByLabelText("Name or phone"), { target: { value: " 张 " } });
    fireEvent.click(screen.getByRole("button", { name: "Search" }));
    await waitFor(() => expect(server.callsTo("GET /rest/staffList/list").at(-1)?.query.get("keyword")).toBe("张"));
    fireEvent.mouseDown(screen.getByRole("combobox", { name: "Position" }));
    fireEvent.click(await screen.findByRole("option", { name: "Front desk" }));
    await waitFor(() =>
      expect(server.callsTo("GET /rest/staffList/list").at(-1)?.query.get("position")).toBe("front_desk"),
    );
    fireEvent.click(screen.getByRole("button", { name: /next page/i }));
    await waitFor(() => expect(server.callsTo("GET /rest/staffList/list").at(-1)?.query.get("pageNo")).toBe("2"));
  });

  it("shows the empty state", async () => {
    fakeServer({ "GET /rest/staffList/list": () => ok({ list: [], total: 0 }) });
    render_(<StaffListPage />);
    expect(await screen.findByText("No employees match.")).toBeInTheDocument();
  });

  it("creates an employee after the form's own checks", async () => {
    const server = fakeServer({
      "GET /rest/staffList/list": () => ok({ list: [], total: 0 }),
      "POST /rest/staffList/save": () => ({ status: 201, data: employee(3), errmsg: "saved" }),
    });
    render_(<StaffListPage />);
    fireEvent.click(screen.getByRole("button", { name: "New employee" }));
    const dialog = await screen.findByRole("dialog", { name: "New employee" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await within(dialog).findByText("Please enter the employee's name")).toBeInTheDocument();
    expect(within(dialog).getByText("Please enter an 11-digit mobile number starting with 1")).toBeInTheDocument();
    expect(server.callsTo("POST /rest/staffList/save")).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: "王芳" } });
    fireEvent.change(within(dialog).getByLabelText(/^Phone/), { target: { value: "13912345678" } });
    fireEvent.mouseDown(within(dialog).getByRole("combobox", { name: /^Position/ }));
    fireEvent.click(await screen.findByRole("option", { name: "Care therapist" }));
    enterPickerText(pickerInput(/^Hire date/, within(dialog)), "2024-05-06");
    fireEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(server.callsTo("POST /rest/staffList/save")).toHaveLength(1));
    expect(server.callsTo("POST /rest/staffList/save")[0]?.body).toEqual({
      name: "王芳",
      areaCode: "86",
      phone: "13912345678",
      position: "nurse",
      skillLevel: "",
      hireDate: "2024-05-06",
    });
    await waitFor(() => expect(noticeTexts()).toContain("saved"));
  });

  it("keeps a 12-digit phone and an over-long search as typed and refuses them at the field", async () => {
    const server = fakeServer({
      "GET /rest/staffList/list": () => ok({ list: [], total: 0 }),
      "POST /rest/staffList/save": () => ({ status: 201, data: employee(3), errmsg: "saved" }),
    });
    render_(<StaffListPage />);
    await screen.findByText("No employees match.");
    const keyword = screen.getByLabelText("Name or phone");
    fireEvent.change(keyword, { target: { value: "张".repeat(21) } });
    expect(keyword).toHaveValue("张".repeat(21));
    expect(screen.getByText("At most 20 characters (21 typed)")).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "Search" }));
    expect(server.callsTo("GET /rest/staffList/list").every((call) => !call.query.has("keyword"))).toBe(true);

    fireEvent.click(screen.getByRole("button", { name: "New employee" }));
    const dialog = await screen.findByRole("dialog", { name: "New employee" });
    const phone = within(dialog).getByLabelText(/^Phone/);
    fireEvent.change(phone, { target: { value: "139123456789" } });
    expect(phone).toHaveValue("139123456789");
    expect(within(dialog).getByText("At most 11 characters (12 typed)")).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(phone).toHaveAttribute("aria-invalid", "true");
    expect(server.callsTo("POST /rest/staffList/save")).toHaveLength(0);
  });

  it("records a leaving after the confirmation", async () => {
    const server = fakeServer({
      "GET /rest/staffList/list": () => ok({ list: [employee(1)], total: 1 }),
      "POST /rest/staffList/leave": () => ok(employee(1, { status: "left" }), "saved"),
    });
    render_(<StaffListPage />);
    fireEvent.click(await screen.findByRole("button", { name: "Leave" }));
    const dialog = await screen.findByRole("dialog", { name: "Record leaving" });
    enterPickerText(pickerInput("Leaving date", within(dialog)), "2020-01-01");
    fireEvent.click(within(dialog).getByRole("button", { name: "Confirm leaving" }));
    expect(await within(dialog).findByText("The leaving date cannot be before the hire date")).toBeInTheDocument();
    enterPickerText(pickerInput("Leaving date", within(dialog)), "2024-06-30");
    fireEvent.click(within(dialog).getByRole("button", { name: "Confirm leaving" }));
    await waitFor(() =>
      expect(server.callsTo("POST /rest/staffList/leave")[0]?.body).toEqual({ id: 1, leftDate: "2024-06-30" }),
    );
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });
});

describe("StaffDetailPage", () => {
  it("shows an employee with their durations, adds and closes one", async () => {
    let durations: { id: number; projectId: number | null; category: string; minutes: number; updatedAt: string }[] = [
      { id: 5, projectId: null, category: "头皮护理", minutes: 60, updatedAt: "" },
    ];
    const server = fakeServer({
      "GET /rest/staffList/detail/1": () =>
        ok({ ...employee(1, { phone: "13800000003", userAccount: "SY00003", roles: ["Nurse"] }), durations }),
      "PUT /rest/staffList/saveDurationInfo": () => {
        durations = [...durations, { id: 6, projectId: 7, category: "", minutes: 90, updatedAt: "" }];
        return ok(durations[1], "saved");
      },
      "PUT /rest/staffList/closeDurationInfo": () => {
        durations = durations.filter((row) => row.id !== 5);
        return ok({ id: 5 }, "saved");
      },
    });
    render_(<StaffDetailPage search="?id=1" />);
    expect(await screen.findByText("13800000003")).toBeInTheDocument();
    expect(screen.getByText("SY00003")).toBeInTheDocument();
    expect(screen.getByText("头皮护理")).toBeInTheDocument();

    const form = screen.getByRole("form", { name: "Add a service duration" });
    fireEvent.mouseDown(within(form).getByRole("combobox", { name: "For" }));
    fireEvent.click(await screen.findByRole("option", { name: "A project" }));
    fireEvent.change(within(form).getByLabelText("Project id"), { target: { value: "7" } });
    fireEvent.change(within(form).getByLabelText("Minutes"), { target: { value: "90" } });
    fireEvent.click(within(form).getByRole("button", { name: "Save duration" }));
    await waitFor(() =>
      expect(server.callsTo("PUT /rest/staffList/saveDurationInfo")[0]?.body).toEqual({
        employeeId: 1,
        projectId: 7,
        category: "",
        minutes: 90,
      }),
    );
    expect(await screen.findByText("Project #7")).toBeInTheDocument();
    fireEvent.click(screen.getAllByRole("button", { name: "Close" })[0] as HTMLElement);
    await waitFor(() => expect(screen.queryByText("头皮护理")).not.toBeInTheDocument());
  });

  it("says not found for another store's employee", async () => {
    fakeServer({});
    render_(<StaffDetailPage search="?id=99" />);
    expect(await screen.findByText("Employee not found.")).toBeInTheDocument();
  });
});
