import Box from "@mui/material/Box";
import CircularProgress from "@mui/material/CircularProgress";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { LanguageSwitch } from "./LanguageSwitch";

interface SignInLayoutProps {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  /** Links under the card's content. */
  footer?: ReactNode;
}

/** The frame of every sign-in page: a centred card with the product name and the language switch. */
export function SignInLayout({ title, subtitle, children, footer }: SignInLayoutProps) {
  const { t } = useTranslation("common");
  return (
    <Box
      component="main"
      sx={{
        minHeight: "100vh",
        display: "flex",
        alignItems: "center",
        justifyContent: "center",
        p: 2,
        background: "linear-gradient(135deg, #e7f1ee 0%, #f5f7f6 55%, #f3ece5 100%)",
      }}
    >
      <Paper elevation={3} sx={{ width: "100%", maxWidth: 440, p: { xs: 3, sm: 4 } }}>
        <Stack direction="row" sx={{ alignItems: "center", justifyContent: "space-between", mb: 3, gap: 1 }}>
          <Typography variant="subtitle1" component="p" sx={{ color: "primary.main", fontWeight: 600 }}>
            {t("appName")}
          </Typography>
          <LanguageSwitch />
        </Stack>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 600, mb: subtitle ? 1 : 3 }}>
          {title}
        </Typography>
        {subtitle ? (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 3 }}>
            {subtitle}
          </Typography>
        ) : null}
        {children}
        {footer ? (
          <Stack direction="row" sx={{ mt: 3, gap: 2, flexWrap: "wrap", justifyContent: "center" }}>
            {footer}
          </Stack>
        ) : null}
      </Paper>
    </Box>
  );
}

/** A spinner with a line of text, for the steps that sign in by themselves. */
export function Working({ text }: { text: string }) {
  return (
    <Stack role="status" aria-live="polite" sx={{ alignItems: "center", gap: 2, py: 4 }}>
      <CircularProgress size={32} />
      <Typography color="text.secondary">{text}</Typography>
    </Stack>
  );
}
