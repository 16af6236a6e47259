"""Statuses, audit actions and limits of the approval centre (issue 17 §1)."""

from django.db import models
from django.utils.translation import gettext_lazy as _


class ApprovalStatus(models.TextChoices):
    """A request waits until someone with the kind's codes decides it, or its applicant withdraws it.
    Approved and rejected are final: the kind's hook has acted on them in the decision's transaction."""

    PENDING = "pending", _("waiting for approval")
    APPROVED = "approved", _("approved")
    REJECTED = "rejected", _("rejected")
    WITHDRAWN = "withdrawn", _("withdrawn")


class ApprovalBox(models.TextChoices):
    """Which requests the approval centre lists."""

    WAITING = "waiting", _("waiting for me")
    MINE = "mine", _("my requests")
    DECIDED = "decided", _("decided by me")
    ALL = "all", _("all I may see")


class AuditAction(models.TextChoices):
    REQUESTED = "approvals.requested", _("asked for an approval")
    APPROVED = "approvals.approved", _("approved a request")
    REJECTED = "approvals.rejected", _("rejected a request")
    WITHDRAWN = "approvals.withdrawn", _("withdrew a request")


SUBJECT_MAX_LENGTH = 200
REMARK_MAX_LENGTH = 200
KIND_MAX_LENGTH = 32
EXTERNAL_NO_MAX_LENGTH = 64
