"""RSA keys the fake providers make (never a key from the repository) and their PEM text, the form
ProviderAccount carries keys in. Signing stays with each fake: the providers sign different strings.

A 2048-bit key takes about 50 ms to make, and every fake asks for two when it starts, hundreds of
times in a test run. So each process makes a set of `KEYS_IN_TURN` keys as they are first asked for
and hands them out in turn: any `KEYS_IN_TURN` keys asked for in a row are different keys, which is
all a test can tell (the fakes of one test, and a forged signature, never share a key)."""

from __future__ import annotations

import itertools
import threading

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import rsa

KEYS_IN_TURN = 16

_made: list[rsa.RSAPrivateKey] = []
_turn = itertools.count()
_lock = threading.Lock()


def new_rsa_key() -> rsa.RSAPrivateKey:
    """A key unlike the last `KEYS_IN_TURN - 1` this process handed out."""
    with _lock:
        slot = next(_turn) % KEYS_IN_TURN
        if slot == len(_made):
            _made.append(rsa.generate_private_key(public_exponent=65537, key_size=2048))
        return _made[slot]


def private_pem(key: rsa.RSAPrivateKey) -> str:
    return key.private_bytes(
        serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
    ).decode()


def public_pem(key: rsa.RSAPrivateKey) -> str:
    return (
        key.public_key()
        .public_bytes(serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo)
        .decode()
    )
