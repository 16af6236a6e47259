import Alert from "@mui/material/Alert";
import Link from "@mui/material/Link";
import Stack from "@mui/material/Stack";
import { useMutation } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { isLoginAbnormal, signInApi } from "../../api/signIn";
import { mountIsland } from "../../islands/mount";
import { RoleStep } from "./RoleStep";
import { SignInLayout, Working } from "./SignInLayout";
import {
  currentQuery,
  dropFromAddress,
  failureText,
  setFlash,
  startSession,
  stashNext,
  takeFlash,
  takeStashedNext,
  type SignedIn,
} from "./signInSession";
import { ACCOUNT_LOGIN_PAGE, LOGIN_PAGE, withNext } from "./signInUrls";
import { WecomQrPanel } from "./WecomQrPanel";

type AutoLogin = { way: "code"; code: string } | { way: "quick" };

/** ?code= (back from the enterprise-chat QR code) or ?ql=1 (quick login with the cookie). */
function autoLoginFrom(query: URLSearchParams): AutoLogin | null {
  const code = query.get("code");
  if (code) return { way: "code", code };
  if (query.get("ql") === "1") return { way: "quick" };
  return null;
}

/**
 * /login (spec §2.1): the enterprise-chat QR code; ?code= signs in with enterprise chat and
 * ?ql=1 with the quick-login cookie, each followed by the role step; a link to the account login.
 */
interface LoginPageProps {
  /** Sends the browser on; the tests pass a spy. */
  navigate?: (url: string) => void;
}

const assign = (url: string) => window.location.assign(url);

export function LoginPage({ navigate = assign }: LoginPageProps) {
  const { t } = useTranslation("signIn");
  const [query] = useState(currentQuery);
  // Enterprise chat returns to plain /login: the `next` of the visit that showed the QR code is kept.
  const [next] = useState(() => query.get("next") ?? takeStashedNext());
  const [flash] = useState(takeFlash);
  const [auto] = useState(() => autoLoginFrom(query));
  const [signedIn, setSignedIn] = useState<SignedIn | null>(null);

  const autoLogin = useMutation({
    mutationFn: (way: AutoLogin) => (way.way === "code" ? signInApi.wecomLogin(way.code) : signInApi.quickLogin()),
    onSuccess: (info) => setSignedIn(startSession(info)),
    onError: (error, way) => {
      // Spec §8: an abnormal enterprise-chat login goes back to /login (the QR code again).
      if (way.way === "code" && isLoginAbnormal(error)) {
        setFlash(error.message);
        navigate(withNext(LOGIN_PAGE, next));
      }
    },
  });
  const { mutate } = autoLogin;
  const started = useRef(false);
  useEffect(() => {
    if (!auto || started.current) return;
    started.current = true;
    dropFromAddress(["code", "state", "appid", "ql"]); // a code works once; a reload shows the QR code
    mutate(auto);
  }, [auto, mutate]);

  useEffect(() => {
    if (next) stashNext(next);
  }, [next]);

  if (signedIn) return <RoleStep user={signedIn} next={next} />;

  const leaving = autoLogin.isError && auto?.way === "code" && isLoginAbnormal(autoLogin.error);
  if ((auto && autoLogin.isIdle) || autoLogin.isPending || leaving) {
    return (
      <SignInLayout title={t("login.title")}>
        <Working text={t("signingIn")} />
      </SignInLayout>
    );
  }

  return (
    <SignInLayout
      title={t("login.title")}
      footer={<Link href={withNext(ACCOUNT_LOGIN_PAGE, next)}>{t("links.accountLogin")}</Link>}
    >
      <Stack sx={{ gap: 2 }}>
        {flash ? <Alert severity="warning">{flash}</Alert> : null}
        {autoLogin.isError ? (
          <Alert severity="error">{failureText(autoLogin.error, t("common:requestFailed"))}</Alert>
        ) : null}
        <WecomQrPanel />
      </Stack>
    </SignInLayout>
  );
}

mountIsland(<LoginPage />);
