"""`hashlib` digests and in-memory `pickle` round trips of configs in a script run
(script_run.py; issue 13).

A launcher names a run's cache by `hashlib.sha256(",".join(axes).encode()).hexdigest()` and
hands a config to a worker as `pickle.loads(pickle.dumps(cfg))`. A digest of known bytes is the
same text on every machine, so the run computes it with the real hashlib: `update`, `hexdigest`,
`name` and `digest_size` are read; anything else (`digest()`'s bytes, `copy()`) stops the run.
md5 is made only with `usedforsecurity=False`: a FIPS build of OpenSSL refuses a plain `md5()`.

The bytes `pickle.dumps` gives depend on the Python (its default protocol changed in 3.14): the
run keeps them as an object whose only use it models is `pickle.loads`, which gives what
CPython's own round trip of the same plain value gives (equal values, shared lists kept shared).
Objects of the program's classes (their reduce hooks, their import by name) stop the run.
"""
from __future__ import annotations

import hashlib
import pickle

from codemods.analysis.host_objects import Bail
from codemods.analysis.modelled_objects import ModelledObject
from codemods.analysis.script_values import RunCallable

_SAFE = ("sha1", "sha224", "sha256", "sha384", "sha512", "blake2b", "blake2s", "sha3_224", "sha3_256", "sha3_384",
         "sha3_512")


class Digest(ModelledObject):
    __slots__ = ("real",)

    def __init__(self, real) -> None:
        self.real = real

    def attribute(self, run, name: str) -> object:
        if name in ("name", "digest_size"):
            return getattr(self.real, name)
        if name in ("hexdigest", "update"):
            return _DigestMethod(self, name)
        raise Bail


class _DigestMethod(RunCallable):
    __slots__ = ("digest", "name")

    def __init__(self, digest: Digest, name: str) -> None:
        self.digest, self.name = digest, name

    def __call__(self, run, args: list, kwargs: dict) -> object:
        if kwargs or len(args) != (self.name == "update") or args and type(args[0]) is not bytes:
            raise Bail
        return self.digest.real.hexdigest() if self.name == "hexdigest" else self.digest.real.update(args[0])


def _hasher(name: str):
    def make(run, args: list, kwargs: dict) -> Digest:
        secure = kwargs.get("usedforsecurity", True)
        if len(args) > 1 or args and type(args[0]) is not bytes or set(kwargs) - {"usedforsecurity"} \
                or type(secure) is not bool or name == "md5" and secure:
            raise Bail
        return Digest(getattr(hashlib, name)(*args, usedforsecurity=secure))
    return make


class Pickled(ModelledObject):
    """The bytes `pickle.dumps(value)` gave: read only by `pickle.loads`."""

    __slots__ = ("value",)

    def __init__(self, value: object) -> None:
        self.value = value

    def __eq__(self, other: object) -> bool:
        raise Bail  # (equal bytes for equal values, not one object: as a key or compared, not modelled)

    def __hash__(self) -> int:
        raise Bail

    def attribute(self, run, name: str) -> object:
        raise Bail


def _dumps(run, args: list, kwargs: dict) -> Pickled:
    from codemods.analysis.host_exprs import guard, plain_tree
    protocol = args[1] if len(args) == 2 else kwargs.get("protocol")
    if len(args) not in (1, 2) or set(kwargs) - {"protocol"} or len(args) == 2 and kwargs or not plain_tree(args[0]) \
            or protocol is not None and type(protocol) is not int:
        raise Bail
    return Pickled(guard(lambda: pickle.loads(pickle.dumps(args[0], protocol))))  # (ValueError of a bad protocol: raised)


def _loads(run, args: list, kwargs: dict) -> object:
    if len(args) != 1 or kwargs or type(args[0]) is not Pickled:
        raise Bail
    return pickle.loads(pickle.dumps(args[0].value))  # (a new copy at each load, as each load makes one)


LIBRARY = {**{f"hashlib.{name}": _hasher(name) for name in (*_SAFE, "md5")},
           "pickle.dumps": _dumps, "pickle.loads": _loads}
