from pathlib import Path

from django.conf import settings

from apps.core.tests.suite_order import LONGEST_FIRST


def test_each_test_put_first_is_a_test_that_exists():
    # The fuzz test once moved to another app and the rule silently put nothing first.
    for prefix in LONGEST_FIRST:
        path, _, name = prefix.partition("::")
        file = Path(settings.BASE_DIR) / path
        assert file.is_file(), prefix
        assert f"def {name}" in file.read_text(encoding="utf-8"), prefix
