"""Input serializers kept per thread and language (apps.core.api.input_validation): each request's data
is validated afresh, the fields are made once, errors come in the request's language, and threads
validating at the same moment do not see each other's data."""

from __future__ import annotations

import threading
from typing import Any

import pytest
from django.utils import translation
from rest_framework import serializers

from apps.core import fields
from apps.core.api.input_validation import _kept, validated_input


class NoteInputSerializer(serializers.Serializer[Any]):
    made = 0
    note = fields.CharField(max_length=3)
    count = fields.IntegerField(min_value=1, required=False, default=1)

    def get_fields(self) -> dict[str, Any]:
        type(self).made += 1
        return super().get_fields()


@pytest.fixture(autouse=True)
def _count_from_zero():
    NoteInputSerializer.made = 0


def _errors(data: dict[str, Any]) -> dict[str, Any]:
    with pytest.raises(serializers.ValidationError) as refused:
        validated_input(NoteInputSerializer, data)
    detail = refused.value.detail
    assert isinstance(detail, dict)
    return detail


def test_each_data_is_validated_afresh_and_the_fields_are_made_once():
    with translation.override("en"):
        assert validated_input(NoteInputSerializer, {"note": "ab", "count": 2}) == {"note": "ab", "count": 2}
        assert set(_errors({"note": "abcd", "count": 0})) == {"note", "count"}
        assert validated_input(NoteInputSerializer, {"note": "xy"}) == {"note": "xy", "count": 1}
        assert _errors({}) == {"note": ["This field is required."]}

    assert NoteInputSerializer.made == 1


def test_nothing_of_a_request_stays_on_the_kept_serializer():
    with translation.override("en"):
        validated_input(NoteInputSerializer, {"note": "ab"})
        _errors({"note": "abcd"})
        kept = _kept.serializers[(NoteInputSerializer, "en")]

    assert not {"initial_data", "_validated_data", "_errors", "_data"} & set(vars(kept))


def test_errors_are_worded_in_the_language_of_each_request():
    worded = {}
    for language in ("zh-hans", "en", "zh-hans", "en"):
        with translation.override(language):
            worded.setdefault(language, set()).add(str(_errors({"note": "abcd"})["note"][0]))

    assert worded["en"] == {"Ensure this field has no more than 3 characters."}
    assert len(worded["zh-hans"]) == 1 and worded["zh-hans"] != worded["en"]
    assert "3" in next(iter(worded["zh-hans"]))


def test_threads_validating_at_the_same_moment_keep_their_own_data():
    both_inside = threading.Barrier(2, timeout=10)
    answers: dict[str, Any] = {}

    class WaitingInputSerializer(NoteInputSerializer):
        def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
            both_inside.wait()  # each thread's data is in its serializer when the other validates
            return attrs

    def validate(note: str) -> None:
        with translation.override("en"):
            answers[note] = validated_input(WaitingInputSerializer, {"note": note})

    threads = [threading.Thread(target=validate, args=(note,)) for note in ("a", "b")]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    assert answers == {"a": {"note": "a", "count": 1}, "b": {"note": "b", "count": 1}}
    assert WaitingInputSerializer.made == 2  # one serializer a thread
