import Button from "@mui/material/Button";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { clearSession } from "../../api/session";
import { mountIsland } from "../../islands/mount";
import { pageContext } from "../../islands/pageContext";
import { SignInLayout } from "./SignInLayout";
import { currentQuery } from "./signInSession";
import { withNext } from "./signInUrls";

/** /relogin (spec §2.1, §4 logout): the session is cleared; a button to log in again, on the page
 * where this site signs people in (the account login when enterprise chat is not set up), coming
 * back to `next`: the page the session ended on, whose form drafts are then restored. */
export function ReloginPage({ signInPage = pageContext().signInPage }: { signInPage?: string }) {
  const { t } = useTranslation("signIn");
  const [next] = useState(() => currentQuery().get("next"));
  useEffect(() => {
    clearSession({ keepDrafts: true });
  }, []);
  return (
    <SignInLayout title={t("relogin.title")}>
      <Button variant="contained" size="large" fullWidth href={withNext(signInPage, next)}>
        {t("relogin.again")}
      </Button>
    </SignInLayout>
  );
}

mountIsland(<ReloginPage />);
