import AddIcon from "@mui/icons-material/Add";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../api/client";
import {
  BTN_SETTLEMENT_RULES,
  useHeadOfficeCommand,
  useRules,
  type RuleKind,
  type RuleVersion,
} from "../../api/settlement";
import { DetailError, Loading } from "../../components/feedback";
import { Facts, PageFrame } from "../../components/layout";
import { mountIsland } from "../../islands/mount";
import { storeDateTime } from "../../lib/dates";
import { percentText } from "./checks";
import { NS } from "./grid";
import { RuleVersionDialog } from "./RuleVersionDialog";

/** /settlementRules (门店间结算规则): for each kind of clearing between stores (stored value spent on
 * services or products in another store, package sessions served there, a card topped up or moved,
 * goods lent), the share of the value the other store is owed and how much of a card's gift balance
 * counts, in force from a day; its versions; and, for head office, a new version from tomorrow on
 * (a version never changes: an edit starts another). */
export function RulesPage() {
  const { t } = useTranslation(NS);
  const rules = useRules();
  const [versioning, setVersioning] = useState<RuleKind | null>(null);
  const may = useHeadOfficeCommand(BTN_SETTLEMENT_RULES);

  return (
    <PageFrame wide title={t("rules.title")}>
      <Alert severity="info" sx={{ mb: 2 }}>
        {t("rules.explain")}
      </Alert>
      {rules.isError ? (
        <DetailError
          message={rules.error instanceof ApiError ? rules.error.message : undefined}
          onRetry={() => void rules.refetch()}
        />
      ) : !rules.data ? (
        <Loading />
      ) : rules.data.kinds.length === 0 ? (
        <Alert severity="info" data-testid="rules-empty">
          {t("rules.empty")}
        </Alert>
      ) : (
        <Stack spacing={2}>
          {rules.data.kinds.map((kind) => (
            <KindCard key={kind.kind} kind={kind} may={may} onNew={() => setVersioning(kind)} />
          ))}
        </Stack>
      )}
      {versioning && rules.data ? (
        <RuleVersionDialog
          kind={versioning}
          earliest={rules.data.earliestNewVersion}
          onClose={() => setVersioning(null)}
        />
      ) : null}
    </PageFrame>
  );
}

function KindCard({ kind, may, onNew }: { kind: RuleKind; may: boolean; onNew: () => void }) {
  const { t } = useTranslation(NS);
  const current = kind.current;
  return (
    <Paper variant="outlined" component="section" sx={{ p: 2 }} data-testid={`rule-${kind.kind}`}>
      <Stack direction="row" sx={{ alignItems: "center", justifyContent: "space-between", mb: 1, gap: 2 }}>
        <Typography variant="h6" component="h2">
          {kind.kindName}
        </Typography>
        {may ? (
          <Button
            variant="outlined"
            size="small"
            startIcon={<AddIcon />}
            onClick={onNew}
            data-testid={`rule-new-${kind.kind}`}
          >
            {t("rules.newVersion")}
          </Button>
        ) : null}
      </Stack>
      <Facts
        items={[
          [t("fields.share"), <strong key="share">{percentText(current.share)}</strong>],
          [t("fields.giftRatio"), <strong key="gift">{percentText(current.giftRatio)}</strong>],
          [t("fields.effectiveFrom"), current.effectiveFrom],
          ...(current.note ? [[t("fields.note"), current.note] as const] : []),
        ]}
      />
      <Typography variant="subtitle2" component="h3" sx={{ mt: 2 }}>
        {t("rules.history")}
      </Typography>
      <Box sx={{ overflowX: "auto" }}>
        <Table size="small" aria-label={t("rules.historyOf", { kind: kind.kindName })}>
          <TableHead>
            <TableRow>
              <TableCell>{t("fields.effectiveFrom")}</TableCell>
              <TableCell align="right">{t("fields.share")}</TableCell>
              <TableCell align="right">{t("fields.giftRatio")}</TableCell>
              <TableCell>{t("fields.note")}</TableCell>
              <TableCell>{t("fields.createdBy")}</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {kind.versions.map((version) => (
              <VersionRow key={version.versionId} version={version} current={current} />
            ))}
          </TableBody>
        </Table>
      </Box>
    </Paper>
  );
}

function VersionRow({ version, current }: { version: RuleVersion; current: RuleVersion }) {
  const { t } = useTranslation(NS);
  // Versions are newest first: one starting after the version in force is still to come.
  const planned = !version.inForce && version.effectiveFrom > current.effectiveFrom;
  return (
    <TableRow data-testid={`rule-version-${version.versionId}`}>
      <TableCell>{version.effectiveFrom}</TableCell>
      <TableCell align="right">{percentText(version.share)}</TableCell>
      <TableCell align="right">{percentText(version.giftRatio)}</TableCell>
      <TableCell>{version.note}</TableCell>
      <TableCell>
        {version.createdBy} {storeDateTime(version.createdAt)}
      </TableCell>
      <TableCell>
        {version.inForce ? <Chip size="small" color="success" label={t("rules.inForce")} /> : null}
        {planned ? <Chip size="small" color="info" label={t("rules.planned")} /> : null}
      </TableCell>
    </TableRow>
  );
}

mountIsland(<RulesPage />);
