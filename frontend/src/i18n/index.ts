/**
 * react-i18next with English and Simplified Chinese. Each area keeps its texts in its own
 * namespace file, locales/<language>/<namespace>.json; this module loads them all.
 * The language starts as the one the server rendered (<html lang>, from Accept-Language or the
 * Django language cookie) and the top bar switches it (both here and for the server's messages).
 */

import i18next from "i18next";
import { initReactI18next } from "react-i18next";

export const LANGUAGES = ["zh-hans", "en"] as const;
export type Language = (typeof LANGUAGES)[number];

const files = import.meta.glob<{ default: Record<string, unknown> }>("./locales/*/*.json", { eager: true });

function resourcesFrom(modules: typeof files) {
  const resources: Record<string, Record<string, Record<string, unknown>>> = {};
  for (const [file, module] of Object.entries(modules)) {
    const match = file.match(/\.\/locales\/([^/]+)\/([^/]+)\.json$/);
    if (!match) continue;
    const [, language, namespace] = match as unknown as [string, string, string];
    resources[language] ??= {};
    resources[language][namespace] = module.default;
  }
  return resources;
}

/** "en", "en-US" → "en"; anything else → "zh-hans" (the default language). */
export function normalizeLanguage(tag: string | null | undefined): Language {
  const lowered = (tag ?? "").trim().toLowerCase();
  return lowered === "en" || lowered.startsWith("en-") ? "en" : "zh-hans";
}

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources: resourcesFrom(files),
  lng: normalizeLanguage(typeof document !== "undefined" ? document.documentElement.lang : "zh-hans"),
  fallbackLng: "zh-hans",
  // i18next would otherwise rewrite "zh-hans" as "zh-Hans" and miss our resource files.
  lowerCaseLng: true,
  ns: ["common"],
  defaultNS: "common",
  interpolation: { escapeValue: false },
  returnNull: false,
});

const LANGUAGE_COOKIE = "django_language";

/** Switches the page's language; the cookie makes the server answer in it too. */
export async function switchLanguage(language: Language): Promise<void> {
  document.cookie = `${LANGUAGE_COOKIE}=${language}; path=/; max-age=31536000; SameSite=Lax`;
  document.documentElement.lang = language;
  await i18n.changeLanguage(language);
}
