import { createTheme, type Theme } from "@mui/material/styles";
import { enUS, zhCN } from "@mui/material/locale";

/** The one font of every page, the 404 page and the server's own pages too (apps/pages/tests). */
export const FONT_FAMILY = '"PingFang SC", "Microsoft YaHei", "Noto Sans CJK SC", "Helvetica Neue", Arial, sans-serif';

const options = {
  palette: {
    primary: { main: "#2e7d6b" },
    secondary: { main: "#b5835a" },
    background: { default: "#f5f7f6" },
  },
  shape: { borderRadius: 8 },
  // A user whose system asks for reduced motion gets dialogs, menus and collapses without animation
  // (WCAG 2.3.3); the tests' browsers ask for it too, so nothing waits for an animation to end.
  motion: { reducedMotion: "system" as const },
  typography: {
    fontFamily: FONT_FAMILY,
    // Buttons and tabs read as written, in sentence case ("Save changes"), not MUI's ALL CAPS.
    button: { textTransform: "none" as const },
  },
};

/** One theme per language: MUI's own texts (pagination's "Rows per page", "1–10 of 46", a
 * dialog's close label...) come from its locale object, so they follow the chosen language. */
const themes: Record<"zh-hans" | "en", Theme> = {
  "zh-hans": createTheme(options, zhCN),
  en: createTheme(options, enUS),
};

export function themeFor(language: string): Theme {
  return language.toLowerCase().startsWith("zh") ? themes["zh-hans"] : themes.en;
}

export const theme = themes["zh-hans"];
