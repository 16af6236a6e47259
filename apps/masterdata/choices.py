"""Choices and constants of master data (spec §2.4, §3 Platform, §7.6, §9)."""

from django.db import models
from django.utils.translation import gettext_lazy as _


class MasterType(models.TextChoices):
    """The master lists. The value is the `{type}` of `findMaster/{type}`; the named calls
    (`findGender`, `findStaffEducation`, ...) read the list of the same name."""

    GENDER = "gender", _("gender")
    STAFF_EDUCATION = "staffEducation", _("education")
    MARITAL_STATUS = "maritalStatus", _("marital status")
    MEMBER_SOURCE = "memSource", _("member source")
    OCCUPATION = "occupation", _("occupation")
    INCOME = "income", _("income range")
    HAIR_TYPE = "hairType", _("hair type")
    SCALP_TYPE = "scalpType", _("scalp type")


class PlatformType(models.IntegerChoices):
    """The tabs of the group-buy write-off dialog (spec §2.4, §9)."""

    GROUP_BUY = 1, _("group-buy")
    JOINT_VENTURE = 2, _("joint venture")
    FISSION = 3, _("fission")


class RegionLevel(models.IntegerChoices):
    PROVINCE = 1, _("province")
    CITY = 2, _("city")
    DISTRICT = 3, _("district")


# Spec §9: the coupon pre-check (debounced 500 ms) runs for these platform ids only: the two review
# platforms (美团 19, 大众点评 21).
PRE_CHECK_PLATFORM_IDS = frozenset({19, 21})

MASTER_CODE_MAX_LENGTH = 32
MASTER_NAME_MAX_LENGTH = 50
REGION_CODE_LENGTH = 6


class PlatformAdapter(models.TextChoices):
    """Which adapter writes a platform's codes off (apps.groupbuy.platforms; decision 0019): Meituan
    and Dianping share one open platform; a platform without an API is written off by hand."""

    MEITUAN = "meituan", _("Meituan / Dianping open platform")
    DOUYIN = "douyin", _("Douyin life services")
    CHANNELS = "channels", _("WeChat Channels")
    MANUAL = "manual", _("manual (checked in the customer's app)")
