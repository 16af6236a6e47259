import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Link from "@mui/material/Link";
import Stack from "@mui/material/Stack";
import { useMutation } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { signInApi } from "../../api/signIn";
import { mountIsland } from "../../islands/mount";
import { notify } from "../../lib/notices";
import { CredentialFields, serverFieldErrors, useCredentialForm, type Credentials } from "./CredentialFields";
import { SignInLayout } from "./SignInLayout";
import { validateRegistration } from "./signInRules";
import { failureText } from "./signInSession";
import { ACCOUNT_LOGIN_PAGE } from "./signInUrls";

/** /register (spec §2.1, §5): account and password, each required and at least six characters. */
export function RegisterPage() {
  const { t } = useTranslation("signIn");
  const form = useCredentialForm(validateRegistration);
  const register = useMutation({
    mutationFn: (values: Credentials) => signInApi.register(values.account, values.password),
    onSuccess: () => notify("success", t("register.done")),
    onError: (error) =>
      form.setShown(serverFieldErrors(error, ["account"]) ?? { form: failureText(error, t("common:requestFailed")) }),
  });
  const { shown } = form;

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
      <Stack
        component="form"
        noValidate
        onSubmit={form.submitWith(register)}
        sx={{ gap: 2 }}
        aria-label={t("register.title")}
      >
        <CredentialFields {...form.fields} hint={t("register.lengthHint")} passwordAutoComplete="new-password" />
        {shown.form ? <Alert severity="error">{shown.form}</Alert> : null}
        <Button type="submit" variant="contained" size="large" disabled={register.isPending}>
          {register.isPending ? t("register.working") : t("register.submit")}
        </Button>
      </Stack>
    </SignInLayout>
  );
}

mountIsland(<RegisterPage />);
