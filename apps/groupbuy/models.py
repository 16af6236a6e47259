"""Group-buy write-off records and the mapping of platform deals to our items (issue 16).

A write-off (`WriteOff`) is one coupon code consumed at a platform for a member of a store. The
database holds a code once per platform while it is pending, done or being cancelled (a partial
unique constraint): two tills writing off the same code at once give one write-off. Serving the
member later turns it into a paid order (`order`), which is what "served" means (spec §4)."""

from __future__ import annotations

from django.db import models
from django.db.models import F, Q
from django.utils.translation import gettext_lazy as _

from apps.core.model_fields import created_at_field, money_field, store_or_chain_field, user_field, user_name_field
from apps.groupbuy.choices import CODE_MAX_LENGTH, HOLDING_STATUSES, CommodityType, WriteOffStatus


class Deal(models.Model):
    """A platform's deal (what a code buys), as the platform reported it at a pre-check or write-off.
    Head office maps it to our items (`DealItem`)."""

    platform = models.ForeignKey(
        "masterdata.Platform", verbose_name=_("platform"), on_delete=models.PROTECT, related_name="+"
    )
    deal_id = models.CharField(_("platform deal id"), max_length=64)
    title = models.CharField(_("title"), max_length=200)
    price = money_field(_("deal price"))
    market_price = money_field(_("list price on the platform"))
    first_seen = models.DateTimeField(_("first seen"), auto_now_add=True)
    last_seen = models.DateTimeField(_("last seen"), auto_now=True)

    class Meta:
        verbose_name = _("platform deal")
        verbose_name_plural = _("platform deals")
        ordering = ["platform_id", "deal_id"]
        constraints = [models.UniqueConstraint(fields=["platform", "deal_id"], name="groupbuy_deal_unique")]

    def __str__(self) -> str:
        return f"{self.deal_id} {self.title}"


