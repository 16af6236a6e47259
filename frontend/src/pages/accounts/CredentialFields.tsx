import TextField from "@mui/material/TextField";
import type { TFunction } from "i18next";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../api/client";
import type { FieldErrors, Validated } from "./signInRules";

/** The texts shown under the account and password fields. */
export interface CredentialErrors {
  account?: string;
  password?: string;
}

/** The broken rules of a form checked in the browser, in the page's words. */
export function ruleErrorTexts(t: TFunction<"signIn">, errors: FieldErrors): CredentialErrors {
  return {
    account: errors.account && t(`rules.${errors.account}`),
    password: errors.password && t(`rules.${errors.password}`),
  };
}

/** The field errors of the server's VALID-40000 answer (the account under any of `accountFields`),
 * or null when it is another failure or names neither field. */
export function serverFieldErrors(error: unknown, accountFields: readonly string[]): CredentialErrors | null {
  if (!(error instanceof ApiError) || error.errcode !== "VALID-40000") return null;
  const account = accountFields.map((field) => error.fields[field]?.[0]).find((text) => text !== undefined);
  const password = error.fields.password?.[0];
  return account || password ? { account, password } : null;
}

/** What a credential form shows: the fields' errors, and a failure above its button. */
export interface CredentialsShown extends CredentialErrors {
  form?: string;
}

/** The credentials as the sign-in and register forms send them. */
export interface Credentials {
  account: string;
  password: string;
}

/**
 * The account and password typed, what shows under them and above the button (`shown`), and the
 * submit that checks them by the page's rules (`validate`) before the call sends them, one call at a
 * time; the call's failure is the page's to show (`setShown`).
 */
export function useCredentialForm<Shown extends CredentialsShown = CredentialsShown>(
  validate: (account: string, password: string) => Validated,
) {
  const { t } = useTranslation("signIn");
  const [account, setAccount] = useState("");
  const [password, setPassword] = useState("");
  const [shown, setShown] = useState<Shown>({} as Shown);
  const submitWith =
    (call: { isPending: boolean; mutate: (credentials: Credentials) => void }) => (event: FormEvent) => {
      event.preventDefault();
      if (call.isPending) return;
      const checked = validate(account, password);
      if (!checked.ok) {
        setShown(ruleErrorTexts(t, checked.errors) as Shown);
        return;
      }
      setShown({} as Shown);
      call.mutate({ account: checked.account, password: checked.password });
    };
  const fields = { account, password, onAccount: setAccount, onPassword: setPassword, errors: shown };
  return { shown, setShown, submitWith, fields };
}

/** The account and password fields of the sign-in and register forms; `hint` stands under a field
 * without an error. */
export function CredentialFields({
  account,
  password,
  onAccount,
  onPassword,
  errors,
  hint,
  passwordAutoComplete,
}: {
  account: string;
  password: string;
  onAccount: (value: string) => void;
  onPassword: (value: string) => void;
  errors: CredentialErrors;
  hint: string;
  passwordAutoComplete: "current-password" | "new-password";
}) {
  const { t } = useTranslation("signIn");
  return (
    <>
      <TextField
        label={t("fields.account")}
        name="account"
        autoComplete="username"
        autoFocus
        value={account}
        onChange={(event) => onAccount(event.target.value)}
        error={Boolean(errors.account)}
        helperText={errors.account ?? hint}
        fullWidth
      />
      <TextField
        label={t("fields.password")}
        name="password"
        type="password"
        autoComplete={passwordAutoComplete}
        value={password}
        onChange={(event) => onPassword(event.target.value)}
        error={Boolean(errors.password)}
        helperText={errors.password ?? hint}
        fullWidth
      />
    </>
  );
}
