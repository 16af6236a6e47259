import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Link from "@mui/material/Link";
import Stack from "@mui/material/Stack";
import { useMutation } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { signInApi, useWecomInfo } from "../../api/signIn";
import { RetryAlert } from "../../components/RetryAlert";
import { mountIsland } from "../../islands/mount";
import { SignInLayout, Working } from "./SignInLayout";
import { currentQuery, dropFromAddress, failureText } from "./signInSession";
import { ACCOUNT_LOGIN_PAGE, wecomAuthorizeUrl } from "./signInUrls";

/**
 * /wxRegister (spec §2.1): an authorize button that goes to enterprise chat's OAuth page; back
 * here with ?code=, the signed-in account is bound to that enterprise-chat member.
 */
export function WxRegisterPage() {
  const { t } = useTranslation("signIn");
  const [code] = useState(() => currentQuery().get("code"));
  const info = useWecomInfo();

  const bind = useMutation({ mutationFn: signInApi.wecomBind });
  const { mutate } = bind;
  const started = useRef(false);
  useEffect(() => {
    if (!code || started.current) return;
    started.current = true;
    dropFromAddress(["code", "state", "appid"]); // a code works once
    mutate(code);
  }, [code, mutate]);

  const binding = (code && bind.isIdle) || bind.isPending;

  return (
    <SignInLayout
      title={t("wxRegister.title")}
      subtitle={t("wxRegister.intro")}
      footer={<Link href={ACCOUNT_LOGIN_PAGE}>{t("links.signIn")}</Link>}
    >
      <Stack sx={{ gap: 2 }}>
        {binding ? <Working text={t("wxRegister.binding")} /> : null}
        {bind.isSuccess ? (
          <Alert severity="success">{t("wxRegister.bound", { loginName: bind.data.loginName })}</Alert>
        ) : null}
        {bind.isError ? <Alert severity="error">{failureText(bind.error, t("common:requestFailed"))}</Alert> : null}
        {info.isError ? <RetryAlert onRetry={() => void info.refetch()}>{t("login.infoFailed")}</RetryAlert> : null}
        {info.data && !info.data.configured ? <Alert severity="info">{t("login.notConfigured")}</Alert> : null}
        {!binding && !bind.isSuccess ? (
          <Button
            variant="contained"
            size="large"
            disabled={!info.data?.configured}
            onClick={() => info.data && window.location.assign(wecomAuthorizeUrl(info.data, window.location.origin))}
          >
            {info.isPending ? t("common:loading") : t("wxRegister.authorize")}
          </Button>
        ) : null}
      </Stack>
    </SignInLayout>
  );
}

mountIsland(<WxRegisterPage />);
