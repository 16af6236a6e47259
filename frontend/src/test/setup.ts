import "@testing-library/jest-dom/vitest";
import { cleanup } from "@testing-library/react";
import { afterEach } from "vitest";

// Tests read English texts; the i18n module picks its language from <html lang> when loaded.
document.documentElement.lang = "en";
await import("../i18n");

afterEach(() => {
  cleanup();
});
