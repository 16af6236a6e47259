import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import CircularProgress from "@mui/material/CircularProgress";
import Link from "@mui/material/Link";
import List from "@mui/material/List";
import ListItem from "@mui/material/ListItem";
import Stack from "@mui/material/Stack";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import { useTranslation } from "react-i18next";
import { downloadAttachment, useMoveIn, type MoveInAttachment } from "../../api/moveIn";
import { BackLink, Facts, PageFrame, Section } from "../../components/layout";
import { mountIsland } from "../../islands/mount";
import { idFromSearch } from "../../lib/address";
import { saveBlob } from "../../lib/download";
import { storeDateTime } from "../../lib/dates";
import { MOVE_IN_LIST, moveInHref, StatusChip } from "./parts";

async function openAttachment(attachment: MoveInAttachment): Promise<void> {
  const outcome = await downloadAttachment(attachment);
  if (outcome.kind === "file") saveBlob(outcome.blob, outcome.fileName);
}

/** /moveInDetail?id= (ERP-HYQR-PAG-0001-0001): one move-in's summary, its old cards and the new
 * cards they became, its attachments and where its approval stands. */
export function MoveInDetailPage({ search = window.location.search }: { search?: string }) {
  const { t } = useTranslation("moveIn");
  const id = idFromSearch(search);
  const result = useMoveIn(id);
  const moveIn = result.data;
  const dash = t("dash");

  if (id === null || result.isError) {
    return (
      <PageFrame title={t("detailTitle")}>
        <BackLink href={MOVE_IN_LIST}>{t("back")}</BackLink>
        <Alert
          severity="error"
          action={
            id !== null ? (
              <Button color="inherit" onClick={() => void result.refetch()}>
                {t("retry")}
              </Button>
            ) : undefined
          }
        >
          {result.error?.message || t("loadFailed")}
        </Alert>
      </PageFrame>
    );
  }
  if (!moveIn) {
    return (
      <PageFrame title={t("detailTitle")}>
        <CircularProgress aria-label={t("detailTitle")} />
      </PageFrame>
    );
  }
  return (
    <PageFrame
      title={`${t("detailTitle")} ${moveIn.moveInNo}`}
      actions={
        moveIn.canEdit ? (
          <Button variant="contained" href={moveInHref(moveIn.id)}>
            {t("actions.edit")}
          </Button>
        ) : undefined
      }
    >
      <BackLink href={MOVE_IN_LIST}>{t("back")}</BackLink>
      {moveIn.status === "rejected" && moveIn.decisionRemark ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {t("fields.decisionRemark")}: {moveIn.decisionRemark}
        </Alert>
      ) : null}
      <Section title={t("title")}>
        <Facts
          items={[
            [t("fields.status"), <StatusChip key="status" status={moveIn.status} name={moveIn.statusName} />],
            [t("fields.member"), `${moveIn.name} ${moveIn.phone}`],
            [t("fields.birthday"), moveIn.birthday || dash],
            [t("fields.sourceBrand"), moveIn.sourceBrand || dash],
            [t("fields.sourceStore"), moveIn.sourceStore],
            [t("fields.store"), moveIn.storeName],
            [t("fields.oldValue"), moveIn.oldValue],
            [t("fields.newValue"), moveIn.newValue],
            [t("fields.sessions"), moveIn.sessions],
            [t("fields.createdBy"), `${moveIn.createdByName} ${storeDateTime(moveIn.createdAt)}`],
            [t("fields.remark"), moveIn.remark || dash],
          ]}
        />
      </Section>
      <Section title={t("approval.title")}>
        {moveIn.approval ? (
          <Facts
            items={[
              [t("approval.status"), moveIn.approval.statusName],
              [t("fields.submittedAt"), storeDateTime(moveIn.submittedAt) || dash],
              [t("approval.decidedBy"), moveIn.approval.decidedByName || dash],
              [t("fields.decidedAt"), storeDateTime(moveIn.approval.decidedAt) || dash],
              [t("approval.remark"), moveIn.approval.remark || dash],
            ]}
          />
        ) : (
          t("approval.none")
        )}
      </Section>
      <Section title={t("fields.lines")}>
        <Table size="small" aria-label={t("fields.lines")}>
          <TableHead>
            <TableRow>
              <TableCell>{t("fields.oldCardName")}</TableCell>
              <TableCell>{t("fields.kind")}</TableCell>
              <TableCell align="right">{t("fields.oldBalance")}</TableCell>
              <TableCell align="right">{t("fields.coefficient")}</TableCell>
              <TableCell align="right">{t("fields.newValue")}</TableCell>
              <TableCell>{t("fields.sessions")}</TableCell>
              <TableCell>{t("fields.expiresOn")}</TableCell>
              <TableCell>{t("fields.cardType")}</TableCell>
              <TableCell>{t("fields.newCard")}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {moveIn.lines.map((line) => (
              <TableRow key={line.lineId}>
                <TableCell>{`${line.oldCardName} ${line.oldCardNo}`.trim()}</TableCell>
                <TableCell>{line.kindName}</TableCell>
                <TableCell align="right">{line.oldBalance}</TableCell>
                <TableCell align="right">{line.coefficient}</TableCell>
                <TableCell align="right">{line.newValue}</TableCell>
                <TableCell>{line.sessions.map((s) => `${s.projectName} ×${s.sessions}`).join("、") || dash}</TableCell>
                <TableCell>{line.expiresOn || dash}</TableCell>
                <TableCell>{line.cardTypeName}</TableCell>
                <TableCell>{line.cardNo || dash}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Section>
      <Section title={t("attachments.title")}>
        {moveIn.attachments.length ? (
          <List dense>
            {moveIn.attachments.map((attachment) => (
              <ListItem key={attachment.id}>
                <Stack direction="row" spacing={2} sx={{ alignItems: "center" }}>
                  <Link component="button" type="button" onClick={() => void openAttachment(attachment)}>
                    {attachment.name}
                  </Link>
                  <span>{`${Math.ceil(attachment.size / 1024)} KB`}</span>
                </Stack>
              </ListItem>
            ))}
          </List>
        ) : (
          t("attachments.none")
        )}
      </Section>
    </PageFrame>
  );
}

mountIsland(<MoveInDetailPage />);
