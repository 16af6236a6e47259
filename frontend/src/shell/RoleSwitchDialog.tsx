import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Checkbox from "@mui/material/Checkbox";
import Chip from "@mui/material/Chip";
import CircularProgress from "@mui/material/CircularProgress";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import Divider from "@mui/material/Divider";
import FormControlLabel from "@mui/material/FormControlLabel";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { saveSession, type LoginInfo, type RoleEntry, type SessionUserInfo } from "../api/session";
import {
  requestErpToken,
  saveQuickShortcuts,
  shellKeys,
  useLoginInfo,
  useQuickChoices,
  type QuickChoice,
} from "../api/shell";
import { RetryAlert } from "../components/RetryAlert";
import { RoleList, initiallyChecked } from "../components/roles/RoleList";
import { StoreAuthorityDialog, type HeldAuthority } from "../components/storeAuthority/StoreAuthorityDialog";
import { AuthorizationDialog } from "./AuthorizationDialog";
import { ConfirmDialog } from "../components/ConfirmDialog";
import {
  MAX_SHORTCUTS,
  SHORTCUTS_PER_ROW,
  currentRoleEntry,
  erpTokenBody,
  initialShortcuts,
  sameRoleEntry,
  shortcutDisabled,
  toggleShortcut,
  visibleShortcuts,
} from "./nav";
import { notify } from "../lib/notices";

interface RoleSwitchDialogProps {
  open: boolean;
  session: SessionUserInfo;
  onClose: () => void;
  /** After a successful switch, with the new role's landing page (the "re-login"). */
  onSwitched: (landing: string) => void;
}

/** Spec §2.4 role list dialog and §4 role switch: role rows (exactly one checked), the quick
 * shortcut choices of the checked role in its store, and the shop-owner authorization. */
