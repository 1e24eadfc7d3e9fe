"""Arguments that repeat their parameter's default of None (issue 13): `jnp.clip(x, 0.0, None)`.

Python binds such an argument as it binds the call that leaves it out, so the call is the one
the transfer table observed without it (`clip(x, 0.0)`). Which parameters default to None was
read from the target JAX's signatures beside its table (codemods/transfer/defaults.py); a default
of another value is not used (it may be a sentinel the function tests by identity).
"""
from __future__ import annotations

from codemods.transfer.model import KEYWORD_PARAMETERS
from codemods.analysis.values import Const


def without_defaults(operation, values: list, keywords: dict) -> tuple[list, dict]:
    """`values` without trailing None given to parameters whose default is None, and `keywords`
    without such keywords (those the generator tries as keywords stay: `axis=None` was observed)."""
    names = operation.none_defaults if operation is not None else frozenset()
    if not names:
        return values, keywords
    params = operation.params
    values = list(values)
    while 1 < len(values) <= len(params) and params[len(values) - 1] in names and _none(values[-1]):
        values.pop()
    return values, {name: value for name, value in keywords.items()
                    if not (name in names and name not in KEYWORD_PARAMETERS and _none(value))}


def _none(value) -> bool:
    return isinstance(value, Const) and value.value is None
