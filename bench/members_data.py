"""Generates the members benchmark's data set on PostgreSQL: 500 extra stores under the demo region
and a million members spread over every store of it, loaded with COPY.

The member table's secondary indexes are dropped for the load and rebuilt afterwards (a bulk build
is several times faster than a million index insertions, GIN ones especially); their definitions
are read from pg_indexes and replayed verbatim, so the schema after a run is the migrated one."""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from datetime import UTC, date, datetime, timedelta

from django.conf import settings
from django.core.management import call_command
from django.db import connection, transaction

from apps.accounts.models import User
from apps.members.models import Member, MemberLabel
from apps.members.name_grams import name_grams_text
from apps.org.choices import OrgUnitKind
from apps.org.models import OrgUnit
from bench.member_names import NameMaker

DEMO_REGION = "R-EAST"
STORE_CODE_PREFIX = "BENCH-S-"
STORES = 500
MEMBERS = 1_000_000
BATCH = 100_000
SEED = 20261123

OVERSEAS_SHARE = 0.02  # 00852 / 00853 eight-digit numbers
CRM_CODE_SHARE = 0.70
CARD_SHARE = 0.40
LAST_VISIT_SHARE = 0.60
LABEL_SHARE_PERCENT = 25
HISTORY_DAYS = 3 * 365
# Source codes of the demo master list (apps.masterdata.demo), weighted like a salon's intake.
SOURCES = (
    ("walkIn", 30), ("referral", 20), ("meituan", 12), ("dianping", 10), ("douyin", 9),
    ("xiaohongshu", 7), ("wecom", 5), ("onlineMall", 3), ("streetPromotion", 2), ("other", 2),
)  # fmt: skip
GENDERS = (("2", 68), ("1", 29), ("0", 3))  # a hair-care chain's clientele is mostly women

# Columns written by COPY, in order; anything else must have a database default or be nullable.
COLUMNS = (
    "home_store_id", "name", "name_grams", "area_code", "phone", "crm_code", "card_no", "gender",
    "birthday", "source", "occupation", "income", "education", "marital_status", "introducer_id",
    "sms_consent", "sms_consent_updated_at", "points", "remark", "status", "last_visit_at", "created_at",
    "updated_at",
)  # fmt: skip
MEMBER_TABLES = ("members_member_labels", "members_pointsentry", "members_cancellationrequest", "members_member")
# Emptied with the members when a generation is replaced. TRUNCATE … CASCADE takes the demo's orders
# with the members, and seed_demo writes them again under the same ids; their stock moves name the
# order by id (no foreign key), so they would stay and count twice. A ledger cannot lose some of its
# moves and keep its after-chain: the whole stock ledger goes, and seed_demo writes the demo's again.
STOCK_TABLES = (
    "inventory_stockmove", "inventory_stockbalance", "inventory_stockdocumentline", "inventory_stockdocument",
    "inventory_stocktakeline", "inventory_stocktake",
)  # fmt: skip


def _log(message: str) -> None:
    print(f"[members --generate {time.strftime('%H:%M:%S')}] {message}", flush=True)


def bench_stores() -> list[int]:
    """Ids of every store under the demo region (the two demo stores and the generated ones)."""
    region = OrgUnit.objects.get(code=DEMO_REGION)
    return list(OrgUnit.objects.stores().subtree_of(region).order_by("id").values_list("id", flat=True))


def ensure_stores(count: int) -> list[int]:
    """Creates the missing `BENCH-S-nnnn` stores through OrgUnit.save, which maintains `path`."""
    region = OrgUnit.objects.get(code=DEMO_REGION)
    existing = set(OrgUnit.objects.filter(code__startswith=STORE_CODE_PREFIX).values_list("code", flat=True))
    with transaction.atomic():
        for n in range(1, count + 1):
            code = f"{STORE_CODE_PREFIX}{n:04d}"
            if code not in existing:
                OrgUnit(kind=OrgUnitKind.STORE, code=code, name=f"青丝养护测试{n:03d}店", parent=region).save()
    stores = bench_stores()
    wrong = OrgUnit.objects.filter(pk__in=stores).exclude(path__startswith=region.path).count()
    assert not wrong, f"{wrong} stores with a wrong materialised path"
    return stores


def _check_columns() -> None:
    # The members app is still changing: fail clearly if a new required column appears.
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT column_name FROM information_schema.columns WHERE table_name = 'members_member' "
            "AND is_nullable = 'NO' AND column_default IS NULL AND column_name <> 'id'"
        )
        missing = {row[0] for row in cursor.fetchall()} - set(COLUMNS)
    if missing:
        raise SystemExit(f"members_member has required columns the generator does not fill: {sorted(missing)}")


def _taken(field: str) -> set[str]:
    return set(Member.objects.exclude(**{field: ""}).values_list(field, flat=True))


def _unique_sample(rng: random.Random, population: int, k: int) -> list[int]:
    # random.sample over a range draws without replacement without materialising the range.
    return rng.sample(range(population), k)


