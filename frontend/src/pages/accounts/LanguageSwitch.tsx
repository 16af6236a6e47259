import ToggleButton from "@mui/material/ToggleButton";
import ToggleButtonGroup from "@mui/material/ToggleButtonGroup";
import { useTranslation } from "react-i18next";
import { LANGUAGES, normalizeLanguage, switchLanguage, type Language } from "../../i18n";

/** 简体中文 / English on every sign-in page; the server answers in the chosen language too. */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation("common");
  const current = normalizeLanguage(i18n.language);
  return (
    <ToggleButtonGroup
      size="small"
      exclusive
      value={current}
      aria-label={t("language")}
      onChange={(_event, language: Language | null) => {
        if (language && language !== current) void switchLanguage(language);
      }}
    >
      {LANGUAGES.map((language) => (
        <ToggleButton key={language} value={language} lang={language} sx={{ px: 1.5, py: 0.25, textTransform: "none" }}>
          {t(`languages.${language}`)}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}
