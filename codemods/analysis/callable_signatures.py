"""`inspect.signature` of a lambda or a `functools.partial` in a script run (script_functions.py).

A hand-written `curry` collects arguments until `inspect.signature(fn).bind(*args, **kwargs)`
succeeds, and re-curries `partial(fn, *args, **kwargs)` until then; the functions it curries are
module-level lambdas (`psum_over = curry(lambda ax, x: jax.lax.psum(x, ax))`). What CPython 3.11
gives, and this module gives the same:
- a lambda: its parameters in order, with their kinds; a lambda without defaults has no default
  and no annotation (a lambda with defaults is a def to the run: script_functions.py);
- a partial: the signature of what it wraps, with the arguments it holds taken off as
  inspect's own partial rule takes them (positional ones removed, keyword ones made defaults, the
  positional-or-keyword parameters from the first one given by keyword on made keyword-only).
  That rule is inspect's, applied to the real signature through a stand-in callable; where it
  raises (a partial whose arguments do not fit) the program would raise ValueError: Bail.
"""
from __future__ import annotations

import ast
import functools
import inspect

from codemods.analysis.host_exprs import Raised
from codemods.analysis.host_objects import Bail

_BINDS = frozenset({"bind", "bind_partial"})
_KINDS = (("posonlyargs", inspect.Parameter.POSITIONAL_ONLY), ("args", inspect.Parameter.POSITIONAL_OR_KEYWORD))


def lambda_signature(node: ast.Lambda) -> inspect.Signature:
    spec = node.args
    if spec.defaults or any(default is not None for default in spec.kw_defaults):
        raise Bail  # (its defaults are run values: made a def by script_functions.lambda_with_defaults)
    params = [inspect.Parameter(arg.arg, kind) for field, kind in _KINDS for arg in getattr(spec, field)]
    if spec.vararg is not None:
        params.append(inspect.Parameter(spec.vararg.arg, inspect.Parameter.VAR_POSITIONAL))
    params += [inspect.Parameter(arg.arg, inspect.Parameter.KEYWORD_ONLY) for arg in spec.kwonlyargs]
    if spec.kwarg is not None:
        params.append(inspect.Parameter(spec.kwarg.arg, inspect.Parameter.VAR_KEYWORD))
    return inspect.Signature(params)


def partial_signature(inner: inspect.Signature, args: list, kwargs: dict) -> inspect.Signature:
    """The signature of `functools.partial(f, *args, **kwargs)` where f's is `inner`."""
    def stand_in(*_args, **_kwargs):
        return None

    stand_in.__signature__ = inner
    try:
        return inspect.signature(functools.partial(stand_in, *args, **kwargs))
    except (ValueError, TypeError):
        raise Bail from None


def binds(func: object) -> bool:
    """Whether func is `sig.bind` or `sig.bind_partial` of a real Signature."""
    return type(getattr(func, "__self__", None)) is inspect.Signature and getattr(func, "__name__", None) in _BINDS


def bind(func, args: list, kwargs: dict) -> inspect.BoundArguments:
    """`sig.bind(*args, **kwargs)`: inspect places each argument by its position or keyword and never
    looks at the value itself (no hash, comparison or attribute), so the TypeError it raises is
    the program's whatever the values stand for (a curry's `except TypeError:` takes it)."""
    try:
        return func(*args, **kwargs)
    except TypeError as error:
        raise Raised(error) from None
