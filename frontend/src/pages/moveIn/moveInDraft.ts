/** Plain rules of the move-in form: the old cards as typed (one line each, with a package's projects
 * and sessions left), read back from a saved move-in, and the body the server saves. */

import type { MemberAreaCode } from "../../api/members";
import type { CardKind, MoveInDetail, MoveInLineBody, MoveInSaveBody, PhoneLookup } from "../../api/moveIn";

export interface SessionDraft {
  projectId: number | "";
  sessions: string;
}

export interface LineDraft {
  key: number;
  oldCardName: string;
  oldCardNo: string;
  kind: CardKind;
  cardTypeId: number | "";
  oldBalance: string;
  coefficient: string;
  expiresOn: string;
  sessions: SessionDraft[];
}

/** What the member part of the form holds: a member found by phone, or a new one's details. */
export interface MemberDraft {
  lookup: PhoneLookup | null;
  name: string;
  areaCode: MemberAreaCode;
  phone: string;
  birthday: string;
}

/** What the form holds besides the member and the lines. */
export interface SourceDraft {
  sourceBrand: string;
  sourceStore: string;
  remark: string;
}

export const MAX_LINES = 20;
export const MAX_PROJECTS = 20;

let nextKey = 1;

/** A package starts with one empty project row to fill; a stored-value card with none. */
export const sessionsFor = (kind: CardKind): SessionDraft[] =>
  kind === "package" ? [{ projectId: "", sessions: "" }] : [];

export function emptyLine(kind: CardKind = "storedValue"): LineDraft {
  return {
    key: nextKey++,
    oldCardName: "",
    oldCardNo: "",
    kind,
    cardTypeId: "",
    oldBalance: "",
    coefficient: "1",
    expiresOn: "",
    sessions: sessionsFor(kind),
  };
}

export function linesFrom(moveIn: MoveInDetail): LineDraft[] {
  return moveIn.lines.map((line) => ({
    key: nextKey++,
    oldCardName: line.oldCardName,
    oldCardNo: line.oldCardNo,
    kind: line.kind,
    cardTypeId: line.cardTypeId,
    oldBalance: line.kind === "storedValue" ? line.oldBalance : "",
    coefficient: line.coefficient.replace(/\.?0+$/, "") || "1",
    expiresOn: line.expiresOn ?? "",
    sessions: line.sessions.map((s) => ({ projectId: s.projectId, sessions: String(s.sessions) })),
  }));
}

export function lineBody(line: LineDraft): MoveInLineBody {
  const body: MoveInLineBody = {
    oldCardName: line.oldCardName.trim(),
    oldCardNo: line.oldCardNo.trim(),
    kind: line.kind,
    cardTypeId: Number(line.cardTypeId) || 0,
    expiresOn: line.expiresOn || null,
  };
  if (line.kind === "storedValue") {
    body.oldBalance = line.oldBalance || "0";
    body.coefficient = line.coefficient || "1";
  } else {
    body.sessions = line.sessions
      .filter((s) => s.projectId !== "")
      .map((s) => ({ projectId: Number(s.projectId), sessions: Number(s.sessions) || 0 }));
  }
  return body;
}

/** The move-in as the server saves it: the member found names itself by id, a new one by its details. */
export function moveInBody(member: MemberDraft, source: SourceDraft, lines: readonly LineDraft[]): MoveInSaveBody {
  const who = member.lookup?.member
    ? { memId: member.lookup.member.memId }
    : {
        name: member.name.trim(),
        areaCode: member.areaCode,
        phone: member.phone.trim(),
        birthday: member.birthday || null,
      };
  return {
    ...who,
    sourceBrand: source.sourceBrand.trim(),
    sourceStore: source.sourceStore.trim(),
    remark: source.remark.trim(),
    lines: lines.map(lineBody),
  };
}
