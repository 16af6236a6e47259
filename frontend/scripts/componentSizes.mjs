// Lists the React function components in src (tests and generated code aside) with their length in
// lines, longest first, so a component that has grown past the house limit is easy to see.
// Usage: node scripts/componentSizes.mjs [--over N]
// A component is a capitalised function (declaration, arrow or function expression, also inside
// memo()/forwardRef()) whose body holds JSX; it is measured from its first line to its last.
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import ts from "typescript";

const root = new URL("../src/", import.meta.url).pathname;
const overIndex = process.argv.indexOf("--over");
const over = overIndex === -1 ? 0 : Number(process.argv[overIndex + 1]);

function sourceFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "generated" ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts")
      ? [path]
      : [];
  });
}

function holdsJsx(node) {
  if (ts.isJsxElement(node) || ts.isJsxSelfClosingElement(node) || ts.isJsxFragment(node)) return true;
  return ts.forEachChild(node, holdsJsx) ?? false;
}

function isFunction(node) {
  return node && (ts.isArrowFunction(node) || ts.isFunctionExpression(node));
}

/** The function a `const X = ...` holds, looking through memo(...) and forwardRef(...). */
function assignedFunction(initializer) {
  if (isFunction(initializer)) return initializer;
  if (initializer && ts.isCallExpression(initializer)) return initializer.arguments.find(isFunction);
  return undefined;
}

const components = [];
for (const path of sourceFiles(root)) {
  const source = ts.createSourceFile(path, readFileSync(path, "utf8"), ts.ScriptTarget.Latest, true);
  const lineOf = (position) => source.getLineAndCharacterOfPosition(position).line + 1;
  const record = (name, fn, whole) => {
    if (!/^[A-Z]/.test(name) || !fn.body || !holdsJsx(fn.body)) return;
    const start = lineOf(whole.getStart(source));
    components.push({ file: relative(root, path), name, start, lines: lineOf(whole.getEnd()) - start + 1 });
  };
  const visit = (node) => {
    if (ts.isFunctionDeclaration(node) && node.name) record(node.name.text, node, node);
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name)) {
      const fn = assignedFunction(node.initializer);
      if (fn) record(node.name.text, fn, node);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
}

components.sort((a, b) => b.lines - a.lines || a.file.localeCompare(b.file));
const shown = components.filter((component) => component.lines > over);
for (const { file, name, start, lines } of shown)
  console.log(`${String(lines).padStart(5)}  ${file}:${start}  ${name}`);
console.log(`${shown.length} of ${components.length} components${over ? ` over ${over} lines` : ""}`);
