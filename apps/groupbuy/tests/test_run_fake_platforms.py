"""`manage.py run_fake_platforms` (what `make run` starts): the fakes come up and the settings file it
writes is one the back-office reads and writes codes off with."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
import uuid
from pathlib import Path

from apps.groupbuy.platforms import platform
from apps.groupbuy.platforms.accounts import account_for
from apps.groupbuy.platforms.base import CodeUsed

from .helpers import USED, new_code


def test_the_command_writes_settings_the_adapters_write_codes_off_with(tmp_path: Path, settings):
    config = tmp_path / "groupbuy-platforms.json"
    command = subprocess.Popen(
        [sys.executable, "manage.py", "run_fake_platforms", "--file", str(config)],
        cwd=settings.BASE_DIR,
        env=os.environ.copy(),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        for _ in range(150):
            if config.exists() and config.stat().st_size:
                break
            time.sleep(0.1)
        entries = json.loads(config.read_text(encoding="utf-8"))
        assert sorted(entries) == ["channels", "douyin", "meituan"]
        assert config.stat().st_mode & 0o777 == 0o600
        settings.GROUPBUY_PLATFORMS = entries
        for name in entries:
            account = account_for(name, None)
            code = new_code()
            assert platform(name).consume(account, code, 1, uuid.uuid4().hex).code == code
            try:
                platform(name).prepare(account, new_code(USED))
            except CodeUsed:
                pass
            else:
                raise AssertionError(f"{name}: a used code was accepted")
    finally:
        command.send_signal(signal.SIGTERM)
        command.wait(timeout=10)
