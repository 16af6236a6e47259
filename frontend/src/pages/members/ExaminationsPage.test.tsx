import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AppProviders } from "../../islands/mount";
import { queryClient } from "../../islands/queryClient";
import { i18n } from "../../i18n";
import { fakeServer, ok, type Routes } from "../../shell/testing/fakeServer";
import { sessionInfo } from "../../test/fixtures";
import { dismissAllNotices } from "../../test/notices";
import { storeToday } from "../../lib/dates";
import { ExaminationsPage } from "./ExaminationsPage";

function examination(id: number, overrides: Record<string, unknown> = {}) {
  return {
    id,
    memberId: 7,
    storeId: 10,
    examinedOn: "2026-03-02",
    examinerId: 4,
    examinerName: "Nurse Li",
    scalpType: "oily",
    scalpTypeName: "oily",
    oiliness: "moderate",
    sensitivity: "mild",
    dandruff: "none",
    hairLoss: "mild",
    hairDensity: "medium",
    hairThickness: "fine",
    notes: "redness at the crown",
    recommendation: "oil-control course",
    photoIds: [31, 32],
    createdAt: "2026-03-02T10:00:00+08:00",
    updatedAt: "2026-03-02T10:00:00+08:00",
    ...overrides,
  };
}

function routes(overrides: Routes = {}): Routes {
  return {
    "GET /rest/member/findById/7": () => ok({ memId: 7, name: "Zhang San" }),
    "GET /rest/examination/list": () => ok({ list: [examination(1)], total: 1 }),
    "GET /rest/examination/examiners": () =>
      ok([
        { id: 4, name: "Nurse Li" },
        { id: 5, name: "Nurse Chen" },
      ]),
    "POST /rest/examination/add": () => ok(examination(2), "saved"),
    "POST /rest/examination/update/1": () => ok(examination(1), "saved"),
    ...overrides,
  };
}

const renderPage = (search = "?memId=7") =>
  render(
    <AppProviders>
      <ExaminationsPage search={search} />
    </AppProviders>,
  );

async function choose(testId: string, option: string) {
  fireEvent.mouseDown(screen.getByTestId(testId));
  fireEvent.click(await screen.findByRole("option", { name: option }));
}

/** The multipart body of the last call to `path`, as [name, value] pairs (files by their name). */
function sentForm(server: ReturnType<typeof fakeServer>, path: string): [string, string][] {
  const call = server.fetch.mock.calls.filter(([input]) => String(input).startsWith(path)).at(-1);
  const body = call?.[1]?.body;
  expect(body).toBeInstanceOf(FormData);
  return [...(body as FormData).entries()].map(([key, value]) => [key, typeof value === "string" ? value : value.name]);
}

beforeEach(async () => {
  await i18n.changeLanguage("en");
  window.localStorage.setItem("erp.session", JSON.stringify(sessionInfo({ storeId: 10 })));
  window.localStorage.setItem("erp.tokens", JSON.stringify({ access: "a1", refresh: "r1", accountVersion: "v1" }));
});

afterEach(() => {
  queryClient.clear();
  vi.unstubAllGlobals();
  window.localStorage.clear();
  dismissAllNotices();
});

