"""Demo message types, messages (one a forced notice) and tasks for `seed_demo`. Idempotent: an
existing title is left alone."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal

from django.utils import timezone

from apps.core.audit import SYSTEM_ACTOR
from apps.messaging.choices import TaskType
from apps.messaging.models import Message, MessageType, Task
from apps.messaging.services import message_save, task_raise
from apps.messaging.system_texts import GOODS_PAYMENT_DUE_TEXT
from apps.org.demo import DemoChain

MESSAGE_TYPES = ("系统公告", "运营通知", "培训资料")


def seed_demo(chain: DemoChain) -> None:
    types = {}
    for order, name in enumerate(MESSAGE_TYPES):
        types[name], _ = MessageType.objects.get_or_create(name=name, defaults={"sort_order": order})
    now = timezone.now()
    messages = (
        (
            "系统升级公告",
            "系统公告",
            True,
            5,
            chain.head_office,
            "<p>本周日 <strong>22:00–23:00</strong> 系统升级，请提前完成日结。</p>",
        ),
        ("华东大区春季活动", "运营通知", False, 0, chain.region, "<p>春季养发护理套餐活动即将开始。</p>"),
        ("静安店新员工培训", "培训资料", False, 0, chain.stores[0], "<p>请新员工于周三下午参加头皮检测培训。</p>"),
    )
    for title, type_name, mandatory, show_time, unit, html in messages:
        if Message.objects.filter(msg_name=title).exists():
            continue
        message = Message(
            msg_name=title,
            type=types[type_name],
            graphic_description=html,
            mandatory=mandatory,
            show_time=show_time,
            publish_at=now - timedelta(minutes=1),
        )
        message_save(actor=SYSTEM_ACTOR, message=message, now=now)
        message.audience.set([unit])
    for store in chain.stores:
        if Task.objects.filter(store=store).exists():
            continue
        due = timezone.localdate(now) + timedelta(days=7)
        task_raise(
            actor=SYSTEM_ACTOR,
            store=store,
            task_type=TaskType.PAYMENT_NOTICE,
            text_code=GOODS_PAYMENT_DUE_TEXT,
            text_params={"due": due.isoformat()},
            amount=Decimal("3280.00"),
            due_date=due,
        )
