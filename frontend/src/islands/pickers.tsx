import { LocalizationProvider } from "@mui/x-date-pickers/LocalizationProvider";
import { AdapterDayjs } from "@mui/x-date-pickers/AdapterDayjs";
import { enUS, zhCN } from "@mui/x-date-pickers/locales";
import "dayjs/locale/zh-cn";
import type { ReactNode } from "react";

const PICKER_LOCALES = {
  "zh-hans": { adapterLocale: "zh-cn", localeText: zhCN.components.MuiLocalizationProvider.defaultProps.localeText },
  en: { adapterLocale: "en", localeText: enUS.components.MuiLocalizationProvider.defaultProps.localeText },
} as const;

/** The date and time pickers' language (calendar, weekday and button names) follows the page's. */
export function PickerLocale({ language, children }: { language: string; children: ReactNode }) {
  const locale = PICKER_LOCALES[language.toLowerCase().startsWith("zh") ? "zh-hans" : "en"];
  return (
    <LocalizationProvider
      dateAdapter={AdapterDayjs}
      adapterLocale={locale.adapterLocale}
      localeText={locale.localeText}
    >
      {children}
    </LocalizationProvider>
  );
}
