"""The tests that run longest, put first under pytest-xdist (conftest.py beside this)."""

LONGEST_FIRST = ("apps/demo/tests/test_fuzz.py::",)
