"""Members of the chain (spec §2.2, §3 member row), their labels, points ledger and cancellation
requests. A member has one home store (`dependencyStore`) but is found chain-wide."""

from __future__ import annotations

from django.db import models
from django.db.models import F
from django.db.models.functions import ExtractDay, ExtractMonth
from django.utils.translation import gettext_lazy as _

from apps.catalog.choices import CardKind
from apps.core.append_only import AppendOnlyModel
from apps.core.model_fields import created_at_field, updated_at_field, user_field, user_name_field
from apps.members.choices import (
    CARD_NO_MAX_LENGTH,
    EXAMINATION_TEXT_MAX_LENGTH,
    MEMBER_CODE_MAX_LENGTH,
    MEMBER_NAME_MAX_LENGTH,
    MOVE_IN_ATTACHMENT_NAME_MAX_LENGTH,
    MOVE_IN_CARD_NAME_MAX_LENGTH,
    MOVE_IN_CARD_NO_MAX_LENGTH,
    MOVE_IN_COEFFICIENT_DIGITS,
    MOVE_IN_COEFFICIENT_PLACES,
    MOVE_IN_SOURCE_MAX_LENGTH,
    PHONE_MAX_LENGTH,
    POINTS_REASON_MAX_LENGTH,
    REMARK_MAX_LENGTH,
    CancellationStatus,
    Degree,
    HairDensity,
    HairThickness,
    MemberAreaCode,
    MemberStatus,
    MoveInStatus,
    PointsKind,
    ScalpType,
)
from apps.members.name_grams import name_grams_text
from apps.org.choices import OrgUnitKind

_MASTER_CODE = 20  # apps.masterdata MASTER_CODE_MAX_LENGTH


class MemberLabel(models.Model):
    """A label head office defines (new customer, sensitive scalp, ...) and stores attach."""

    name = models.CharField(_("name"), max_length=20, unique=True)
    color = models.CharField(_("colour"), max_length=7, default="#1976d2", help_text=_("#RRGGBB"))
    group_name = models.CharField(_("group"), max_length=20, blank=True)
    sort_order = models.PositiveSmallIntegerField(_("sort order"), default=0)
    enabled = models.BooleanField(_("enabled"), default=True)

    class Meta:
        verbose_name = _("member label")
        verbose_name_plural = _("member labels")
        ordering = ["sort_order", "id"]

    def __str__(self) -> str:
        return self.name


