import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { clearSession, saveSession, type RoleEntry } from "../../api/session";
import { signInApi } from "../../api/signIn";
import { initiallyChecked, RoleList } from "../../components/roles/RoleList";
import { SignInLayout } from "./SignInLayout";
import { failureText, type SignedIn } from "./signInSession";
import { destination, RELOGIN_PAGE } from "./signInUrls";

interface RoleStepProps {
  user: SignedIn;
  /** The page the visitor came for (`?next=`); followed only when it is a path of this site. */
  next: string | null;
  /** Sends the browser on; the tests pass a spy. */
  navigate?: (url: string) => void;
}

const assign = (url: string) => window.location.assign(url);

/**
 * The role step of the login flow (spec §4): the person's role entries with exactly one checked,
 * and Confirm. Confirm chooses the entry (selectHierRole), keeps the session user info, records the
 * sign-in, and goes to `next` or the role's landing page. Without any role: the empty text and
 * a sign-out button.
 */
export function RoleStep({ user, next, navigate = assign }: RoleStepProps) {
  const { t } = useTranslation("signIn");
  const [checked, setChecked] = useState(() => initiallyChecked(user.roles));

  const choose = useMutation({
    mutationFn: async (entry: RoleEntry) => {
      const info = await signInApi.selectHierRole(entry.userRoleId, entry.hierId);
      saveSession(info);
      // Bookkeeping only: a failure must not keep the person out.
      await signInApi
        .loginRecord({
          loginName: info.loginName || user.loginName,
          userName: info.nickname || user.userName,
          roleName: info.roleName || entry.role,
          storeName: info.storeName || entry.hier,
          ipAddress: "",
          ipAscriptionAddress: "",
        })
        .catch(() => undefined);
      return info;
    },
    onSuccess: (info) => navigate(destination(next, info.landing, window.location.origin)),
  });

  const signOut = useMutation({
    mutationFn: () => signInApi.logout().catch(() => null),
    onSettled: () => {
      clearSession();
      navigate(RELOGIN_PAGE);
    },
  });

  const entry = user.roles[checked];
  const busy = choose.isPending || choose.isSuccess || signOut.isPending || signOut.isSuccess;

  return (
    <SignInLayout
      title={t("roles.title")}
      subtitle={t("roles.intro", { name: user.userName || user.loginName, loginName: user.loginName })}
    >
      <Stack sx={{ gap: 2 }}>
        <RoleList entries={user.roles} checked={checked} onCheck={(index) => !busy && setChecked(index)} />
        {choose.isError ? (
          <Alert severity="error">
            {failureText(choose.error, t("common:requestFailed"))} {t("roles.retry")}
          </Alert>
        ) : null}
        {entry ? (
          <Button variant="contained" size="large" disabled={busy} onClick={() => choose.mutate(entry)}>
            {choose.isPending || choose.isSuccess ? t("roles.entering") : t("roles.confirm")}
          </Button>
        ) : (
          <Button variant="outlined" size="large" disabled={busy} onClick={() => signOut.mutate()}>
            {t("roles.signOut")}
          </Button>
        )}
      </Stack>
    </SignInLayout>
  );
}
