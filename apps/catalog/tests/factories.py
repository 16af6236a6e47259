from datetime import timedelta
from decimal import Decimal

import factory
from django.utils import timezone

from apps.catalog.choices import CardKind, CategoryKind, CouponKind, UseType
from apps.catalog.models import (
    CardType,
    Category,
    CouponTemplate,
    Product,
    ProductPackage,
    ProductPackageLine,
    Project,
    ProjectConsumable,
    ProjectPackage,
    ProjectPackageLine,
    Promotion,
    PromotionLine,
)


class ProductCategoryFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Category
        django_get_or_create = ("kind", "name")

    kind = CategoryKind.PRODUCT
    name = factory.Sequence(lambda n: f"产品分类{n}")


class ProjectCategoryFactory(ProductCategoryFactory):
    kind = CategoryKind.PROJECT
    name = factory.Sequence(lambda n: f"项目分类{n}")


class ProductFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Product

    code = factory.Sequence(lambda n: f"P{n:05d}")
    name = factory.Sequence(lambda n: f"洗发水{n}")
    brand = "青丝"
    category = factory.SubFactory(ProductCategoryFactory)
    specification = "500ml"
    unit = "瓶"
    barcode = factory.Sequence(lambda n: f"69{n:011d}")
    use_type = UseType.RETAIL
    price = Decimal("100.00")
    cost = Decimal("30.00")


class ProductPackageFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = ProductPackage

    code = factory.Sequence(lambda n: f"PP{n:05d}")
    name = factory.Sequence(lambda n: f"套装{n}")
    price = Decimal("300.00")


class ProductPackageLineFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = ProductPackageLine

    package = factory.SubFactory(ProductPackageFactory)
    product = factory.SubFactory(ProductFactory)
    quantity = 1


class ProjectFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Project

    code = factory.Sequence(lambda n: f"X{n:05d}")
    name = factory.Sequence(lambda n: f"头皮护理{n}")
    category = factory.SubFactory(ProjectCategoryFactory)
    duration_minutes = 60
    price = Decimal("298.00")
    required_skill = "中级养护师"


class ProjectConsumableFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = ProjectConsumable

    project = factory.SubFactory(ProjectFactory)
    product = factory.SubFactory(ProductFactory, use_type=UseType.PROFESSIONAL)
    quantity = Decimal("0.020")


class ProjectPackageFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = ProjectPackage

    code = factory.Sequence(lambda n: f"PK{n:05d}")
    name = factory.Sequence(lambda n: f"护理10次卡{n}")
    price = Decimal("2980.00")


class ProjectPackageLineFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = ProjectPackageLine

    package = factory.SubFactory(ProjectPackageFactory)
    project = factory.SubFactory(ProjectFactory)
    sessions = 10


class CardTypeFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = CardType

    code = factory.Sequence(lambda n: f"C{n:05d}")
    name = factory.Sequence(lambda n: f"储值卡{n}")
    kind = CardKind.STORED_VALUE
    face_value = Decimal("1000.00")
    price = Decimal("1000.00")


class CouponTemplateFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = CouponTemplate

    code = factory.Sequence(lambda n: f"Q{n:05d}")
    name = factory.Sequence(lambda n: f"现金券{n}")
    kind = CouponKind.CASH
    amount = Decimal("50.00")
    valid_days = 30


class PromotionFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Promotion

    name = factory.Sequence(lambda n: f"促销{n}")
    start = factory.LazyFunction(lambda: timezone.now() - timedelta(days=1))
    end = factory.LazyFunction(lambda: timezone.now() + timedelta(days=10))


class PromotionLineFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = PromotionLine

    promotion = factory.SubFactory(PromotionFactory)
    product = factory.SubFactory(ProductFactory)
    promo_price = Decimal("80.00")
