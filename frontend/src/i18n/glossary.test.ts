import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";

// Outside the frontend's root, so read from disk rather than imported (tests run in frontend/).
const glossary = readFileSync(resolve(process.cwd(), "../docs/glossary.md"), "utf-8");

/** The frontend's texts follow docs/glossary.md (issue 12 §5), as the server catalogue does
 * (apps/core/tests/test_glossary.py): no forbidden variant, 已注销 only for a member file, and no
 * Chinese text left equal to its English one. */

type Tree = { [key: string]: string | Tree };

const files = import.meta.glob<{ default: Tree }>("./locales/*/*.json", { eager: true });

function texts(language: string): Map<string, string> {
  const found = new Map<string, string>();
  const walk = (tree: Tree, path: string) => {
    for (const [key, value] of Object.entries(tree)) {
      if (typeof value === "string") found.set(`${path}${key}`, value);
      else walk(value, `${path}${key}.`);
    }
  };
  for (const [file, module] of Object.entries(files)) {
    const match = /\/locales\/([^/]+)\/([^/]+)\.json$/.exec(file);
    if (match && match[1] === language) walk(module.default, `${match[2]}:`);
  }
  return found;
}

const MEMBER_FILE_ONLY = "已注销";

/** Each variant the glossary's "not" column lists. */
function forbiddenVariants(): string[] {
  const variants: string[] = [];
  for (const line of glossary.split("\n")) {
    const cells = line
      .trim()
      .replace(/^\||\|$/g, "")
      .split("|")
      .map((cell) => cell.trim());
    if (cells.length !== 3 || cells[0] === "English" || cells[0] === "---" || !cells[2]) continue;
    for (const variant of cells[2].split(",")) {
      const word = variant.trim().split(" ")[0];
      if (word && word !== MEMBER_FILE_ONLY) variants.push(word);
    }
  }
  return variants;
}

// Names and marks that read the same in both languages.
const SAME_IN_BOTH = new Set(["common:languages.en", "common:languages.zh-hans", "members:dash"]);

describe("the frontend's Chinese texts follow the glossary", () => {
  const chinese = texts("zh-hans");

  it("reads the glossary's variants", () => {
    expect(forbiddenVariants()).toEqual(expect.arrayContaining(["取消了", "未到店", "客户", "优惠券"]));
  });

  it("uses no variant the glossary forbids", () => {
    const variants = forbiddenVariants();
    const found = [...chinese].filter(([, text]) => variants.some((variant) => text.includes(variant)));
    expect(found).toEqual([]);
  });

  it("says 已注销 only of a member file", () => {
    const found = [...chinese].filter(([key, text]) => text.includes(MEMBER_FILE_ONLY) && !/member/i.test(key));
    expect(found).toEqual([]);
  });

  it("leaves no Chinese text equal to its English one", () => {
    const english = texts("en");
    const same = [...english].filter(
      ([key, text]) => chinese.get(key) === text && !SAME_IN_BOTH.has(key) && !/^[\s\W\d]*$/.test(text),
    );
    // Chinese has one plural form: i18next reads `_other`, so an English `_one` has no Chinese twin.
    const missing = [...english.keys()].filter((key) => !chinese.has(key) && !key.endsWith("_one"));
    expect({ same, missing }).toEqual({ same: [], missing: [] });
  });
});
