import { Button } from "@mui/material";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { clearSession } from "../../api/session";
import { mountIsland } from "../../islands/mount";
import { SignInLayout } from "./SignInLayout";
import { LOGIN_PAGE } from "./signInUrls";

/** /relogin (spec §2.1, §4 logout): the session is cleared; a button to log in again. */
export function ReloginPage() {
  const { t } = useTranslation("signIn");
  useEffect(() => {
    clearSession();
  }, []);
  return (
    <SignInLayout title={t("relogin.title")}>
      <Button variant="contained" size="large" fullWidth href={LOGIN_PAGE}>
        {t("relogin.again")}
      </Button>
    </SignInLayout>
  );
}

mountIsland(<ReloginPage />);
