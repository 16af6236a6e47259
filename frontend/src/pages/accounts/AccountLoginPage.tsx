import Link from "@mui/material/Link";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { currentTokens } from "../../api/session";
import { signInApi, type Handover } from "../../api/signIn";
import { mountIsland } from "../../islands/mount";
import { AccountLoginForm } from "./AccountLoginForm";
import { RoleStep } from "./RoleStep";
import { SignInLayout, Working } from "./SignInLayout";
import {
  currentQuery,
  dropFromAddress,
  failureText,
  signedInFromLoginInfo,
  startSession,
  type SignedIn,
} from "./signInSession";
import { LOGIN_PAGE, REGISTER_PAGE, withNext } from "./signInUrls";

const HANDOVER_KEYS = ["u", "p", "uid", "userId"] as const;

/** The manager-side login link's query (spec §2.1, §2.4), when it has one. */
function handoverFrom(query: URLSearchParams): Handover | null {
  const [u, p, uid, userId] = HANDOVER_KEYS.map((key) => query.get(key) ?? "") as [string, string, string, string];
  return u && p ? { u, p, uid, userId } : null;
}

/**
 * /xxbLogin (spec §2.1): account and password; the manager-side link's automatic sign-in
 * (u, p, uid, userId); and the role step, after signing in or for a signed-in visitor sent here
 * with ?chooseRole=1 (the stored tokens answer loginInfo; without tokens the form is shown).
 */
export function AccountLoginPage() {
  const { t } = useTranslation("signIn");
  const [query] = useState(currentQuery);
  const next = query.get("next");
  const [handover] = useState(() => handoverFrom(query));
  const [chooseRole] = useState(() => query.get("chooseRole") === "1" && currentTokens() !== null);
  const [signedIn, setSignedIn] = useState<SignedIn | null>(null);

  const handoverLogin = useMutation({
    mutationFn: signInApi.handoverLogin,
    onSuccess: (info) => setSignedIn(startSession(info)),
  });
  const { mutate: handoverMutate } = handoverLogin;
  const started = useRef(false);
  useEffect(() => {
    if (!handover || started.current) return;
    started.current = true;
    dropFromAddress(HANDOVER_KEYS); // encrypted credentials do not stay in the address bar
    handoverMutate(handover);
  }, [handover, handoverMutate]);

  const loginInfo = useQuery({
    queryKey: ["signIn", "loginInfo"],
    queryFn: signInApi.loginInfo,
    enabled: chooseRole && !handover,
    retry: false,
  });

  const user = signedIn ?? (loginInfo.data ? signedInFromLoginInfo(loginInfo.data) : null);
  if (user) return <RoleStep user={user} next={next} />;

  if ((handover && handoverLogin.isIdle) || handoverLogin.isPending || loginInfo.isLoading) {
    return (
      <SignInLayout title={t("account.title")}>
        <Working text={t("signingIn")} />
      </SignInLayout>
    );
  }

  return (
    <SignInLayout
      title={t("account.title")}
      footer={
        <>
          <Link href={withNext(LOGIN_PAGE, next)}>{t("links.wecomLogin")}</Link>
          <Link href={REGISTER_PAGE}>{t("links.register")}</Link>
        </>
      }
    >
      <AccountLoginForm
        onSignedIn={(info) => setSignedIn(startSession(info))}
        notice={
          handoverLogin.isError || loginInfo.isError
            ? failureText(handoverLogin.error ?? loginInfo.error, t("common:requestFailed"))
            : null
        }
      />
    </SignInLayout>
  );
}

mountIsland(<AccountLoginPage />);
