import pytest

from apps.core.errors import InvalidInput
from apps.core.pagination import PageRequest, page_request_from, paginate


def test_defaults_to_first_page_of_ten():
    assert page_request_from({}) == PageRequest(page_no=1, page_size=10)


def test_reads_page_no_and_page_size():
    page = page_request_from({"pageNo": "3", "pageSize": "20"})
    assert (page.page_no, page.page_size, page.offset) == (3, 20, 40)


@pytest.mark.parametrize(
    "params",
    [
        {"pageSize": "201"},
        {"pageSize": "0"},
        {"pageNo": "0"},
        {"pageNo": "x"},
        {"pageNo": str(2**63)},
        {"pageNo": "1000001"},
        {"pageNo": "-1"},
        {"pageNo": "1" * 5000},
        {"pageSize": "1\x00"},
    ],
)
def test_refuses_bad_or_oversized_pages(params):
    with pytest.raises(InvalidInput) as refused:
        page_request_from(params)
    assert refused.value.field in params


def test_page_size_of_two_hundred_is_allowed():
    assert page_request_from({"pageSize": 200}).page_size == 200


def test_paginate_answers_list_and_total():
    rows = list(range(25))
    assert paginate(rows, PageRequest(page_no=3, page_size=10)) == {"list": [20, 21, 22, 23, 24], "total": 25}


def test_page_no_up_to_a_million_is_allowed():
    assert page_request_from({"pageNo": "1000000", "pageSize": "200"}).offset == 999_999 * 200
