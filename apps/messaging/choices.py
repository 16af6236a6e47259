"""Choices and constants of messages and tasks (spec §3 Message and Task summary, §4, §7.1, §7.9)."""

from django.db import models
from django.utils.translation import gettext_lazy as _


class TaskType(models.IntegerChoices):
    """Spec §3 Task summary: type 1 is an arrears notice, anything else a payment notice."""

    ARREARS_NOTICE = 1, _("arrears notice")
    PAYMENT_NOTICE = 2, _("payment notice")
    # Raised by the inventory when a product of the store falls below its safety stock.
    SAFETY_STOCK = 3, _("stock below safety")
    # Raised by billing when a payment provider reports a success unlike the payment asked for (another
    # amount, currency or merchant): the tender is not paid, and a person checks the money.
    PAYMENT_MISMATCH = 4, _("provider payment to check")
    # Raised by group-buy when a platform's word on a write-off names another deal or price than it
    # offered for the code: the write-off is not taken, and a person settles it with the platform.
    GROUP_BUY_MISMATCH = 5, _("group-buy write-off to check")
    # Raised for the owner when one account reads many members' whole phones in a short time.
    PHONE_VIEWS = 6, _("many whole phones viewed")
    # Raised by the reports for the owner and head office when the nightly check finds a store's
    # summaries unlike their recomputation from the ledgers (then fixed): never silent.
    SUMMARY_DIFFERENCE = 7, _("report figures corrected")


class TaskAudience(models.TextChoices):
    """Who at the store sees a task: everyone there, or only its owner and head office (a task about
    what one employee did is not shown to the colleagues)."""

    STORE = "store", _("everyone at the store")
    OWNER = "owner", _("the owner and head office")


class MessageReadFilter(models.IntegerChoices):
    """The `isRead` query parameter of the message calls: 1 read, 2 unread (spec §7.1)."""

    READ = 1, _("read")
    UNREAD = 2, _("unread")


class AuditAction(models.TextChoices):
    MESSAGE_SAVED = "messaging.message_saved", _("saved a message")
    MESSAGE_PUBLISHED = "messaging.message_published", _("published a message")
    MESSAGE_DELETED = "messaging.message_deleted", _("deleted a message")
    TASK_CREATED = "messaging.task_created", _("created a task")
    TASK_DELETED = "messaging.task_deleted", _("deleted a task")


MSG_NAME_MAX_LENGTH = 100
# Who published a scheduled message when nobody is named on it (beat runs it).
SYSTEM_PUBLISHER_NAME = "system"
# A batch read refuses longer id lists: the forced notice and the list page send one page at most.
MAX_BATCH_READ_IDS = 200

# Rich text of a message (graphicDescription): the formatting a rich-text editor produces, links with
# safe schemes, images. Anything else (scripts, event handlers, javascript: links, forms, frames,
# embedded objects) is removed by apps.messaging.sanitize before the text is stored.
RICH_TEXT_TAGS = frozenset(
    {
        "a", "abbr", "b", "blockquote", "br", "caption", "code", "col", "colgroup", "dd", "del", "div", "dl",
        "dt", "em", "figcaption", "figure", "h1", "h2", "h3", "h4", "h5", "h6", "hr", "i", "img", "ins", "li",
        "mark", "ol", "p", "pre", "s", "small", "span", "strike", "strong", "sub", "sup", "table", "tbody",
        "td", "tfoot", "th", "thead", "tr", "u", "ul",
    }
)  # fmt: skip
RICH_TEXT_ATTRIBUTES: dict[str, set[str]] = {
    "*": {"style", "title", "align"},
    "a": {"href", "target"},
    "img": {"src", "alt", "width", "height"},
    "ol": {"start"},
    "td": {"colspan", "rowspan"},
    "th": {"colspan", "rowspan", "scope"},
    "col": {"span"},
    "colgroup": {"span"},
}
RICH_TEXT_URL_SCHEMES = frozenset({"http", "https", "mailto", "tel"})
# Inline styles keep the look an editor gives text and tables, nothing that can load or position.
RICH_TEXT_STYLE_PROPERTIES = frozenset(
    {
        "color", "background-color", "font-size", "font-weight", "font-style", "font-family", "text-align",
        "text-decoration", "text-indent", "line-height", "letter-spacing", "vertical-align", "width", "height",
        "margin", "margin-top", "margin-bottom", "margin-left", "margin-right", "padding", "padding-top",
        "padding-bottom", "padding-left", "padding-right", "border", "border-collapse", "border-color",
        "border-style", "border-width", "list-style-type",
    }
)  # fmt: skip
