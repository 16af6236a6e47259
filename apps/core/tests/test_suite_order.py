from pathlib import Path

from django.conf import settings

from apps.core.tests.suite_order import LONGEST_FIRST


def test_each_test_put_first_is_a_test_file_that_exists():
    # The fuzz test once moved to another app and the rule silently put nothing first.
    for prefix in LONGEST_FIRST:
        assert (Path(settings.BASE_DIR) / prefix.split("::")[0]).is_file(), prefix
