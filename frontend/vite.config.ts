import { readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import path from "node:path";
import react from "@vitejs/plugin-react";
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

export default defineConfig({
  root,
  base: "/static/dist/",
  plugins: [react()],
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
    rollupOptions: {
      input: { ...collectPageEntries(), ...collectShellEntries() },
    },
  },
  test: {
    environment: "jsdom",
    setupFiles: ["./src/test/setup.ts"],
    include: ["src/**/*.test.{ts,tsx}"],
  },
});
