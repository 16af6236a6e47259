import { describe, expect, it } from "vitest";
import type { MoveInDetail } from "../../api/moveIn";
import { emptyLine, lineBody, linesFrom, moveInBody, type MemberDraft } from "./moveInDraft";

const member: MemberDraft = { lookup: null, name: " Li Na ", areaCode: "0086", phone: " 13800000000 ", birthday: "" };
const source = { sourceBrand: " Old brand ", sourceStore: " Old store ", remark: "" };

describe("the move-in draft", () => {
  it("starts a package with one project row to fill and a stored-value card with none", () => {
    expect(emptyLine("package").sessions).toEqual([{ projectId: "", sessions: "" }]);
    expect(emptyLine().sessions).toEqual([]);
    expect(emptyLine().key).not.toBe(emptyLine().key);
  });

  it("sends a stored-value card's balance and coefficient, a package's chosen projects only", () => {
    const card = { ...emptyLine(), oldCardName: " Gold ", cardTypeId: 3, oldBalance: "", coefficient: "" };
    expect(lineBody(card)).toEqual({
      oldCardName: "Gold",
      oldCardNo: "",
      kind: "storedValue",
      cardTypeId: 3,
      expiresOn: null,
      oldBalance: "0",
      coefficient: "1",
    });
    const sessions = [
      { projectId: 5, sessions: "4" },
      { projectId: "" as const, sessions: "9" },
    ];
    const pack = { ...emptyLine("package"), expiresOn: "2027-01-31", sessions };
    expect(lineBody(pack)).toMatchObject({ kind: "package", cardTypeId: 0, expiresOn: "2027-01-31" });
    expect(lineBody(pack).sessions).toEqual([{ projectId: 5, sessions: 4 }]);
  });

  it("names a member found by id and a new one by its details", () => {
    expect(moveInBody(member, source, [])).toEqual({
      name: "Li Na",
      areaCode: "0086",
      phone: "13800000000",
      birthday: null,
      sourceBrand: "Old brand",
      sourceStore: "Old store",
      remark: "",
      lines: [],
    });
    const found = { ...member, lookup: { member: { memId: 9 } } } as unknown as MemberDraft;
    expect(moveInBody(found, source, [])).toMatchObject({ memId: 9 });
    expect(moveInBody(found, source, [])).not.toHaveProperty("phone");
  });

  it("reads a saved move-in back, the coefficient without its trailing zeros", () => {
    const saved = {
      lines: [
        {
          oldCardName: "Gold",
          oldCardNo: "A1",
          kind: "storedValue",
          cardTypeId: 3,
          oldBalance: "100.00",
          coefficient: "1.2000",
          expiresOn: null,
          sessions: [],
        },
        {
          oldCardName: "Facial",
          oldCardNo: "",
          kind: "package",
          cardTypeId: 4,
          oldBalance: "0.00",
          coefficient: "1.0000",
          expiresOn: "2027-01-31",
          sessions: [{ projectId: 5, sessions: 4 }],
        },
      ],
    } as unknown as MoveInDetail;
    const [card, pack] = linesFrom(saved);
    expect(card).toMatchObject({ oldBalance: "100.00", coefficient: "1.2", expiresOn: "" });
    expect(pack).toMatchObject({ oldBalance: "", coefficient: "1", sessions: [{ projectId: 5, sessions: "4" }] });
  });
});
