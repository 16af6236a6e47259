import pytest
from django.core.management import call_command
from django.utils import timezone

from apps.catalog import demo
from apps.catalog.models import (
    CardType,
    CouponTemplate,
    PriceChange,
    Product,
    ProductPackage,
    Project,
    ProjectPackage,
    Promotion,
    StoreItem,
    TimePeriod,
)
from apps.org import demo as org_demo

pytestmark = pytest.mark.django_db

MODELS = (Product, ProductPackage, Project, ProjectPackage, CardType, CouponTemplate, Promotion, TimePeriod)


def test_demo_catalogue_is_realistic_and_idempotent():
    chain = org_demo.seed_demo()
    demo.seed_demo(chain)
    counts = {model: model.objects.count() for model in MODELS}
    demo.seed_demo(chain)
    assert counts == {model: model.objects.count() for model in MODELS}
    assert Project.objects.filter(name="防脱育发护理").exists()
    assert ProjectPackage.objects.filter(name="防脱护理10次卡").exists()
    assert set(CouponTemplate.objects.values_list("kind", flat=True)) == {"A", "B", "C"}
    assert CardType.objects.filter(kind="storedValue").count() == 3 and CardType.objects.filter(kind="package").exists()
    assert TimePeriod.objects.filter(store=chain.stores[0]).count() == 12
    promotion = Promotion.objects.get()
    assert promotion.start <= timezone.now() < promotion.end
    assert not StoreItem.objects.exists() and not PriceChange.objects.exists()
    for item in Product.objects.all():
        item.full_clean()


def test_seed_demo_command_adds_the_catalogue_twice_without_change():
    call_command("seed_demo", verbosity=0)
    counts = {model: model.objects.count() for model in MODELS}
    call_command("seed_demo", verbosity=0)
    assert counts == {model: model.objects.count() for model in MODELS}
    assert counts[Product] == len(demo.PRODUCTS) and counts[Project] == len(demo.PROJECTS)
