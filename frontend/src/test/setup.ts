import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { afterEach, vi } from "vitest";

// The test browser prefers reduced motion, so MUI's transitions (dialogs, menus, collapses) end at
// once instead of each waiting 200 ms of real time; any other media query does not match.
window.matchMedia = (query: string): MediaQueryList => ({
  matches: query === "(prefers-reduced-motion: reduce)",
  media: query,
  onchange: null,
  addListener: () => undefined,
  removeListener: () => undefined,
  addEventListener: () => undefined,
  removeEventListener: () => undefined,
  dispatchEvent: () => false,
});

// A call no test answers is refused at once, as with no server behind the page; the DOM would
// otherwise try its own address (localhost:3000) and log each refused connection.
const noServer = (): Promise<Response> => Promise.reject(new TypeError("no server in the tests"));
globalThis.fetch = noServer;
window.fetch = noServer;

// `make test` runs Vitest beside the Python suite at a lower priority, so a render may wait for a
// core: a `findBy…` waits up to 10 s (it returns as soon as the element is there), not 1 s.
configure({ asyncUtilTimeout: 10_000 });

// Tests read English texts; the i18n module picks its language from <html lang> when loaded.
document.documentElement.lang = "en";
await import("../i18n");
// After the language is set: these load modules that read it.
const { queryClient } = await import("../islands/queryClient");
const { dismissAllNotices } = await import("./notices");

// A failed query is still retried as on a page, but at once: the pages' waits of 1 s and 2 s between
// tries would be idle time of a test worker, not more of a test.
const pageDefaults = queryClient.getDefaultOptions();
queryClient.setDefaultOptions({ ...pageDefaults, queries: { ...pageDefaults.queries, retryDelay: 0 } });

// The test files of a worker share one document and one set of globals (vite.config.ts, isolate:
// false), and the modules' own state (the islands' query client, the shell's notices): each test
// leaves them as it found them.
afterEach(() => {
  cleanup();
  queryClient.clear();
  dismissAllNotices();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  window.localStorage.clear();
  window.sessionStorage.clear();
});
