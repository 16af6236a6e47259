"""The tests that run longest, put first under pytest-xdist (conftest.py beside this): started last,
one of them keeps a worker busy while the other has nothing left. The token-lifetime test is mostly
waiting for tokens to run out, which the other worker's work fills best at the start."""

LONGEST_FIRST = (
    "apps/demo/tests/test_fuzz.py::",
    "apps/members/tests/test_browser_session.py::test_a_principal_works_over_several_token_lifetimes",
    "apps/core/tests/test_input_bounds.py::test_every_number_date_and_text_out_of_bounds",
    "apps/demo/tests/test_browser_pages.py::test_every_store_staff_and_catalogue_page_works_for_the_principal",
    "apps/billing/tests/test_browser_issue14_done.py::",
    "apps/billing/tests/test_browser_issue15_done.py::",
    "apps/billing/tests/test_ledger_simulation.py::",
)
