import { readdirSync } from "node:fs";
import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import path from "node:path";
import react from "@vitejs/plugin-react";
import type { Plugin } from "vite";
import { defineConfig } from "vitest/config";

const root = path.dirname(fileURLToPath(import.meta.url));
const pagesDir = path.join(root, "src", "pages");
const shellDir = path.join(root, "src", "shell");

// One bundle per page: every src/pages/**/[A-Z]*Page.tsx is a build entry, and so is every
// src/shell/*Island.tsx (the top bar that base templates mount beside the page).
// The manifest is keyed by the source path (e.g. "src/pages/core/NotFoundPage.tsx"),
// which is what django-vite looks up from the templates.
const PAGE_FILE = /^[A-Z][A-Za-z0-9]*Page\.tsx$/;
const ISLAND_FILE = /^[A-Z][A-Za-z0-9]*Island\.tsx$/;

export function collectShellEntries(dir: string = shellDir): Record<string, string> {
  const entries: Record<string, string> = {};
  for (const file of readdirSync(dir, { encoding: "utf8" }).sort()) {
    if (ISLAND_FILE.test(file)) entries[`shell/${file.replace(/\.tsx$/, "")}`] = path.join(dir, file);
  }
  return entries;
}

export function collectPageEntries(dir: string = pagesDir): Record<string, string> {
  const entries: Record<string, string> = {};
  const files = readdirSync(dir, { recursive: true, encoding: "utf8" }).sort();
  for (const relative of files) {
    if (!PAGE_FILE.test(path.basename(relative))) continue;
    const posix = relative.split(path.sep).join("/");
    // Entry name "core/NotFoundPage" -> assets/core/NotFoundPage-<hash>.js
    entries[posix.replace(/\.tsx$/, "")] = path.join(dir, relative);
  }
  return entries;
}

// Vite only warns about a chunk over 500 kB; this fails the build instead, so none is ever shipped.
const CHUNK_LIMIT_BYTES = 500_000;

function chunkSizeLimit(): Plugin {
  return {
    name: "erp-chunk-size-limit",
    apply: "build",
    generateBundle(_options, bundle) {
      const over = Object.values(bundle)
        .filter((item) => item.type === "chunk" && Buffer.byteLength(item.code) > CHUNK_LIMIT_BYTES)
        .map((chunk) => chunk.fileName);
      if (over.length > 0) {
        this.error(`chunks over ${CHUNK_LIMIT_BYTES / 1000} kB: ${over.join(", ")} (see VENDOR_CHUNKS)`);
      }
    },
  };
}

// A module goes to the first group whose pattern matches it (priority runs from the top), and takes
// along the modules it imports that no earlier group took: so MUI's core comes before what builds on it.
const VENDOR_CHUNKS = [
  { name: "react", test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
  {
    name: "mui-system",
    test: /node_modules[\\/](@mui[\\/](system|styled-engine|private-theming|utils|types)|@emotion[\\/])/,
  },
  { name: "mui", test: /node_modules[\\/](@mui[\\/]material|@popperjs[\\/]|react-transition-group[\\/])/ },
  // The grid and the charts (the report pages) in chunks of their own: with the date pickers they
  // were one chunk over the limit, and most pages need only the pickers.
  { name: "mui-x-grid", test: /node_modules[\\/]@mui[\\/]x-(data-grid|virtualizer)[\\/]/ },
  { name: "mui-x-charts", test: /node_modules[\\/](@mui[\\/]x-charts[^\\/]*|d3-[^\\/]+|internmap)[\\/]/ },
  { name: "mui-x", test: /node_modules[\\/](@mui[\\/]x-[^\\/]+|dayjs|date-fns)[\\/]/ },
  { name: "mui-icons", test: /node_modules[\\/]@mui[\\/]icons-material[\\/]/ },
].map((group, index, groups) => ({ ...group, priority: groups.length - index }));

export default defineConfig({
  root,
  base: "/static/dist/",
  plugins: [react(), chunkSizeLimit()],
  server: {
    // django-vite (VITE_DEV_MODE=1) loads scripts from here; origin makes asset URLs absolute
    // so they resolve from pages served by Django.
    port: 5173,
    strictPort: true,
    origin: "http://localhost:5173",
  },
  build: {
    outDir: "../static/dist",
    emptyOutDir: true,
    manifest: "manifest.json",
    rolldownOptions: {
      input: { ...collectPageEntries(), ...collectShellEntries() },
      output: {
        // What every page loads would otherwise be one chunk of over 500 kB; split by library
        // instead, so each stays under the limit and a change in one leaves the others cached.
        codeSplitting: { groups: VENDOR_CHUNKS },
      },
    },
  },
  test: {
    // happy-dom, not jsdom: the same 703 tests pass in about 20% less time (docs/decisions/0035).
    environment: "happy-dom",
    setupFiles: ["./src/test/setup.ts"],
    include: ["src/**/*.test.{ts,tsx}"],
    // The page tests render whole MUI pages in a test DOM; on a 2-core machine busy with the Python suite
    // one can pass 5 s, which says nothing about the page.
    testTimeout: 20_000,
    // One worker per core (Vitest's default leaves one core to its main process, idle in a run), and
    // each worker keeps the modules it loaded (React, MUI, i18n) from one test file to the next:
    // loading them again for each of 79 files took more time than the tests. Each test still gets a
    // fresh render; setup.ts puts the document, globals and shared clients back after each test.
    maxWorkers: availableParallelism(),
    isolate: false,
  },
});
