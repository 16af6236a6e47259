"""A realistic catalogue for the demo hair-care and scalp-care chain (issue 4 §5): categories,
retail and professional products, services with the products they consume, packages, cards,
coupons A/B/C, one current promotion, and the first store's bookable time periods (10:00-22:00 in
1-hour slots). Idempotent: rows are found by their code or name and left as head office edited them."""

from __future__ import annotations

from datetime import date, time, timedelta
from decimal import Decimal

from django.utils import timezone

from apps.catalog.choices import CardKind, CategoryKind, CouponKind, UseType
from apps.catalog.models import (
    CardType,
    CardTypeDiscount,
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
    TimePeriod,
)
from apps.org.demo import DemoChain

D = Decimal

PRODUCT_CATEGORIES = ("洗护", "精华/营养液", "头皮护理", "院用耗材")
PROJECT_CATEGORIES = ("头皮检测", "头皮护理", "防脱育发", "染发", "头部SPA")

# code, name, brand, category, specification, unit, barcode, use type, price, cost, safety stock, store price allowed
PRODUCTS = (
    (
        "P0001",
        "控油洗发水",
        "青丝",
        "洗护",
        "500ml",
        "瓶",
        "6970000000011",
        UseType.RETAIL,
        "168.00",
        "52.00",
        20,
        True,
    ),
    (
        "P0002",
        "防脱精华液",
        "青丝",
        "精华/营养液",
        "60ml",
        "瓶",
        "6970000000028",
        UseType.RETAIL,
        "398.00",
        "120.00",
        10,
        False,
    ),
    (
        "P0003",
        "育发营养液",
        "青丝",
        "精华/营养液",
        "100ml",
        "瓶",
        "6970000000035",
        UseType.RETAIL,
        "328.00",
        "98.00",
        10,
        False,
    ),
    (
        "P0004",
        "头皮磨砂膏",
        "青丝",
        "头皮护理",
        "200g",
        "瓶",
        "6970000000042",
        UseType.RETAIL,
        "198.00",
        "60.00",
        10,
        True,
    ),
    (
        "P0005",
        "舒缓洗发露",
        "植萃坊",
        "洗护",
        "400ml",
        "瓶",
        "6970000000059",
        UseType.RETAIL,
        "138.00",
        "41.00",
        15,
        True,
    ),
    (
        "P1001",
        "护理精油",
        "植萃坊",
        "院用耗材",
        "1000ml",
        "瓶",
        "6970000001018",
        UseType.PROFESSIONAL,
        "680.00",
        "260.00",
        4,
        False,
    ),
    (
        "P1002",
        "头皮清洁液",
        "青丝",
        "院用耗材",
        "1000ml",
        "瓶",
        "6970000001025",
        UseType.PROFESSIONAL,
        "420.00",
        "150.00",
        4,
        False,
    ),
    (
        "P1003",
        "植物染膏",
        "植萃坊",
        "院用耗材",
        "500g",
        "盒",
        "6970000001032",
        UseType.PROFESSIONAL,
        "360.00",
        "130.00",
        6,
        False,
    ),
    (
        "P1004",
        "舒缓修护精华",
        "青丝",
        "院用耗材",
        "500ml",
        "瓶",
        "6970000001049",
        UseType.PROFESSIONAL,
        "520.00",
        "190.00",
        4,
        False,
    ),
)

# code, name, category, minutes, price, skill, consumed (product code, quantity), store price allowed
PROJECTS = (
    ("X0001", "头皮检测", "头皮检测", 20, "68.00", "初级养护师", (), True),
    ("X0002", "头皮深层清洁", "头皮护理", 60, "298.00", "中级养护师", (("P1002", "0.030"),), True),
    ("X0003", "防脱育发护理", "防脱育发", 90, "498.00", "高级养护师", (("P1001", "0.020"), ("P1002", "0.020")), False),
    ("X0004", "植物染发", "染发", 120, "588.00", "染发师", (("P1003", "0.200"),), False),
    ("X0005", "头部SPA", "头部SPA", 60, "268.00", "中级养护师", (("P1001", "0.015"),), True),
    ("X0006", "头皮舒缓护理", "头皮护理", 60, "328.00", "中级养护师", (("P1004", "0.025"),), True),
)


def _categories(kind: str, names: tuple[str, ...]) -> dict[str, Category]:
    return {
        name: Category.objects.get_or_create(kind=kind, name=name, defaults={"sort_order": index})[0]
        for index, name in enumerate(names)
    }


def seed_products() -> dict[str, Product]:
    categories = _categories(CategoryKind.PRODUCT, PRODUCT_CATEGORIES)
    products = {}
    for code, name, brand, category, spec, unit, barcode, use_type, price, cost, stock, own_price in PRODUCTS:
        products[code] = Product.objects.get_or_create(
            code=code,
            defaults={
                "name": name,
                "brand": brand,
                "category": categories[category],
                "specification": spec,
                "unit": unit,
                "barcode": barcode,
                "use_type": use_type,
                "price": D(price),
                "cost": D(cost),
                "default_safety_stock": stock,
                "store_price_allowed": own_price,
            },
        )[0]
    package, created = ProductPackage.objects.get_or_create(
        code="PP0001", defaults={"name": "居家防脱套装", "price": D("788.00"), "store_price_allowed": True}
    )
    if created:
        for code, quantity in (("P0001", 1), ("P0002", 1), ("P0003", 1)):
            ProductPackageLine.objects.create(package=package, product=products[code], quantity=quantity)
    return products