class Member(models.Model):
    home_store = models.ForeignKey(
        "org.OrgUnit",
        verbose_name=_("home store"),
        on_delete=models.PROTECT,
        related_name="members",
        limit_choices_to={"kind": OrgUnitKind.STORE},
    )
    name = models.CharField(_("name"), max_length=MEMBER_NAME_MAX_LENGTH)
    name_grams = models.CharField(_("name bigrams"), max_length=80, blank=True, editable=False)
    area_code = models.CharField(
        _("area code"), max_length=5, choices=MemberAreaCode.choices, default=MemberAreaCode.MAINLAND
    )
    # Empty only once the member is cancelled and anonymised.
    phone = models.CharField(_("phone"), max_length=PHONE_MAX_LENGTH, blank=True)
    crm_code = models.CharField(_("member code"), max_length=MEMBER_CODE_MAX_LENGTH, blank=True)
    card_no = models.CharField(_("card number"), max_length=CARD_NO_MAX_LENGTH, blank=True)
    gender = models.CharField(_("gender"), max_length=_MASTER_CODE, blank=True)
    birthday = models.DateField(_("birthday"), null=True, blank=True)
    source = models.CharField(_("source"), max_length=_MASTER_CODE, blank=True)
    occupation = models.CharField(_("occupation"), max_length=_MASTER_CODE, blank=True)
    income = models.CharField(_("income"), max_length=_MASTER_CODE, blank=True)
    education = models.CharField(_("education"), max_length=_MASTER_CODE, blank=True)
    marital_status = models.CharField(_("marital status"), max_length=_MASTER_CODE, blank=True)
    introducer = models.ForeignKey(
        "self", verbose_name=_("introduced by"), null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    labels = models.ManyToManyField(MemberLabel, verbose_name=_("labels"), blank=True, related_name="members")
    sms_consent = models.BooleanField(_("agrees to SMS"), default=False)
    sms_consent_updated_at = models.DateTimeField(_("SMS consent changed"), null=True, blank=True)
    # Changed only by apps.members.services with the row locked, one ledger entry per change.
    points = models.IntegerField(_("points"), default=0, editable=False)
    remark = models.CharField(_("remark"), max_length=REMARK_MAX_LENGTH, blank=True)
    status = models.CharField(_("status"), max_length=10, choices=MemberStatus.choices, default=MemberStatus.ACTIVE)
    last_visit_at = models.DateTimeField(_("last visit"), null=True, blank=True)
    # A duplicate file merged into the person's kept file (cards' asset transfer): this file is
    # closed and keeps its history (orders, reservations), reached from the kept file through here.
    merged_into = models.ForeignKey(
        "self",
        verbose_name=_("merged into"),
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="merged_files",
        editable=False,
    )
    created_at = created_at_field()
    updated_at = updated_at_field()

    class Meta:
        verbose_name = _("member")
        verbose_name_plural = _("members")
        ordering = ["-id"]
        constraints = [
            models.UniqueConstraint(
                fields=["area_code", "phone"], condition=~models.Q(phone=""), name="member_phone_unique"
            ),
            models.UniqueConstraint(fields=["crm_code"], condition=~models.Q(crm_code=""), name="member_code_unique"),
            models.UniqueConstraint(fields=["card_no"], condition=~models.Q(card_no=""), name="member_card_no_unique"),
            models.CheckConstraint(condition=models.Q(points__gte=0), name="member_points_not_negative"),
            models.CheckConstraint(
                condition=models.Q(status=MemberStatus.CANCELLED) | ~models.Q(phone=""),
                name="member_phone_unless_cancelled",
            ),
        ]
        indexes = [
            models.Index(fields=["home_store", "-id"], name="member_store_newest"),
            models.Index(fields=["name"], name="member_name"),
            # The member reports: a store's members filed in a time range (new members), counted
            # by status and source from the index alone (a chain's year: a third of a million).
            models.Index(
                fields=["home_store", "created_at"], include=["status", "source"], name="member_store_filed_at"
            ),
            # Birthdays in a range in the year's order (the follow-up list): a chain's page walks
            # the index and stops after its rows, where sorting a million members took 2 s.
            models.Index(ExtractMonth("birthday"), ExtractDay("birthday"), F("id"), name="member_birthday_order"),
        ]

    def __str__(self) -> str:
        return self.name

    def save(self, *args, **kwargs) -> None:
        self.name_grams = name_grams_text(self.name)
        update_fields = kwargs.get("update_fields")
        if update_fields is not None and "name" in update_fields:
            kwargs["update_fields"] = {*update_fields, "name_grams"}
        super().save(*args, **kwargs)


class PointsEntry(AppendOnlyModel):
    """One change of a member's points with the balance after it: the ledger is the truth (append-only,
    by a trigger too), the balance on the member is its running sum."""

    member = models.ForeignKey(
        Member, verbose_name=_("member"), on_delete=models.PROTECT, related_name="points_entries"
    )
    store = models.ForeignKey(
        "org.OrgUnit", verbose_name=_("store"), on_delete=models.PROTECT, related_name="+", null=True, blank=True
    )
    kind = models.CharField(_("kind"), max_length=16, choices=PointsKind.choices)
    change = models.IntegerField(_("change"))
    balance_after = models.IntegerField(_("balance after"))
    reason = models.CharField(_("reason"), max_length=POINTS_REASON_MAX_LENGTH)
    # The order the points were earned on or paid (by id: orders live a floor higher, in billing).
    order_id = models.BigIntegerField(_("order"), null=True, blank=True)
    # The refund that gave the points back or took them back (billing's, by id as the order).
    refund_id = models.BigIntegerField(_("refund"), null=True, blank=True)
    operator = user_field(_("operator"), reverse_accessor=True)
    operator_name = user_name_field(_("operator name"))
    created_at = created_at_field()

    class Meta:
        verbose_name = _("points entry")
        verbose_name_plural = _("points entries")
        ordering = ["-id"]
        constraints = [
            models.CheckConstraint(condition=models.Q(balance_after__gte=0), name="points_entry_balance_not_negative"),
            models.CheckConstraint(condition=~models.Q(change=0), name="points_entry_change_not_zero"),
        ]
        indexes = [
            models.Index(fields=["member", "-id"], name="points_entry_member_newest"),
            models.Index(fields=["store", "-id"], name="points_entry_store_newest"),
            # The daily closing's points figures: a store's entries of a day.
            models.Index(fields=["store", "created_at"], name="points_entry_store_time"),
        ]

    def __str__(self) -> str:
        return f"{self.member_id}: {self.change:+d}"


class CancellationRequest(models.Model):
    """A member's request to close their file (spec §2.2 /cancellation, /logoutList)."""

    member = models.ForeignKey(
        Member, verbose_name=_("member"), on_delete=models.PROTECT, related_name="cancellation_requests"
    )
    store = models.ForeignKey("org.OrgUnit", verbose_name=_("store"), on_delete=models.PROTECT, related_name="+")
    reason = models.CharField(_("reason"), max_length=REMARK_MAX_LENGTH)
    phone_masked = models.CharField(_("phone (masked)"), max_length=16, blank=True)
    status = models.CharField(
        _("status"), max_length=10, choices=CancellationStatus.choices, default=CancellationStatus.PENDING
    )
    requested_by = user_field(_("requested by"), blank=False)
    requested_at = models.DateTimeField(_("requested"), auto_now_add=True)
    decided_by = user_field(_("decided by"))
    decided_at = models.DateTimeField(_("decided"), null=True, blank=True)
    decision_remark = models.CharField(_("decision remark"), max_length=REMARK_MAX_LENGTH, blank=True)

    class Meta:
        verbose_name = _("cancellation request")
        verbose_name_plural = _("cancellation requests")
        ordering = ["-id"]
        constraints = [
            models.UniqueConstraint(
                fields=["member"],
                condition=models.Q(status=CancellationStatus.PENDING),
                name="cancellation_one_pending_per_member",
            ),
        ]
        indexes = [models.Index(fields=["store", "status", "-id"], name="cancellation_store_status")]

    def __str__(self) -> str:
        return f"{self.member_id} ({self.status})"


class Examination(models.Model):
    """A member's scalp and hair examination (/examiningDetail): what the examiner found and
    recommends, with photos. The examiner is an employee of the store (apps.staff, on the same floor:
    reached through apps.members.hooks), kept by id and by the name at the time."""

    member = models.ForeignKey(Member, verbose_name=_("member"), on_delete=models.PROTECT, related_name="examinations")
    store = models.ForeignKey(
        "org.OrgUnit",
        verbose_name=_("store"),
        on_delete=models.PROTECT,
        related_name="+",
        limit_choices_to={"kind": OrgUnitKind.STORE},
    )
    examined_on = models.DateField(_("examination date"))
    examiner_id = models.BigIntegerField(_("examiner id"))
    examiner_name = models.CharField(_("examiner"), max_length=50)
    scalp_type = models.CharField(_("scalp type"), max_length=12, choices=ScalpType.choices)
    oiliness = models.CharField(_("oiliness"), max_length=10, choices=Degree.choices)
    sensitivity = models.CharField(_("sensitivity"), max_length=10, choices=Degree.choices)
    dandruff = models.CharField(_("dandruff"), max_length=10, choices=Degree.choices)
    hair_loss = models.CharField(_("hair loss"), max_length=10, choices=Degree.choices)
    hair_density = models.CharField(_("hair density"), max_length=10, choices=HairDensity.choices)
    hair_thickness = models.CharField(_("hair thickness"), max_length=10, choices=HairThickness.choices)
    notes = models.CharField(_("notes"), max_length=EXAMINATION_TEXT_MAX_LENGTH, blank=True)
    recommendation = models.CharField(_("recommendation"), max_length=EXAMINATION_TEXT_MAX_LENGTH, blank=True)
    created_by = user_field(_("recorded by"))
    created_at = created_at_field()
    updated_at = updated_at_field()

    class Meta:
        verbose_name = _("scalp and hair examination")
        verbose_name_plural = _("scalp and hair examinations")
        ordering = ["-examined_on", "-id"]
        indexes = [
            models.Index(fields=["member", "-examined_on"]),
            # A store's list of its examinations (/rest/userTest/store/search), newest first.
            models.Index(fields=["store", "-examined_on", "-id"], name="examination_store_newest"),
        ]

    def __str__(self) -> str:
        return f"{self.examined_on} {self.examiner_name}"


class ExaminationPhoto(models.Model):
    """A photo of an examination, stored through Django's storage API (local files by default, an
    S3-type storage by settings) and served only through the signed-in photo call."""

    examination = models.ForeignKey(
        Examination, verbose_name=_("examination"), on_delete=models.CASCADE, related_name="photos"
    )
    file = models.FileField(_("file"), upload_to="examinations/%Y/%m/")
    content_type = models.CharField(_("content type"), max_length=20)
    size = models.PositiveIntegerField(_("size in bytes"))
    created_at = created_at_field()

    class Meta:
        verbose_name = _("examination photo")
        verbose_name_plural = _("examination photos")
        ordering = ["id"]

    def __str__(self) -> str:
        return self.file.name or ""


class MoveIn(models.Model):
    """A member taken over from another store or brand (会员迁入, issue 17 §2), with their old cards
    (MoveInLine). The member is one found by phone (`member`) or a new one described by the name and
    phone fields, filed when the move-in is approved. Approving opens each line's new card in the
    cards app (apps.cards.move_in), which notes the card on the line."""

    store = models.ForeignKey("org.OrgUnit", verbose_name=_("store"), on_delete=models.PROTECT, related_name="+")
    member = models.ForeignKey(
        Member, verbose_name=_("member"), null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    name = models.CharField(_("name"), max_length=MEMBER_NAME_MAX_LENGTH)
    area_code = models.CharField(
        _("area code"), max_length=5, choices=MemberAreaCode.choices, default=MemberAreaCode.MAINLAND
    )
    phone = models.CharField(_("phone"), max_length=PHONE_MAX_LENGTH)
    birthday = models.DateField(_("birthday"), null=True, blank=True)
    source_brand = models.CharField(_("from brand"), max_length=MOVE_IN_SOURCE_MAX_LENGTH, blank=True)
    source_store = models.CharField(_("from store"), max_length=MOVE_IN_SOURCE_MAX_LENGTH)
    remark = models.CharField(_("remark"), max_length=REMARK_MAX_LENGTH, blank=True)
    status = models.CharField(_("status"), max_length=10, choices=MoveInStatus.choices, default=MoveInStatus.DRAFT)
    # Totals of the lines, kept with them (the list shows and sums them without reading the lines).
    old_value = models.DecimalField(_("old cards' balance"), max_digits=14, decimal_places=2, default=0)
    new_value = models.DecimalField(_("new cards' value"), max_digits=14, decimal_places=2, default=0)
    sessions = models.PositiveIntegerField(_("sessions"), default=0)
    line_count = models.PositiveSmallIntegerField(_("old cards"), default=0)
    approval = models.ForeignKey(
        "approvals.ApprovalRequest",
        verbose_name=_("approval request"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    decision_remark = models.CharField(_("decision remark"), max_length=REMARK_MAX_LENGTH, blank=True)
    created_by = user_field(_("created by"), blank=False)
    created_by_name = user_name_field(_("created by"))
    created_at = created_at_field()
    updated_at = updated_at_field()
    submitted_at = models.DateTimeField(_("submitted"), null=True, blank=True)
    decided_at = models.DateTimeField(_("decided"), null=True, blank=True)

    class Meta:
        verbose_name = _("member move-in")
        verbose_name_plural = _("member move-ins")
        ordering = ["-id"]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(old_value__gte=0) & models.Q(new_value__gte=0), name="move_in_totals_not_negative"
            ),
            models.CheckConstraint(
                condition=~models.Q(status=MoveInStatus.APPROVED) | models.Q(member__isnull=False),
                name="move_in_approved_names_member",
            ),
        ]
        indexes = [models.Index(fields=["store", "status", "-id"], name="move_in_store_status")]

    def __str__(self) -> str:
        return f"{self.name} ({self.status})"

    @property
    def number(self) -> str:
        return f"MI{self.pk:08d}"


class MoveInLine(models.Model):
    """One old card: its name and number at the old store, its kind, what it still holds (a
    stored-value balance, or sessions per project in MoveInSession), its expiry, and the card type
    the member gets for it here. A stored-value card's new value is its balance × `coefficient`
    (rounded half up to the cent); a package card's sessions carry over one for one."""

    move_in = models.ForeignKey(MoveIn, on_delete=models.CASCADE, related_name="lines")
    old_card_name = models.CharField(_("old card"), max_length=MOVE_IN_CARD_NAME_MAX_LENGTH)
    old_card_no = models.CharField(_("old card number"), max_length=MOVE_IN_CARD_NO_MAX_LENGTH, blank=True)
    kind = models.CharField(_("kind"), max_length=16, choices=CardKind.choices)
    old_balance = models.DecimalField(_("remaining balance"), max_digits=12, decimal_places=2, default=0)
    coefficient = models.DecimalField(
        _("old-card coefficient"),
        max_digits=MOVE_IN_COEFFICIENT_DIGITS,
        decimal_places=MOVE_IN_COEFFICIENT_PLACES,
        default=1,
    )
    new_value = models.DecimalField(_("new card's value"), max_digits=12, decimal_places=2, default=0)
    expires_on = models.DateField(_("valid until"), null=True, blank=True)
    card_type = models.ForeignKey(
        "catalog.CardType", verbose_name=_("new card type"), on_delete=models.PROTECT, related_name="+"
    )
    # The card opened for this line when the move-in was approved (cards live a floor higher).
    card_id = models.BigIntegerField(_("new card"), null=True, blank=True)
    card_no = models.CharField(_("new card number"), max_length=20, blank=True)

    class Meta:
        verbose_name = _("move-in old card")
        verbose_name_plural = _("move-in old cards")
        ordering = ["id"]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(old_balance__gte=0) & models.Q(new_value__gte=0), name="move_in_line_money"
            ),
            models.CheckConstraint(
                condition=models.Q(coefficient__gt=0) & models.Q(coefficient__lte=1), name="move_in_line_coefficient"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.old_card_name} → {self.card_type_id}"


class MoveInSession(models.Model):
    """Sessions of one project left on an old package card."""

    line = models.ForeignKey(MoveInLine, on_delete=models.CASCADE, related_name="sessions")
    project = models.ForeignKey(
        "catalog.Project", verbose_name=_("project"), on_delete=models.PROTECT, related_name="+"
    )
    sessions = models.PositiveIntegerField(_("sessions left"))

    class Meta:
        verbose_name = _("move-in sessions")
        verbose_name_plural = _("move-in sessions")
        ordering = ["id"]
        constraints = [
            models.UniqueConstraint(fields=["line", "project"], name="move_in_session_one_per_project"),
            models.CheckConstraint(condition=models.Q(sessions__gt=0), name="move_in_session_positive"),
        ]

    def __str__(self) -> str:
        return f"{self.project_id}: {self.sessions}"


class MoveInAttachment(models.Model):
    """A photo of the old card or of the contract (JPEG, PNG or PDF), kept through Django's storage
    (local files by default, S3-type storage by settings) and read only through the API by the
    move-in's store."""

    move_in = models.ForeignKey(MoveIn, on_delete=models.CASCADE, related_name="attachments")
    file = models.FileField(_("file"), upload_to="move-in/%Y/%m/", max_length=200)
    name = models.CharField(_("file name"), max_length=MOVE_IN_ATTACHMENT_NAME_MAX_LENGTH)
    content_type = models.CharField(_("type"), max_length=40)
    size = models.PositiveIntegerField(_("size (bytes)"))
    uploaded_by = user_field(_("uploaded by"), blank=False)
    uploaded_by_name = user_name_field(_("uploaded by"))
    created_at = models.DateTimeField(_("uploaded"), auto_now_add=True)

    class Meta:
        verbose_name = _("move-in attachment")
        verbose_name_plural = _("move-in attachments")
        ordering = ["id"]

    def __str__(self) -> str:
        return self.name
