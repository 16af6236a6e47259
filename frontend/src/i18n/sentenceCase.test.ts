import { describe, expect, it } from "vitest";

/** English texts are in sentence case (issue 28 §9): buttons, titles and labels read "Save changes",
 * not "Save Changes" (and the theme no longer turns them into capitals). A word inside a sentence
 * starts with a capital only when it is a name or an abbreviation listed here. */

type Tree = { [key: string]: string | Tree };

const files = import.meta.glob<{ default: Tree }>("./locales/en/*.json", { eager: true });

const NAMES = new Set([
  "Alipay",
  "China",
  "Enter",
  "Excel",
  "Find",
  "HH",
  "Hong",
  "JPEG",
  "Kong",
  "MB",
  "Macao",
  "Macau",
  "Mainland",
  "PDF",
  "PNG",
  "Pay",
  "QR",
  "SMS",
  "WeChat",
  "WebP",
]);

function english(): [string, string][] {
  const found: [string, string][] = [];
  const walk = (tree: Tree, path: string) => {
    for (const [key, value] of Object.entries(tree)) {
      if (typeof value === "string") found.push([`${path}${key}`, value]);
      else walk(value, `${path}${key}.`);
    }
  };
  for (const [file, module] of Object.entries(files)) walk(module.default, `${file.replace(/^.*\//, "")}:`);
  return found;
}

/** The capitalised words of a text that do not start a sentence (or a quotation, or a list after a
 * colon), placeholders left out. */
function midSentenceCapitals(text: string): string[] {
  const words = text.replace(/\{\{[^}]*\}\}/g, "x").split(/\s+/);
  const found: string[] = [];
  words.forEach((word, index) => {
    const previous = words[index - 1] ?? "";
    const starts = index === 0 || /[.?!:—]$/.test(previous) || /^["“(+]/.test(word) || /^\+?\d+$/.test(previous);
    const bare = /[A-Za-z]+/.exec(word)?.[0] ?? "";
    if (!starts && /^[A-Z]/.test(bare) && !NAMES.has(bare)) found.push(word);
  });
  return found;
}

describe("English texts", () => {
  it("reads the catalogue", () => expect(english().length).toBeGreaterThan(500));

  it("are in sentence case", () => {
    const found = english()
      .map(([key, text]) => [key, midSentenceCapitals(text)] as const)
      .filter(([, words]) => words.length);
    expect(found).toEqual([]);
  });

  it("catches a title-cased button", () => expect(midSentenceCapitals("Save Changes")).toEqual(["Changes"]));
});