export function RoleSwitchDialog({ open, session, onClose, onSwitched }: RoleSwitchDialogProps) {
  const { t } = useTranslation("shell");
  const loginInfo = useLoginInfo(open);
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="role-dialog-title" maxWidth="md" fullWidth>
      <DialogTitle id="role-dialog-title">{t("roleDialog.title")}</DialogTitle>
      {loginInfo.data ? (
        <RoleSwitchBody loginInfo={loginInfo.data} session={session} onClose={onClose} onSwitched={onSwitched} />
      ) : (
        <>
          <DialogContent>
            {loginInfo.isError ? (
              <RetryAlert onRetry={() => void loginInfo.refetch()}>{t("roleDialog.loadFailed")}</RetryAlert>
            ) : (
              <Stack direction="row" spacing={2} sx={{ alignItems: "center" }}>
                <CircularProgress size={20} />
                <Typography>{t("roleDialog.loading")}</Typography>
              </Stack>
            )}
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{t("common:cancel")}</Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}

interface BodyProps {
  loginInfo: LoginInfo;
  session: SessionUserInfo;
  onClose: () => void;
  onSwitched: (landing: string) => void;
}

function RoleSwitchBody({ loginInfo, session, onClose, onSwitched }: BodyProps) {
  const { t } = useTranslation("shell");
  const queryClient = useQueryClient();
  const entries = loginInfo.roles;
  const [checked, setChecked] = useState(() => initiallyChecked(entries));
  const [confirming, setConfirming] = useState(false);
  const [switching, setSwitching] = useState(false);
  const [applying, setApplying] = useState(false);
  const [authorizing, setAuthorizing] = useState(false);

  const current = currentRoleEntry(session, entries);
  const target: RoleEntry | null = entries[checked] ?? null;
  const refreshRoles = () => void queryClient.invalidateQueries({ queryKey: shellKeys.loginInfo() });

  const confirm = () => {
    if (!target || sameRoleEntry(target, current)) {
      onClose();
      return;
    }
    setConfirming(true);
  };

  const switchRole = async () => {
    const body = erpTokenBody(loginInfo, target);
    if (body === null) {
      setConfirming(false);
      notify("error", t("roleIncomplete"));
      return;
    }
    setSwitching(true);
    try {
      const answer = await requestErpToken(body);
      if (!answer?.success || !answer.result?.access) throw new Error("no token");
      saveSession(answer.result);
      onSwitched(answer.result.landing || "/");
    } catch {
      notify("error", t("switchFailed"), { durationMs: 4000 });
      setSwitching(false);
      setConfirming(false);
    }
  };

  return (
    <>
      <DialogContent dividers>
        <RoleList entries={entries} checked={checked} onCheck={setChecked} />
        {target ? (
          <>
            <Divider sx={{ my: 2 }} />
            <ShortcutSection
              key={`${target.userRoleId}-${target.hierId}-${target.roleId}`}
              target={target}
              editable={sameRoleEntry(target, current)}
              userId={loginInfo.userId}
            />
          </>
        ) : null}
      </DialogContent>
      <DialogActions>
        {/* Spec §4 offers it to whoever may log in as boss or manager; anyone without the boss
            authority at this store may ask for it too (decision 0023), so everyone sees it: an
            owner here finds the shop-owner authorization code in it. */}
        <Button onClick={() => setApplying(true)} sx={{ mr: "auto" }}>
          {t("roleDialog.applyPermission")}
        </Button>
        <Button onClick={onClose}>{t("common:cancel")}</Button>
        <Button variant="contained" onClick={confirm} disabled={!target || switching}>
          {t("common:confirm")}
        </Button>
      </DialogActions>
      <ConfirmDialog
        open={confirming}
        title={t("roleDialog.confirmSwitchTitle")}
        message={t("roleDialog.confirmSwitch", { role: target ? `${target.hier} | ${target.role}` : "" })}
        busy={switching}
        onConfirm={() => void switchRole()}
        onCancel={() => setConfirming(false)}
      />
      <StoreAuthorityDialog
        open={applying}
        userId={loginInfo.userId}
        storeName={session.storeName}
        held={heldAt(entries, session.storeId)}
        onClose={() => setApplying(false)}
        onPassed={refreshRoles}
        onUseCode={() => {
          setApplying(false);
          setAuthorizing(true);
        }}
      />
      <AuthorizationDialog
        open={authorizing}
        storeId={target?.hierId ?? session.storeId}
        onClose={() => setAuthorizing(false)}
        onPassed={refreshRoles}
      />
    </>
  );
}

/** The authorities the person holds at the store: an owner entry there is the boss's, and needs no
 * manager's; a principal entry is the manager's. */
function heldAt(entries: RoleEntry[], storeId: number): HeldAuthority {
  const here = entries.filter((entry) => entry.hierId === storeId);
  const boss = here.some((entry) => entry.roleKind === "owner");
  return { boss, manager: boss || here.some((entry) => entry.roleKind === "principal") };
}

interface ShortcutSectionProps {
  target: RoleEntry;
  /** Shortcuts are saved for the role the session acts in (the server refuses others). */
  editable: boolean;
  userId: number;
}

function ShortcutSection({ target, editable, userId }: ShortcutSectionProps) {
  const { t } = useTranslation("shell");
  // Choices are listed (and saved) for the role the session acts in; another row shows its own.
  const choices = useQuickChoices(editable ? target.hierId : null);
  return (
    <Box component="section" aria-labelledby="shortcut-title">
      <Typography id="shortcut-title" variant="subtitle1" component="h3">
        {t("roleDialog.shortcuts")}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {editable ? t("roleDialog.shortcutsHint", { max: MAX_SHORTCUTS }) : t("roleDialog.shortcutsOtherRole")}
      </Typography>
      {!editable ? (
        <Stack direction="row" sx={{ flexWrap: "wrap", gap: 1 }} aria-label={t("roleDialog.shortcuts")}>
          {target.quicks.map((quick) => (
            <Chip key={quick.rsrc} size="small" label={quick.name} />
          ))}
        </Stack>
      ) : choices.isPending ? (
        <CircularProgress size={20} />
      ) : choices.isError ? (
        <Alert severity="warning">{t("roleDialog.shortcutsLoadFailed")}</Alert>
      ) : (
        <ShortcutChooser choices={choices.data} target={target} userId={userId} />
      )}
    </Box>
  );
}

function ShortcutChooser({ choices, target, userId }: { choices: QuickChoice[]; target: RoleEntry; userId: number }) {
  const { t } = useTranslation("shell");
  const queryClient = useQueryClient();
  const shown = visibleShortcuts(choices);
  const [selected, setSelected] = useState(() => initialShortcuts(choices));
  const [saving, setSaving] = useState(false);

  if (shown.length === 0) return <Typography color="text.secondary">{t("roleDialog.noShortcutChoices")}</Typography>;

  const save = async () => {
    setSaving(true);
    try {
      await saveQuickShortcuts({ roleId: target.roleId, routers: selected, storeId: target.hierId, userId });
      await queryClient.invalidateQueries({ queryKey: shellKeys.loginInfo() });
      await queryClient.invalidateQueries({ queryKey: shellKeys.quickChoices(target.hierId) });
    } catch {
      // The API client has shown the server's message.
    } finally {
      setSaving(false);
    }
  };

  return (
    <>
      <Box
        role="group"
        aria-label={t("roleDialog.shortcuts")}
        sx={{ display: "grid", gridTemplateColumns: `repeat(${SHORTCUTS_PER_ROW}, minmax(0, 1fr))`, gap: 0.5 }}
      >
        {shown.map((choice) => (
          <FormControlLabel
            key={choice.router}
            label={choice.name}
            disabled={shortcutDisabled(choice.router, selected)}
            control={
              <Checkbox
                size="small"
                checked={selected.includes(choice.router)}
                onChange={() => setSelected((value) => toggleShortcut(value, choice.router))}
              />
            }
            sx={{ mr: 0, "& .MuiFormControlLabel-label": { fontSize: 14 } }}
          />
        ))}
      </Box>
      <Box sx={{ mt: 1, display: "flex", justifyContent: "flex-end" }}>
        <Button size="small" variant="outlined" onClick={() => void save()} disabled={saving}>
          {t("roleDialog.saveShortcuts")}
        </Button>
      </Box>
    </>
  );
}