describe("ExaminationsPage", () => {
  it("asks for a member when the address names none", () => {
    fakeServer(routes());
    renderPage("");
    expect(screen.getByText("No member chosen: open this page from a member's account")).toBeDefined();
  });

  it("lists the member's examinations with the words of the findings", async () => {
    const server = fakeServer(routes());
    renderPage();
    const row = await screen.findByTestId("examination-row-1");
    expect(row).toHaveTextContent("2026-03-02");
    expect(row).toHaveTextContent("Nurse Li");
    expect(row).toHaveTextContent("Oily");
    expect(row).toHaveTextContent("oil-control course");
    expect(server.callsTo("GET /rest/examination/list")[0]?.query.get("memId")).toBe("7");
  });

  it("shows the empty state", async () => {
    fakeServer(routes({ "GET /rest/examination/list": () => ok({ list: [], total: 0 }) }));
    renderPage();
    expect(await screen.findByText("No examinations yet")).toBeDefined();
  });

  it("records a new examination with a photo as multipart", async () => {
    const server = fakeServer(routes());
    renderPage();
    fireEvent.click(await screen.findByTestId("examination-new"));
    fireEvent.click(screen.getByTestId("examination-save"));
    expect(await screen.findByText("Fill in the date, the examiner and every finding")).toBeDefined();

    await choose("examination-examiner", "Nurse Chen");
    await choose("examination-scalpType", "Dry");
    for (const field of ["oiliness", "sensitivity", "dandruff", "hairLoss"])
      await choose(`examination-${field}`, "Mild");
    await choose("examination-hairDensity", "Dense");
    await choose("examination-hairThickness", "Coarse");
    fireEvent.change(screen.getByTestId("examination-recommendation"), { target: { value: "soothing care" } });
    const photo = new File(["\x89PNG"], "crown.png", { type: "image/png" });
    fireEvent.change(screen.getByTestId("examination-photo-input"), { target: { files: [photo] } });
    expect(await screen.findByText("crown.png")).toBeDefined();
    fireEvent.click(screen.getByTestId("examination-save"));

    await waitFor(() => expect(server.callsTo("POST /rest/examination/add")).toHaveLength(1));
    expect(sentForm(server, "/rest/examination/add")).toEqual([
      ["examinedOn", storeToday()],
      ["examinerId", "5"],
      ["scalpType", "dry"],
      ["oiliness", "mild"],
      ["sensitivity", "mild"],
      ["dandruff", "mild"],
      ["hairLoss", "mild"],
      ["hairDensity", "dense"],
      ["hairThickness", "coarse"],
      ["notes", ""],
      ["recommendation", "soothing care"],
      ["memId", "7"],
      ["photos", "crown.png"],
    ]);
    await waitFor(() => expect(screen.queryByTestId("examination-form")).toBeNull());
  });

  it("refuses a photo of the wrong type or too large before sending anything", async () => {
    fakeServer(routes());
    renderPage();
    fireEvent.click(await screen.findByTestId("examination-new"));
    const gif = new File(["GIF89a"], "a.gif", { type: "image/gif" });
    fireEvent.change(screen.getByTestId("examination-photo-input"), { target: { files: [gif] } });
    expect(await screen.findByText("a photo must be a JPEG, PNG or WebP image")).toBeDefined();
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], "big.jpg", { type: "image/jpeg" });
    fireEvent.change(screen.getByTestId("examination-photo-input"), { target: { files: [big] } });
    expect(await screen.findByText("a photo can be at most 5 MB")).toBeDefined();
    expect(screen.queryByText("big.jpg")).toBeNull();
  });

  it("corrects an examination, removing a photo only after a confirmation", async () => {
    const server = fakeServer(routes());
    renderPage();
    fireEvent.click(await screen.findByTestId("examination-row-1"));
    const form = await screen.findByTestId("examination-form");
    expect(within(form).getByTestId("examination-notes")).toHaveValue("redness at the crown");
    expect(within(form).getByAltText("Examination photo 31")).toHaveAttribute("src", "/rest/examination/photo/31");
    await choose("examination-dandruff", "Severe");
    fireEvent.click(await within(form).findByTestId("photo-toggle-31"));
    fireEvent.click(within(form).getByTestId("examination-save"));
    expect(await screen.findByText("1 photo will be removed for good when the correction is saved.")).toBeDefined();
    expect(server.callsTo("POST /rest/examination/update/1")).toHaveLength(0);
    fireEvent.click(screen.getByTestId("examination-confirm-remove"));
    await waitFor(() => expect(server.callsTo("POST /rest/examination/update/1")).toHaveLength(1));
    const sent = sentForm(server, "/rest/examination/update/1");
    expect(sent).toContainEqual(["dandruff", "severe"]);
    expect(sent).toContainEqual(["removePhotoIds", "31"]);
  });

  it("says so when the member is another store's", async () => {
    fakeServer(
      routes({
        "GET /rest/member/findById/7": () => ({ status: 404, errcode: "SYS-40400", errmsg: "not found" }),
      }),
    );
    renderPage();
    expect(await screen.findByText("The member was not found in your stores")).toBeDefined();
  });
});
