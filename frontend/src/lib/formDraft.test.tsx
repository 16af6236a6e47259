import { act, fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { clearSession, saveSession } from "../api/session";
import { sessionInfo } from "../test/fixtures";
import { dismissAllNotices, noticeTexts } from "../test/notices";
import { hasFormDraft, settleDrafts, useFormDraft } from "./formDraft";

function NameForm({ onSaved }: { onSaved?: () => void }) {
  const [form, setForm] = useState({ name: "", remark: "" });
  const draft = useFormDraft("member.create", form, setForm);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        draft.discard();
        onSaved?.();
      }}
    >
      <input aria-label="Name" value={form.name} onChange={(e) => setForm({ ...form, name: e.target.value })} />
      <input aria-label="Remark" value={form.remark} onChange={(e) => setForm({ ...form, remark: e.target.value })} />
      <button type="submit">Save</button>
    </form>
  );
}

function signIn(loginName = "SY00002") {
  saveSession(sessionInfo({ loginName }));
}

/** The page reloads after the sign-in: a new render of the same form on the same address. */
function reload() {
  settleDrafts();
  return render(<NameForm />);
}

describe("form drafts over a new sign-in", () => {
  beforeEach(() => {
    window.localStorage.clear();
    window.sessionStorage.clear();
    window.history.replaceState(null, "", "/memberList");
    signIn();
  });
  afterEach(() => {
    act(() => dismissAllNotices());
  });

  it("restores what was typed after the session ended and the same person signed in again", () => {
    render(<NameForm />);
    fireEvent.change(screen.getByLabelText("Name"), { target: { value: "Wang Fang" } });
    fireEvent.change(screen.getByLabelText("Remark"), { target: { value: "a long remark typed for half an hour" } });
    // The session runs out: the page goes away without React unmounting anything.
    clearSession({ keepDrafts: true });
    document.body.innerHTML = "";
    signIn();

    expect(hasFormDraft("member.create")).toBe(true);
    reload();
    expect(screen.getByLabelText("Name")).toHaveValue("Wang Fang");
    expect(screen.getByLabelText("Remark")).toHaveValue("a long remark typed for half an hour");
    expect(noticeTexts()).toContain("Your unsaved entries were restored: check them and save.");
  });

  it("keeps the draft until the save, then drops it", () => {
    render(<NameForm />);
    fireEvent.change(screen.getByLabelText("Name"), { target: { value: "Li" } });
    expect(hasFormDraft("member.create")).toBe(true);
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(hasFormDraft("member.create")).toBe(false);
  });

  it("drops the draft when the form closes, and a draft of another page is not this page's", () => {
    const { unmount } = render(<NameForm />);
    fireEvent.change(screen.getByLabelText("Name"), { target: { value: "Li" } });
    window.history.replaceState(null, "", "/storeBasicInfo");
    expect(hasFormDraft("member.create")).toBe(false);
    window.history.replaceState(null, "", "/memberList");
    unmount();
    expect(hasFormDraft("member.create")).toBe(false);
  });

  it("gives another person's draft to nobody", () => {
    render(<NameForm />);
    fireEvent.change(screen.getByLabelText("Name"), { target: { value: "Wang Fang" } });
    clearSession({ keepDrafts: true });
    document.body.innerHTML = "";
    signIn("SY00003");
    reload();
    expect(screen.getByLabelText("Name")).toHaveValue("");
    expect(window.sessionStorage.length).toBe(0);
  });

  it("drops drafts on a page load that does not follow an ended session, and on logout", () => {
    render(<NameForm />);
    fireEvent.change(screen.getByLabelText("Name"), { target: { value: "Wang Fang" } });
    document.body.innerHTML = ""; // navigated away by a link: the session goes on
    reload();
    expect(screen.getByLabelText("Name")).toHaveValue("");

    fireEvent.change(screen.getByLabelText("Name"), { target: { value: "Li" } });
    clearSession(); // the person logs out
    expect(window.sessionStorage.length).toBe(0);
  });
});
