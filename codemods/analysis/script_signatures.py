"""`inspect.signature` of the program's own functions in a script run (issue 13).

Diffusers' `@register_to_config` and `ConfigMixin.from_config` read the constructor's signature:
`inspect.signature(init).bind(self, *args, **kwargs)` then `apply_defaults()` and `.arguments`,
and `inspect.signature(cls.__init__).parameters` to keep the keys `__init__` takes. Binding
depends only on the def's parameter list and the values of its defaults (evaluated when the def
ran: UFunc.defaults), never on the arguments' values, so Python's own `inspect.Signature`, built
from the def, binds exactly as the program's would; a binding that fails raises the program's
TypeError. `.parameters` gives the names (as keys; the Parameter objects are not followed);
`.arguments` the bound values. Anything else about a signature stops the run.
"""
from __future__ import annotations

import ast
import inspect

from codemods.analysis.host_exprs import guard
from codemods.analysis.host_objects import Bail
from codemods.analysis.script_values import Bound, Opaque, UFunc


class SigObj:
    """`inspect.signature(f)` of a program function (of a bound method: without its first parameter)."""

    def __init__(self, signature: inspect.Signature) -> None:
        self.signature = signature


class BoundSig:
    """What `SigObj.bind(...)` gave."""

    def __init__(self, bound: inspect.BoundArguments) -> None:
        self.bound = bound


class SigMethod:
    """`sig.bind` / `bound.apply_defaults`, read and not yet called."""

    def __init__(self, owner: object, name: str) -> None:
        self.owner, self.name = owner, name


def signature_of(func: object) -> SigObj:
    bound = type(func) is Bound
    target = func.func if bound else func
    if type(target) is not UFunc or type(target.node) is not ast.FunctionDef:
        raise Bail
    args = target.node.args
    kind = inspect.Parameter
    positional = [(arg.arg, kind.POSITIONAL_ONLY) for arg in args.posonlyargs] + \
        [(arg.arg, kind.POSITIONAL_OR_KEYWORD) for arg in args.args]
    if len(target.defaults) != len(args.defaults):
        raise Bail
    first_default = len(positional) - len(target.defaults)
    params = [kind(name, how, default=target.defaults[index - first_default] if index >= first_default else kind.empty)
              for index, (name, how) in enumerate(positional)]
    if args.vararg is not None:
        params.append(kind(args.vararg.arg, kind.VAR_POSITIONAL))
    params += [kind(arg.arg, kind.KEYWORD_ONLY, default=target.kw_defaults.get(arg.arg, kind.empty))
               for arg in args.kwonlyargs]
    if args.kwarg is not None:
        params.append(kind(args.kwarg.arg, kind.VAR_KEYWORD))
    if bound:
        if not params or params[0].kind not in (kind.POSITIONAL_ONLY, kind.POSITIONAL_OR_KEYWORD):
            raise Bail
        params = params[1:]
    return SigObj(inspect.Signature(params))


def signature_attribute(obj: object, name: str) -> object:
    if type(obj) is SigObj and name == "parameters":
        return {key: Opaque() for key in obj.signature.parameters}
    if type(obj) is SigObj and name == "bind":
        return SigMethod(obj, name)
    if type(obj) is BoundSig and name == "apply_defaults":
        return SigMethod(obj, name)
    if type(obj) is BoundSig and name == "arguments":
        return obj.bound.arguments  # the very dict: apply_defaults fills it in place, as Python's does
    raise Bail


def call_signature(method: SigMethod, args: list, kwargs: dict) -> object:
    if method.name == "bind":
        return BoundSig(guard(method.owner.signature.bind, *args, **kwargs))
    if method.name == "apply_defaults" and not args and not kwargs:
        method.owner.bound.apply_defaults()
        return None
    raise Bail