def _phones(rng: random.Random, count: int) -> list[tuple[str, str]]:
    """Unique (area code, phone): mainland 1[3-9] + 9 digits, ~2% Hong Kong / Macao 8 digits."""
    taken = set(Member.objects.values_list("area_code", "phone"))
    overseas = round(count * OVERSEAS_SHARE)
    mainland = count - overseas
    phones = [("0086", f"1{3 + n // 10**9}{n % 10**9:09d}") for n in _unique_sample(rng, 7 * 10**9, mainland + 1000)]
    hong_kong = overseas * 3 // 4
    # Hong Kong mobiles start with 5, 6 or 9 and Macao's with 6.
    phones += [("00852", f"{(5, 6, 9)[n % 3]}{n // 3:07d}") for n in _unique_sample(rng, 3 * 10**7, hong_kong + 100)]
    phones += [("00853", f"6{n:07d}") for n in _unique_sample(rng, 10**7, overseas - hong_kong + 100)]
    fresh = [phone for phone in dict.fromkeys(phones) if phone not in taken]
    mainland_rows = [p for p in fresh if p[0] == "0086"][:mainland]
    hk_rows = [p for p in fresh if p[0] == "00852"][:hong_kong]
    macao_rows = [p for p in fresh if p[0] == "00853"][: overseas - hong_kong]
    result = mainland_rows + hk_rows + macao_rows
    rng.shuffle(result)
    return result


def _codes(rng: random.Random, count: int, share: float, prefix: str, digits: int, field: str) -> Iterator[str]:
    """`share` of `count` rows get a unique code `prefix` + `digits` digits, the rest ''."""
    taken = _taken(field)
    wanted = round(count * share)
    codes = [f"{prefix}{n:0{digits}d}" for n in _unique_sample(rng, 10**digits, wanted + 100)]
    codes = [code for code in codes if code not in taken][:wanted]
    codes += [""] * (count - len(codes))
    rng.shuffle(codes)
    return iter(codes)


def _rows(rng: random.Random, stores: list[int], count: int) -> Iterator[tuple]:
    """The COPY rows. The queries for taken values run here, before the COPY holds the connection
    (a query inside the lazily consumed row generator would wait on the COPY forever)."""
    phones = _phones(rng, count)
    crm_codes = _codes(rng, count, CRM_CODE_SHARE, "HY", 8, "crm_code")
    cards = _codes(rng, count, CARD_SHARE, "8801", 12, "card_no")
    return _row_stream(rng, stores, count, phones, crm_codes, cards)


def _row_stream(
    rng: random.Random,
    stores: list[int],
    count: int,
    phones: list[tuple[str, str]],
    crm_codes: Iterator[str],
    cards: Iterator[str],
) -> Iterator[tuple]:
    names = NameMaker(rng)
    now = datetime.now(UTC).replace(microsecond=0)
    start = now - timedelta(days=HISTORY_DAYS)
    # Files are created in time order, so ids grow with created_at as they would in production.
    offsets = sorted(rng.random() * HISTORY_DAYS * 86400 for _ in range(count))
    source_codes, source_weights = zip(*SOURCES, strict=True)
    gender_codes, gender_weights = zip(*GENDERS, strict=True)
    today = now.date()
    for i in range(count):
        gender = rng.choices(gender_codes, gender_weights)[0]
        name = names.name(gender)
        created = start + timedelta(seconds=offsets[i])
        visit = None
        if rng.random() < LAST_VISIT_SHARE:
            visit = created + (now - created) * rng.random() ** 0.5  # recent visits are likelier
        birthday = None
        if rng.random() < 0.85:
            birthday = date(today.year - rng.randint(18, 70), rng.randint(1, 12), rng.randint(1, 28))
        consent = rng.random() < 0.6
        points = 0 if rng.random() < 0.4 else int(rng.expovariate(1 / 800))
        area_code, phone = phones[i]
        yield (
            rng.choice(stores), name, name_grams_text(name), area_code, phone, next(crm_codes), next(cards), gender,
            birthday, rng.choices(source_codes, source_weights)[0], "", "", "", "", None,
            consent, created if consent else None, points, "", "active", visit, created, visit or created,
        )  # fmt: skip