def seed_projects(products: dict[str, Product]) -> dict[str, Project]:
    categories = _categories(CategoryKind.PROJECT, PROJECT_CATEGORIES)
    projects = {}
    for code, name, category, minutes, price, skill, consumed, own_price in PROJECTS:
        project, created = Project.objects.get_or_create(
            code=code,
            defaults={
                "name": name,
                "category": categories[category],
                "duration_minutes": minutes,
                "price": D(price),
                "required_skill": skill,
                "store_price_allowed": own_price,
            },
        )
        if created:
            for product_code, quantity in consumed:
                ProjectConsumable.objects.create(project=project, product=products[product_code], quantity=D(quantity))
        projects[code] = project
    return projects


def _project_package(
    code: str, name: str, price: str, days: int, lines: tuple[tuple[Project, int], ...]
) -> ProjectPackage:
    package, created = ProjectPackage.objects.get_or_create(
        code=code, defaults={"name": name, "price": D(price), "validity_days": days}
    )
    if created:
        for project, sessions in lines:
            ProjectPackageLine.objects.create(package=package, project=project, sessions=sessions)
    return package


def seed_packages_and_cards(projects: dict[str, Project]) -> None:
    anti_loss = _project_package("PK0001", "防脱护理10次卡", "3980.00", 365, ((projects["X0003"], 10),))
    _project_package("PK0002", "头皮清洁5次卡", "1280.00", 180, ((projects["X0002"], 5), (projects["X0001"], 1)))
    _project_package("PK0003", "头部SPA季卡", "1880.00", 90, ((projects["X0005"], 8),))
    project_categories = {category.name: category for category in Category.objects.filter(kind=CategoryKind.PROJECT)}
    product_categories = {category.name: category for category in Category.objects.filter(kind=CategoryKind.PRODUCT)}
    for code, name, face_value, project_rate, product_rate in (
        ("C0001", "储值卡1000元", "1000.00", "0.95", "0.98"),
        ("C0002", "储值卡3000元", "3000.00", "0.90", "0.95"),
        ("C0003", "储值卡5000元", "5000.00", "0.85", "0.90"),
    ):
        card, created = CardType.objects.get_or_create(
            code=code,
            defaults={"name": name, "kind": CardKind.STORED_VALUE, "face_value": D(face_value), "price": D(face_value)},
        )
        if created:
            for category in project_categories.values():
                CardTypeDiscount.objects.create(card_type=card, category=category, rate=D(project_rate))
            for category in product_categories.values():
                CardTypeDiscount.objects.create(card_type=card, category=category, rate=D(product_rate))
    CardType.objects.get_or_create(
        code="C1001",
        defaults={
            "name": "防脱护理套餐卡",
            "kind": CardKind.PACKAGE,
            "price": anti_loss.price,
            "project_package": anti_loss,
            "validity_days": 365,
        },
    )


def seed_coupons(projects: dict[str, Project]) -> None:
    today = date.today()
    CouponTemplate.objects.get_or_create(
        code="QA0001",
        defaults={
            "name": "满300减50现金券",
            "kind": CouponKind.CASH,
            "amount": D("50.00"),
            "min_spend": D("300.00"),
            "valid_days": 30,
        },
    )
    CouponTemplate.objects.get_or_create(
        code="QB0001",
        defaults={
            "name": "护理项目8.5折券",
            "kind": CouponKind.DISCOUNT,
            "rate": D("0.85"),
            "max_discount": D("100.00"),
            "valid_from": today.replace(day=1),
            "valid_to": today.replace(day=1) + timedelta(days=180),
        },
    )
    CouponTemplate.objects.get_or_create(
        code="QC0001",
        defaults={
            "name": "免费头皮检测券",
            "kind": CouponKind.FREE_PROJECT,
            "project": projects["X0001"],
            "valid_days": 60,
        },
    )


def seed_promotion(products: dict[str, Product], projects: dict[str, Project]) -> None:
    if Promotion.objects.filter(name="头皮养护季").exists():
        return
    now = timezone.now()
    promotion = Promotion.objects.create(
        name="头皮养护季", start=now - timedelta(days=7), end=now + timedelta(days=60), remark="全部门店参与"
    )
    PromotionLine.objects.create(promotion=promotion, project=projects["X0002"], promo_price=D("238.00"))
    PromotionLine.objects.create(promotion=promotion, project=projects["X0006"], discount_rate=D("0.80"))
    PromotionLine.objects.create(promotion=promotion, product=products["P0001"], promo_price=D("138.00"))


def seed_time_periods(chain: DemoChain) -> None:
    store = chain.stores[0]
    if TimePeriod.objects.filter(store_id=store.pk).exists():
        return
    TimePeriod.objects.bulk_create(
        TimePeriod(store_id=store.pk, weekday=None, start=time(hour), end=time(hour + 1), capacity=4)
        for hour in range(10, 22)
    )


def seed_demo(chain: DemoChain) -> None:
    products = seed_products()
    projects = seed_projects(products)
    seed_packages_and_cards(projects)
    seed_coupons(projects)
    seed_promotion(products, projects)
    seed_time_periods(chain)
