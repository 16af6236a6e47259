import AddIcon from "@mui/icons-material/Add";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { useExaminations, type Examination } from "../../api/examinations";
import { useMember } from "../../api/members";
import { memIdFromSearch } from "../../components/members/rules";
import { NOWRAP, PagedTable, usePaging, type PagedColumn } from "../../components/PagedTable";
import { DetailError, Loading, detailFailure } from "../../components/feedback";
import { BackLink, PageFrame } from "../../components/layout";
import { mountIsland } from "../../islands/mount";
import { ExaminationFindings, ExaminationPhotos, ExaminationTexts, RemovePhotosConfirm } from "./examinationSections";
import { EXAMINATIONS_NS as NS, useExaminationForm } from "./useExaminationForm";

type Opened = { kind: "new" } | { kind: "existing"; examination: Examination } | null;

/** /examiningDetail?memId= (ERP-HYGL-PAG-0003-0000): a member's scalp and hair examinations, newest
 * first; a new one and each one's detail in a form that records or corrects it, with its photos. */
export function ExaminationsPage({ search = window.location.search }: { search?: string }) {
  const { t } = useTranslation(NS);
  const [memId] = useState(() => memIdFromSearch(search));
  const member = useMember(memId);
  return (
    <PageFrame wide title={t("title")}>
      {memId === null ? (
        <Alert severity="warning">{t("missingId")}</Alert>
      ) : (
        <>
          <BackLink href={`/personalAccount?memId=${memId}`}>{t("back")}</BackLink>
          {member.isPending ? (
            <Loading />
          ) : member.isError ? (
            <DetailError message={detailFailure(member.error, t("notFound"))} onRetry={() => void member.refetch()} />
          ) : (
            <Examinations memId={memId} memberName={member.data.name} />
          )}
        </>
      )}
    </PageFrame>
  );
}

function Examinations({ memId, memberName }: { memId: number; memberName: string }) {
  const { t } = useTranslation(NS);
  const paging = usePaging(10);
  const rows = useExaminations(memId, paging.pageIndex + 1, paging.pageSize);
  const [opened, setOpened] = useState<Opened>(null);
  const columns: PagedColumn<Examination>[] = [
    { key: "date", label: t("fields.examinedOn"), cellSx: NOWRAP, render: (row) => row.examinedOn },
    { key: "examiner", label: t("fields.examiner"), render: (row) => row.examinerName },
    { key: "scalpType", label: t("fields.scalpType"), render: (row) => t(`scalpTypes.${row.scalpType}`) },
    { key: "hairLoss", label: t("fields.hairLoss"), render: (row) => t(`degrees.${row.hairLoss}`) },
    { key: "photos", label: t("fields.photos"), align: "right", render: (row) => row.photoIds.length },
    {
      key: "recommendation",
      label: t("fields.recommendation"),
      render: (row) => row.recommendation || t("dash"),
    },
  ];
  return (
    <>
      <Stack direction="row" sx={{ alignItems: "center", justifyContent: "space-between", my: 2 }}>
        <Typography variant="h6" component="h2">
          {memberName}
        </Typography>
        <Button
          variant="contained"
          startIcon={<AddIcon />}
          onClick={() => setOpened({ kind: "new" })}
          data-testid="examination-new"
        >
          {t("new")}
        </Button>
      </Stack>
      <PagedTable
        label={t("title")}
        testId="examination-table"
        result={rows}
        paging={paging}
        columns={columns}
        rowKey={(row) => row.id}
        onRowClick={(row) => setOpened({ kind: "existing", examination: row })}
        rowTestId={(row) => `examination-row-${row.id}`}
        emptyText={t("empty")}
        paginationTestId="examination-pagination"
      />
      {opened ? (
        <ExaminationDialog
          memId={memId}
          examination={opened.kind === "existing" ? opened.examination : null}
          onClose={() => setOpened(null)}
        />
      ) : null}
    </>
  );
}

/** The form that records a new examination or shows and corrects one; removing photos is confirmed. */
function ExaminationDialog({
  memId,
  examination,
  onClose,
}: {
  memId: number;
  examination: Examination | null;
  onClose: () => void;
}) {
  const { t } = useTranslation(NS);
  const titleId = useId();
  const edit = useExaminationForm(memId, examination, onClose);
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth aria-labelledby={titleId}>
      <Box component="form" noValidate onSubmit={edit.submit} data-testid="examination-form">
        <DialogTitle id={titleId}>{examination ? t("detailTitle") : t("newTitle")}</DialogTitle>
        <DialogContent>
          <ExaminationFindings edit={edit} />
          <ExaminationTexts edit={edit} />
          <ExaminationPhotos edit={edit} />
          {edit.problem ? (
            <Alert severity="error" sx={{ mt: 2 }} data-testid="examination-problem">
              {edit.problem}
            </Alert>
          ) : null}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t("cancel")}</Button>
          <Button type="submit" variant="contained" disabled={edit.save.isPending} data-testid="examination-save">
            {examination ? t("saveCorrection") : t("save")}
          </Button>
        </DialogActions>
      </Box>
      <RemovePhotosConfirm edit={edit} />
    </Dialog>
  );
}

mountIsland(<ExaminationsPage />);