def _secondary_indexes() -> list[tuple[str, str]]:
    """(name, definition) of members_member's indexes that back no constraint (the primary key does)."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT i.indexname, i.indexdef FROM pg_indexes i "
            "JOIN pg_class c ON c.relname = i.indexname "
            "WHERE i.tablename = 'members_member' "
            "AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = c.oid)"
        )
        return cursor.fetchall()


def generated_count() -> int:
    with connection.cursor() as cursor:
        cursor.execute("SELECT count(*) FROM members_member")
        return cursor.fetchone()[0]


def seed_once() -> None:
    """The demo data, unless it is there: seed_demo again over generated sales (which replaced the
    demo's orders) would write the demo's reservations a second time."""
    if not User.objects.filter(login_name="SY00002").exists():
        call_command("seed_demo", verbosity=0)


def generate(*, force: bool, members: int = MEMBERS, stores: int = STORES) -> dict[str, float | int]:
    """migrate + seed_demo + stores + members; returns timings. Skips when the members exist."""
    started = time.perf_counter()
    call_command("migrate", verbosity=0)
    seed_once()
    store_ids = ensure_stores(stores)
    existing = generated_count()
    if existing >= members and not force:
        _log(f"{existing} members already there; skipping (use --force to regenerate)")
        return {"skipped": 1, "members": existing, "stores": len(store_ids)}
    # Only the demo's members (a fresh database): nothing to replace, the load adds to them.
    if Member.objects.filter(home_store__code__startswith=STORE_CODE_PREFIX).exists():
        _log(f"truncating {', '.join(MEMBER_TABLES + STOCK_TABLES)}")
        with connection.cursor() as cursor:
            cursor.execute(f"TRUNCATE {', '.join(MEMBER_TABLES + STOCK_TABLES)} RESTART IDENTITY CASCADE")
        call_command("seed_demo", verbosity=0)  # puts the demo members (and their ledgers) back
    _check_columns()
    demo_members = generated_count()
    rng = random.Random(SEED)
    indexes = _secondary_indexes()
    first_id = _next_member_id()
    copy_started = time.perf_counter()
    # One transaction: an interrupted load rolls back, dropped indexes included.
    with transaction.atomic(), connection.cursor() as cursor:
        # Django's foreign keys are deferred; CREATE INDEX refuses to run with checks pending.
        cursor.execute("SET CONSTRAINTS ALL IMMEDIATE")
        for name, _definition in indexes:
            cursor.execute(f"DROP INDEX {name}")
        rows = _rows(rng, store_ids, members - demo_members)
        sql = f"COPY members_member ({', '.join(COLUMNS)}) FROM STDIN"
        written, batch = 0, BATCH
        while batch == BATCH:
            batch = 0
            with cursor.cursor.copy(sql) as copy:
                for row in rows:
                    copy.write_row(row)
                    batch += 1
                    if batch == BATCH:
                        break
            written += batch
            _log(f"{written} members copied")
        index_started = time.perf_counter()
        # A bulk build sorts in memory; the default 64 MB spills the GIN builds to disk.
        cursor.execute("SET LOCAL maintenance_work_mem = '1GB'")
        for name, definition in indexes:
            _log(f"building {name}")
            cursor.execute(definition)
    index_seconds = time.perf_counter() - index_started
    copy_seconds = index_started - copy_started
    _add_labels(first_id)
    _add_opening_points(first_id)
    with connection.cursor() as cursor:
        cursor.execute("ANALYZE members_member")
        cursor.execute("ANALYZE members_member_labels")
        cursor.execute("ANALYZE org_orgunit")
    total = time.perf_counter() - started
    _log(f"done: {generated_count()} members in {total:.1f} s")
    return {
        "skipped": 0,
        "members": generated_count(),
        "stores": len(store_ids),
        "copy_s": round(copy_seconds, 1),
        "index_build_s": round(index_seconds, 1),
        "total_s": round(total, 1),
    }


def _next_member_id() -> int:
    with connection.cursor() as cursor:
        cursor.execute("SELECT coalesce(max(id), 0) + 1 FROM members_member")
        return cursor.fetchone()[0]


def _add_opening_points(first_id: int) -> None:
    """Each generated member's points come with the ledger entry that brought them (a balance moved
    in from the old system), so `manage.py audit_ledgers` finds the data set consistent. An entry
    that would fall on a day its store closed (the demo data closes one) is dated a day earlier."""
    with connection.cursor() as cursor:
        cursor.execute(
            "INSERT INTO members_pointsentry (member_id, store_id, kind, change, balance_after, reason, "
            "operator_name, created_at) SELECT m.id, m.home_store_id, 'adjust', m.points, m.points, '期初积分', "
            "'system', CASE WHEN EXISTS (SELECT 1 FROM core_closedday d WHERE d.store_id = m.home_store_id "
            "AND d.date = (m.created_at AT TIME ZONE %s)::date) THEN m.created_at - interval '1 day' "
            "ELSE m.created_at END FROM members_member m WHERE m.id >= %s AND m.points > 0",
            (settings.TIME_ZONE, first_id),
        )


def _add_labels(first_id: int) -> None:
    """A quarter of the generated members get one label, so the list's label prefetch has work."""
    labels = list(MemberLabel.objects.order_by("id").values_list("id", flat=True))
    if not labels:
        return
    with connection.cursor() as cursor:
        # A multiplicative hash of the id picks members and labels deterministically.
        cursor.execute(
            "INSERT INTO members_member_labels (member_id, memberlabel_id) "
            "SELECT id, (%s::bigint[])[1 + (id * 2654435761 %% 1000003) %% %s] FROM members_member "
            "WHERE id >= %s AND (id * 40503 %% 100) < %s",
            (labels, len(labels), first_id, LABEL_SHARE_PERCENT),
        )
