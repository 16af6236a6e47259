// ESLint for the frontend (docs/decisions/0002-frontend-toolchain.md): the JavaScript and
// typescript-eslint recommended rules (syntax only: tsc is the type checker), the React hooks rules,
// and no import from one page folder into another (shared code lives in src/components and src/lib).
import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

const intoPages = { regex: "(^|/)pages/", message: "The shared layer does not import from a page folder." };

// The shell (top bar, menu, guard) sits on top of everything: shared pieces such as notices and
// dialogs live in src/lib and src/components, and the tests' fake server in src/shell/testing is the
// one part others may use.
const outOfShell = {
  regex: "(^|/)shell/(?!testing/)",
  message: "Only the shell imports from src/shell: move the shared piece to src/components or src/lib.",
};

export default tseslint.config(
  { ignores: ["src/api/generated/"] },
  js.configs.recommended,
  tseslint.configs.recommended,
  reactHooks.configs.flat.recommended,
  {
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      // `const { pageNo, ...filters } = query` drops keys on purpose.
      "@typescript-eslint/no-unused-vars": ["error", { ignoreRestSiblings: true }],
      // MUI's path imports (docs/decisions/0037): the barrel makes every test worker and the dev
      // server load all of MUI, and a file's list of components is one line each, not a block that
      // repeats from page to page. Types may still come from the barrel (they are erased).
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          paths: [
            {
              name: "@mui/material",
              message: 'Import each component from its own path: import Button from "@mui/material/Button".',
              allowTypeImports: true,
            },
          ],
        },
      ],
    },
  },
  {
    // A page folder imports only its own files and the shared layer (src/components, src/lib, src/api,
    // src/islands): `../other/...` from a page folder reaches into another page.
    files: ["src/pages/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "^\\.\\./(?!\\.\\./)",
              message:
                "A page folder does not import from another: move the shared piece to src/components or src/lib.",
            },
            outOfShell,
          ],
        },
      ],
    },
  },
  {
    // An area grown into parts (src/pages/billing/till, refunds, ...) mirrors its app's Python parts,
    // which stand on each other by floor (docs/architecture.md): so a part may import a sibling part of
    // its own area (`../till/...`), but `../../other/...` still reaches into another page folder.
    files: ["src/pages/*/*/**/*"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "^\\.\\./\\.\\./(?!\\.\\./)",
              message:
                "A page folder does not import from another: move the shared piece to src/components or src/lib.",
            },
            outOfShell,
          ],
        },
      ],
    },
  },
  {
    // The shared layer never reaches into a page, nor up into the shell.
    files: ["src/components/**", "src/lib/**", "src/api/**", "src/islands/**", "src/i18n/**"],
    rules: { "no-restricted-imports": ["error", { patterns: [intoPages, outOfShell] }] },
  },
  {
    files: ["src/shell/**"],
    rules: { "no-restricted-imports": ["error", { patterns: [intoPages] }] },
  },
  {
    // A test may mount the whole shell around what it tests.
    files: ["src/components/**/*.test.{ts,tsx}"],
    rules: { "no-restricted-imports": ["error", { patterns: [intoPages] }] },
  },
  {
    files: ["scripts/**", "*.config.{js,ts}"],
    languageOptions: { globals: { ...globals.node } },
  },
);
