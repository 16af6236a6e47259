"""compose.yaml parses, starts what docs/operations.md says it starts, and runs the image as the guide
describes (issue 12 §6). No Docker is needed: this reads the files."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[3]
GUIDE_SECTION = "## Docker Compose"
APP_SERVICES = {"web", "worker", "beat"}


@pytest.fixture(scope="module")
def services() -> dict:
    compose = yaml.safe_load((ROOT / "compose.yaml").read_text())
    assert isinstance(compose, dict) and isinstance(compose.get("services"), dict)
    return compose["services"]


def guide_services() -> set[str]:
    """The first column of the services table in the guide's Docker Compose section."""
    guide = (ROOT / "docs" / "operations.md").read_text()
    assert GUIDE_SECTION in guide, f"docs/operations.md has no '{GUIDE_SECTION}' section"
    section = guide.split(GUIDE_SECTION, 1)[1].split("\n## ", 1)[0]
    return set(re.findall(r"^\| `([a-z-]+)` \|", section, flags=re.MULTILINE))


def test_the_compose_file_starts_the_services_the_guide_names(services):
    assert set(services) == guide_services() == APP_SERVICES | {"db", "redis"}


def test_the_application_services_run_the_one_image(services):
    for name in APP_SERVICES:
        assert services[name]["build"] == "." and services[name]["image"] == services["web"]["image"], name
        assert services[name]["environment"]["REDIS_URL"].startswith("redis://redis:"), name
        assert services[name]["environment"]["DATABASE_URL"].startswith("postgres://"), name


def test_only_web_migrates_and_celery_runs_its_worker_and_one_beat(services):
    assert "command" not in services["web"] and "MIGRATE" not in services["web"]["environment"]
    assert services["worker"]["command"][:4] == ["celery", "-A", "erp", "worker"]
    assert services["beat"]["command"][:4] == ["celery", "-A", "erp", "beat"]
    for name in ("worker", "beat"):
        assert services[name]["environment"]["MIGRATE"] == "0"
        assert services[name]["depends_on"]["web"]["condition"] == "service_healthy"
    assert services["beat"].get("deploy", {}).get("replicas", 1) == 1


def test_the_keys_are_required_not_defaulted(services):
    environment = services["web"]["environment"]
    for key in ("SECRET_KEY", "HANDOVER_KEY"):
        assert re.fullmatch(rf"\$\{{{key}:\?[^}}]+\}}", environment[key]), key
