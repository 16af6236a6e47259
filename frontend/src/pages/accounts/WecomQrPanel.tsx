import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import CircularProgress from "@mui/material/CircularProgress";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import { useWecomInfo } from "../../api/signIn";
import { RetryAlert } from "../../components/RetryAlert";
import { wecomQrLoginUrl } from "./signInUrls";

/** The enterprise-chat (WeCom) web-login QR code of /login, or a notice when it is not set up. */
export function WecomQrPanel() {
  const { t } = useTranslation("signIn");
  const info = useWecomInfo();

  if (info.isPending) {
    return (
      <Stack role="status" sx={{ alignItems: "center", py: 6 }}>
        <CircularProgress size={32} aria-label={t("common:loading")} />
      </Stack>
    );
  }
  if (info.isError) {
    return <RetryAlert onRetry={() => void info.refetch()}>{t("login.infoFailed")}</RetryAlert>;
  }
  if (!info.data.configured) {
    return <Alert severity="info">{t("login.notConfigured")}</Alert>;
  }
  return (
    <Stack sx={{ alignItems: "center", gap: 1 }}>
      <Typography variant="body2" color="text.secondary">
        {t("login.scan")}
      </Typography>
      <Box
        component="iframe"
        title={t("login.qrTitle")}
        src={wecomQrLoginUrl(info.data, window.location.origin)}
        sx={{ width: "100%", maxWidth: 360, height: 400, border: 0 }}
      />
    </Stack>
  );
}
