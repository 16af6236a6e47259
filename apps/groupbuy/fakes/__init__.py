"""Local fake group-buy platform servers (issue 16 §2): tests and `make run` write codes off against
these on 127.0.0.1, speaking the parts of each platform's protocol we use, signatures and tokens
included, with keys made at start. A code's digits choose its scenario (fakes/book.py).

`manage.py run_fake_platforms` starts every one and writes the GROUPBUY_PLATFORMS file pointing the
back-office at them. Production never imports this package."""

from __future__ import annotations

from .base import FakePlatform
from .channels import FakeChannels
from .douyin import FakeDouyin
from .meituan import FakeMeituan

# platform family -> its fake server class
FAKE_PLATFORMS: dict[str, type[FakePlatform]] = {
    "meituan": FakeMeituan,
    "douyin": FakeDouyin,
    "channels": FakeChannels,
}