class DealItem(models.Model):
    """One item a deal buys at a store (or at every store, when `store` is empty)."""

    deal = models.ForeignKey(Deal, verbose_name=_("deal"), on_delete=models.CASCADE, related_name="items")
    store = store_or_chain_field(_("Empty: the mapping holds at every store."))
    commodity_type = models.CharField(_("item type"), max_length=16, choices=CommodityType.choices)
    item_id = models.PositiveIntegerField(_("item id"))

    class Meta:
        verbose_name = _("deal item")
        verbose_name_plural = _("deal items")
        ordering = ["deal_id", "id"]
        # Two partial constraints, for a store's mapping and a chain-wide one (no store): in one unique
        # constraint the NULL store of chain-wide mappings would make every such row distinct.
        constraints = [
            models.UniqueConstraint(
                fields=["deal", "store", "commodity_type", "item_id"],
                condition=Q(store__isnull=False),
                name="groupbuy_deal_item_unique",
            ),
            models.UniqueConstraint(
                fields=["deal", "commodity_type", "item_id"],
                condition=Q(store__isnull=True),
                name="groupbuy_deal_item_chain_unique",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.deal_id} → {self.commodity_type} {self.item_id}"


class WriteOff(models.Model):
    platform = models.ForeignKey(
        "masterdata.Platform", verbose_name=_("platform"), on_delete=models.PROTECT, related_name="+"
    )
    code = models.CharField(_("coupon code"), max_length=CODE_MAX_LENGTH)
    store = models.ForeignKey("org.OrgUnit", verbose_name=_("store"), on_delete=models.PROTECT, related_name="+")
    member = models.ForeignKey("members.Member", verbose_name=_("member"), on_delete=models.PROTECT, related_name="+")
    area_code = models.CharField(_("area code"), max_length=8)
    phone = models.CharField(_("phone"), max_length=11)
    from_reservation = models.BooleanField(_("picked from today's reservations"), default=False)
    # What the coupon buys here: empty for a manual platform's code written off without an item (the
    # item is then chosen when the member is served).
    commodity_type = models.CharField(_("item type"), max_length=16, choices=CommodityType.choices, blank=True)
    commodity_id = models.PositiveIntegerField(_("item id"), null=True, blank=True)
    commodity_name = models.CharField(_("item"), max_length=100, blank=True)
    unified_code = models.CharField(_("item code"), max_length=32, blank=True)
    deal = models.ForeignKey(
        Deal, verbose_name=_("deal"), on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    deal_price = money_field(_("deal price"), null=True, blank=True)
    # What the platform pays the store for the write-off, where its answer says (Consumed.settlement_cents),
    # and the platform's commission: the deal's price less that settlement. The order counts at the
    # deal's price (what the customer paid for the service); the commission is a cost of the channel.
    settlement = money_field(_("platform settlement"), null=True, blank=True)
    commission = money_field(_("platform commission"), null=True, blank=True)
    store_price = money_field(_("store price"), null=True, blank=True)
    price_warning = models.CharField(_("online-price warning"), max_length=200, blank=True)
    frequency_count = models.PositiveIntegerField(_("write-offs of the phone in the period"), default=0)
    frequency_confirmed_by = user_name_field(_("frequency confirmed by"))
    status = models.CharField(_("status"), max_length=16, choices=WriteOffStatus.choices)
    message = models.CharField(_("platform message"), max_length=255, blank=True)
    # Ours, unique per write-off: the platform's idempotency key (Meituan requestid, Channels out_request_no).
    request_id = models.CharField(_("request id"), max_length=32, unique=True)
    consumed = models.JSONField(_("platform write-off"), null=True, blank=True)  # Consumed.to_json()
    order = models.OneToOneField(
        "billing.Order", verbose_name=_("order"), on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    operator = user_field(_("operator"))
    operator_name = user_name_field(_("operator name"))
    created_at = created_at_field()
    done_at = models.DateTimeField(_("written off at"), null=True, blank=True)
    served_at = models.DateTimeField(_("served at"), null=True, blank=True)
    cancelled_at = models.DateTimeField(_("cancelled at"), null=True, blank=True)
    cancel_reason = models.CharField(_("cancel reason"), max_length=200, blank=True)
    cancelled_by = user_name_field(_("cancelled by"))

    class Meta:
        verbose_name = _("group-buy write-off")
        verbose_name_plural = _("group-buy write-offs")
        ordering = ["-id"]
        constraints = [
            models.UniqueConstraint(
                fields=["platform", "code"],
                condition=Q(status__in=HOLDING_STATUSES),
                name="groupbuy_code_written_off_once",
            ),
            models.CheckConstraint(
                condition=Q(order__isnull=True)
                | Q(status__in=[WriteOffStatus.DONE, WriteOffStatus.CANCELLING, WriteOffStatus.CANCELLED]),
                name="groupbuy_served_only_when_done",
            ),
            models.CheckConstraint(
                condition=Q(settlement__isnull=True, commission__isnull=True)
                | Q(commission=F("deal_price") - F("settlement")),
                name="groupbuy_commission_is_deal_price_less_settlement",
            ),
        ]
        indexes = [
            # The records list (apps.groupbuy.selectors.records): a store's newest first, and its count,
            # read from the index alone (the status is in it); the phone filtered by its start (LIKE
            # 'prefix%', which a btree answers only with the pattern operator class under a non-C
            # collation such as C.UTF-8). docs/performance.md, "Group-buy write-off records".
            models.Index(fields=["store", "-id"], include=["status"], name="groupbuy_store_recent"),
            models.Index(
                fields=["store", "phone"],
                opclasses=["int8_ops", "varchar_pattern_ops"],
                include=["status"],
                name="groupbuy_store_phone_prefix",
            ),
            models.Index(fields=["area_code", "phone", "created_at"], name="groupbuy_phone_time"),
            models.Index(fields=["status", "created_at"], name="groupbuy_status_time"),
        ]

    def __str__(self) -> str:
        return f"{self.platform_id} {self.code}"
