import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Link from "@mui/material/Link";
import Stack from "@mui/material/Stack";
import { useMutation } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { signInApi } from "../../api/signIn";
import { mountIsland } from "../../islands/mount";
import { notify } from "../../lib/notices";
import { CredentialFields, ruleErrorTexts, serverFieldErrors, type CredentialErrors } from "./CredentialFields";
import { SignInLayout } from "./SignInLayout";
import { validateRegistration } from "./signInRules";
import { failureText } from "./signInSession";
import { ACCOUNT_LOGIN_PAGE } from "./signInUrls";

interface Shown extends CredentialErrors {
  form?: string;
}

/** /register (spec §2.1, §5): account and password, each required and at least six characters. */
export function RegisterPage() {
  const { t } = useTranslation("signIn");
  const [account, setAccount] = useState("");
  const [password, setPassword] = useState("");
  const [shown, setShown] = useState<Shown>({});

  const register = useMutation({
    mutationFn: (values: { account: string; password: string }) => signInApi.register(values.account, values.password),
    onSuccess: () => notify("success", t("register.done")),
    onError: (error) =>
      setShown(serverFieldErrors(error, ["account"]) ?? { form: failureText(error, t("common:requestFailed")) }),
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (register.isPending) return;
    const checked = validateRegistration(account, password);
    if (!checked.ok) {
      setShown(ruleErrorTexts(t, checked.errors));
      return;
    }
    setShown({});
    register.mutate({ account: checked.account, password: checked.password });
  }

  const signInLink = <Link href={ACCOUNT_LOGIN_PAGE}>{t("links.signIn")}</Link>;

  if (register.isSuccess) {
    return (
      <SignInLayout title={t("register.title")} footer={signInLink}>
        <Alert severity="success">{t("register.done")}</Alert>
      </SignInLayout>
    );
  }

  return (
    <SignInLayout title={t("register.title")} footer={signInLink}>
      <Stack component="form" noValidate onSubmit={submit} sx={{ gap: 2 }} aria-label={t("register.title")}>
        <CredentialFields
          account={account}
          password={password}
          onAccount={setAccount}
          onPassword={setPassword}
          errors={shown}
          hint={t("register.lengthHint")}
          passwordAutoComplete="new-password"
        />
        {shown.form ? <Alert severity="error">{shown.form}</Alert> : null}
        <Button type="submit" variant="contained" size="large" disabled={register.isPending}>
          {register.isPending ? t("register.working") : t("register.submit")}
        </Button>
      </Stack>
    </SignInLayout>
  );
}

mountIsland(<RegisterPage />);
