"""Master data for `seed_demo` and a fresh installation: the master lists, the platforms of spec §9,
market segments of 上海 and, when the table is empty, the regions. Idempotent: existing rows are
left as head office edited them."""

from __future__ import annotations

from apps.masterdata.choices import MasterType, PlatformAdapter, PlatformType
from apps.masterdata.models import MarketSegment, MasterItem, Platform, Region
from apps.masterdata.regions import regions_load

# (code, name, English name) per list, in display order. Gender and marital status use the codes of
# GB/T 2261.1 and GB/T 2261.2.
MASTER_LISTS: dict[MasterType, tuple[tuple[str, str, str], ...]] = {
    MasterType.GENDER: (("1", "男", "Male"), ("2", "女", "Female"), ("0", "未知", "Unknown")),
    MasterType.STAFF_EDUCATION: (
        ("11", "博士研究生", "Doctorate"),
        ("14", "硕士研究生", "Master's degree"),
        ("21", "大学本科", "Bachelor's degree"),
        ("31", "大学专科", "Junior college"),
        ("41", "中专/技校", "Vocational school"),
        ("61", "普通高中", "High school"),
        ("71", "初中及以下", "Middle school or below"),
    ),
    MasterType.MARITAL_STATUS: (
        ("10", "未婚", "Single"),
        ("20", "已婚", "Married"),
        ("30", "丧偶", "Widowed"),
        ("40", "离婚", "Divorced"),
        ("90", "未说明", "Not stated"),
    ),
    MasterType.MEMBER_SOURCE: (
        ("walkIn", "门店自然进店", "Walk-in"),
        ("referral", "老客介绍", "Referred by a member"),
        ("meituan", "美团", "Meituan"),
        ("dianping", "大众点评", "Dianping"),
        ("douyin", "抖音", "Douyin"),
        ("xiaohongshu", "小红书", "Xiaohongshu"),
        ("wecom", "企业微信", "WeCom"),
        ("onlineMall", "线上商城", "Online mall"),
        ("streetPromotion", "地推活动", "Street promotion"),
        ("other", "其他", "Other"),
    ),
    MasterType.OCCUPATION: (
        ("employee", "企业职员", "Company employee"),
        ("civilServant", "公务员/事业单位", "Civil servant"),
        ("teacher", "教师", "Teacher"),
        ("medical", "医护人员", "Medical staff"),
        ("owner", "个体经营/企业主", "Business owner"),
        ("freelancer", "自由职业", "Freelancer"),
        ("student", "学生", "Student"),
        ("homemaker", "全职家庭", "Homemaker"),
        ("retired", "退休", "Retired"),
        ("other", "其他", "Other"),
    ),
    MasterType.INCOME: (
        ("lt5k", "5000元以下/月", "Under 5,000 yuan a month"),
        ("5k-10k", "5000–10000元/月", "5,000–10,000 yuan a month"),
        ("10k-20k", "10000–20000元/月", "10,000–20,000 yuan a month"),
        ("20k-50k", "20000–50000元/月", "20,000–50,000 yuan a month"),
        ("gt50k", "50000元以上/月", "Over 50,000 yuan a month"),
        ("undisclosed", "不便透露", "Prefer not to say"),
    ),
    MasterType.HAIR_TYPE: (
        ("normal", "中性发质", "Normal hair"),
        ("oily", "油性发质", "Oily hair"),
        ("dry", "干性发质", "Dry hair"),
        ("mixed", "混合性发质", "Combination hair"),
        ("damaged", "受损发质", "Damaged hair"),
    ),
    MasterType.SCALP_TYPE: (
        ("healthy", "健康头皮", "Healthy scalp"),
        ("oily", "油性头皮", "Oily scalp"),
        ("dry", "干性头皮", "Dry scalp"),
        ("sensitive", "敏感头皮", "Sensitive scalp"),
        ("dandruff", "头屑头皮", "Dandruff-prone scalp"),
        ("hairLoss", "脱发头皮", "Scalp with hair loss"),
    ),
}

# Spec §9's fixed platforms: (id, name, type, review platform). The two review platforms keep the ids
# the coupon pre-check runs for (19, 21).
PLATFORMS: tuple[tuple[int, str, PlatformType, bool], ...] = (
    (19, "美团", PlatformType.GROUP_BUY, True),
    (21, "大众点评", PlatformType.GROUP_BUY, True),
    (13, "抖音", PlatformType.GROUP_BUY, False),
    (14, "快手", PlatformType.GROUP_BUY, False),
    (11, "天猫", PlatformType.JOINT_VENTURE, False),
    (12, "支付宝", PlatformType.JOINT_VENTURE, False),
    (15, "视频号", PlatformType.FISSION, False),
    (16, "本品牌小程序", PlatformType.FISSION, False),
)
# The platforms with an open write-off API; the others are written off by hand (PlatformAdapter.MANUAL).
PLATFORM_ADAPTERS = {
    19: PlatformAdapter.MEITUAN,
    21: PlatformAdapter.MEITUAN,
    13: PlatformAdapter.DOUYIN,
    15: PlatformAdapter.CHANNELS,
}

SHANGHAI = "310100"
SHANGHAI_SEGMENTS = ("南京西路商圈", "徐家汇商圈", "陆家嘴商圈", "五角场商圈", "中山公园商圈", "虹桥商圈")


def seed_master_lists() -> None:
    for master_type, values in MASTER_LISTS.items():
        for order, (code, name, name_en) in enumerate(values):
            MasterItem.objects.get_or_create(
                type=master_type, code=code, defaults={"name": name, "name_en": name_en, "sort_order": order}
            )


def seed_platforms() -> None:
    for order, (platform_id, name, platform_type, review) in enumerate(PLATFORMS):
        Platform.objects.get_or_create(
            id=platform_id,
            defaults={
                "name": name,
                "platform_type": platform_type,
                "is_review_platform": review,
                "sort_order": order,
                "adapter": PLATFORM_ADAPTERS.get(platform_id, PlatformAdapter.MANUAL),
            },
        )


def seed_market_segments() -> None:
    for order, name in enumerate(SHANGHAI_SEGMENTS):
        MarketSegment.objects.get_or_create(city_code=SHANGHAI, name=name, defaults={"sort_order": order})


def seed_demo(chain: object | None = None) -> None:
    """Takes the demo chain as every area's seed_demo does, but master data hangs on no store, so it
    reads nothing of it (and masterdata, below org, does not import org's DemoChain)."""
    seed_master_lists()
    seed_platforms()
    seed_market_segments()
    if not Region.objects.exists():
        regions_load()
