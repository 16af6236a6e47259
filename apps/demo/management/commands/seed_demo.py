"""python manage.py seed_demo: the demo chain of contract §6. Idempotent: a second run changes nothing.

Each area adds its own demo data through a `seed_demo` function in `apps/<area>/demo.py`; this
command runs them in dependency order inside one transaction, before anyone works in the stores
(apps.core.locks.running_alone).
"""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand
from django.db import transaction

from apps.accounts import demo as accounts_demo
from apps.billing import demo as billing_demo
from apps.booking import demo as booking_demo
from apps.catalog import demo as catalog_demo
from apps.commission import demo as commission_demo
from apps.core.locks import running_alone
from apps.evaluations import demo as evaluations_demo
from apps.groupbuy import demo as groupbuy_demo
from apps.inventory import demo as inventory_demo
from apps.masterdata import demo as masterdata_demo
from apps.members import demo as members_demo
from apps.messaging import demo as messaging_demo
from apps.org import demo as org_demo
from apps.staff import demo as staff_demo


class Command(BaseCommand):
    help = "Create the demo head office, stores, roles and accounts (password Demo@12345)."

    def handle(self, *args: Any, **options: Any) -> None:
        with running_alone(), transaction.atomic():
            chain = org_demo.seed_demo()
            accounts_demo.seed_demo(chain)
            staff_demo.seed_demo(chain)
            messaging_demo.seed_demo(chain)
            masterdata_demo.seed_demo(chain)
            catalog_demo.seed_demo(chain)
            inventory_demo.seed_demo(chain)
            members_demo.seed_demo(chain)
            booking_demo.seed_demo(chain)
            billing_demo.seed_demo(chain)
            groupbuy_demo.seed_demo(chain)
            commission_demo.seed_demo(chain)
            evaluations_demo.seed_demo(chain)
        first = chain.stores[0]
        self.stdout.write(self.style.SUCCESS(f"Demo data ready. First store: id={first.pk} name={first.name}"))
        self.stdout.write("Accounts (password Demo@12345): " + ", ".join(accounts_demo.DEMO_ACCOUNTS))
