"""Demo members (contract §6): labels, about forty members per demo store with realistic names,
phones, codes and sources, a few points entries and one cancellation request waiting. Idempotent:
members are keyed by their member code."""

from __future__ import annotations

from datetime import date, timedelta

from django.utils import timezone

from apps.core.audit import SYSTEM_ACTOR
from apps.members import services
from apps.members.choices import CancellationStatus, MemberAreaCode
from apps.members.models import CancellationRequest, Member, MemberLabel
from apps.org.demo import DemoChain
from apps.org.models import OrgUnit

LABELS = (
    ("新客", "#2e7d32", "客户阶段"),
    ("老客", "#1565c0", "客户阶段"),
    ("VIP", "#c62828", "价值"),
    ("高消费", "#ad1457", "价值"),
    ("敏感头皮", "#ef6c00", "头皮状况"),
    ("脱发困扰", "#6a1b9a", "头皮状况"),
    ("油性头皮", "#00838f", "头皮状况"),
    ("需回访", "#4e342e", "跟进"),
)

SURNAMES = "王李张刘陈杨黄赵吴周徐孙马朱胡郭何林罗高"
GIVEN = (
    "静",
    "敏",
    "丽",
    "婷",
    "雪",
    "芳",
    "娜",
    "秀英",
    "晓燕",
    "思琪",
    "欣怡",
    "子涵",
    "雨桐",
    "梓萱",
    "佳怡",
    "伟",
    "磊",
    "强",
    "浩然",
    "宇轩",
)
SOURCES = ("walkIn", "referral", "meituan", "dianping", "douyin", "xiaohongshu", "wecom")
MEMBERS_PER_STORE = 40


def _labels() -> list[MemberLabel]:
    labels = []
    for order, (name, color, group) in enumerate(LABELS):
        label, _ = MemberLabel.objects.get_or_create(
            name=name, defaults={"color": color, "group_name": group, "sort_order": order}
        )
        labels.append(label)
    return labels


def _member_data(store_index: int, n: int, labels: list[MemberLabel]) -> services.MemberFields:
    seq = store_index * 100 + n
    name = SURNAMES[seq % len(SURNAMES)] + GIVEN[(seq * 7) % len(GIVEN)]
    hong_kong = n % 19 == 18
    data: services.MemberFields = {
        "name": name,
        "area_code": MemberAreaCode.HONG_KONG if hong_kong else MemberAreaCode.MAINLAND,
        "phone": f"{61000000 + seq * 37:08d}" if hong_kong else f"13{(seq % 7) + 3}{(seq * 7919) % 10**8:08d}",
        "gender": "1" if GIVEN[(seq * 7) % len(GIVEN)] in ("伟", "磊", "强", "浩然", "宇轩") else "2",
        "birthday": date(1970 + seq % 35, 1 + seq % 12, 1 + seq % 28),
        "crm_code": f"HY{store_index + 1:02d}{n + 1:05d}",
        "card_no": f"8600{store_index + 1:02d}{n + 1:06d}" if n % 3 == 0 else "",
        "source": SOURCES[seq % len(SOURCES)],
        "sms_consent": n % 4 != 0,
        "label_ids": [labels[seq % len(labels)].pk] + ([labels[2].pk] if n % 10 == 0 else []),
    }
    return data


def _seed_store(store: OrgUnit, store_index: int, labels: list[MemberLabel]) -> list[Member]:
    members = []
    now = timezone.now()
    for n in range(MEMBERS_PER_STORE):
        data = _member_data(store_index, n, labels)
        member = Member.objects.filter(crm_code=data["crm_code"]).first()
        if member is None:
            member = services.member_create(actor=SYSTEM_ACTOR, store=store, **data)
            visit = now - timedelta(days=(n * 3) % 90, hours=n % 9) if n % 5 else None
            Member.objects.filter(pk=member.pk).update(last_visit_at=visit)
            if n % 2 == 0:
                services.points_adjust(
                    actor=SYSTEM_ACTOR, member=member, store=store, change=100 + n * 25, reason="开卡赠送积分"
                )
        members.append(member)
    return members


def seed_demo(chain: DemoChain) -> None:
    labels = _labels()
    first_store_members = []
    for index, store in enumerate(chain.stores):
        members = _seed_store(store, index, labels)
        if index == 0:
            first_store_members = members
    waiting = first_store_members[-1]
    if not CancellationRequest.objects.filter(member=waiting, status=CancellationStatus.PENDING).exists():
        services.cancellation_apply(
            actor=SYSTEM_ACTOR, member=waiting, store=chain.stores[0], reason="客户搬家离开上海，申请注销会员档案"
        )
