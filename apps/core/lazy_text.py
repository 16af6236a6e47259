"""The type of a message that may still be waiting for its translation: `gettext_lazy` returns a
promise that becomes text in the language of the request that prints it."""

from typing import TYPE_CHECKING, TypeAlias

if TYPE_CHECKING:
    # The stubs name the lazy string's type; at run time the promise class is its base.
    from django.utils.functional import _StrPromise as Promise
else:
    from django.utils.functional import Promise

# Declared an alias outright: mypy's incremental cache otherwise may read it back as a variable.
StrOrPromise: TypeAlias = str | Promise
