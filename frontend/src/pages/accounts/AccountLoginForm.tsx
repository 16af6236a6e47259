import Alert from "@mui/material/Alert";
import AlertTitle from "@mui/material/AlertTitle";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import { useMutation } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../api/client";
import type { LoginUserInfo } from "../../api/session";
import { signInApi } from "../../api/signIn";
import {
  CredentialFields,
  serverFieldErrors,
  useCredentialForm,
  type CredentialsShown,
  type Credentials,
} from "./CredentialFields";
import { loginUsername, validateLogin } from "./signInRules";
import { failureText } from "./signInSession";

interface AccountLoginFormProps {
  onSignedIn: (info: LoginUserInfo) => void;
  /** A message to show above the form (e.g. a failed automatic sign-in). */
  notice?: string | null;
}

interface Shown extends CredentialsShown {
  hint?: boolean;
}

/** What a failed sign-in shows (spec §8, contract §4.1): field errors under the fields; a wrong
 * account or password with the "re-login or try again" hint; anything else (too many attempts)
 * with the server's message. */
function shownFor(error: unknown, fallback: string): Shown {
  const fields = serverFieldErrors(error, ["username", "account"]);
  if (fields) return fields;
  if (error instanceof ApiError && error.errcode === "LOGIN-40101")
    return { form: error.message || fallback, hint: true };
  return { form: failureText(error, fallback) };
}

/** Account and password (spec §5), checked in the browser by the server's rules before any call. */
export function AccountLoginForm({ onSignedIn, notice }: AccountLoginFormProps) {
  const { t } = useTranslation("signIn");
  const form = useCredentialForm<Shown>(validateLogin);
  const login = useMutation({
    mutationFn: (values: Credentials) => signInApi.login(loginUsername(values.account), values.password),
    onSuccess: (info) => onSignedIn(info),
    onError: (error) => form.setShown(shownFor(error, t("common:requestFailed"))),
  });
  const { shown } = form;

  return (
    <Stack
      component="form"
      noValidate
      onSubmit={form.submitWith(login)}
      sx={{ gap: 2 }}
      aria-label={t("account.title")}
    >
      {notice ? <Alert severity="warning">{notice}</Alert> : null}
      <CredentialFields {...form.fields} hint=" " passwordAutoComplete="current-password" />
      {shown.form ? (
        <Alert severity="error">
          {shown.hint ? <AlertTitle>{shown.form}</AlertTitle> : shown.form}
          {shown.hint ? t("reloginHint") : null}
        </Alert>
      ) : null}
      <Button type="submit" variant="contained" size="large" disabled={login.isPending}>
        {login.isPending ? t("signingIn") : t("account.submit")}
      </Button>
    </Stack>
  );
}
