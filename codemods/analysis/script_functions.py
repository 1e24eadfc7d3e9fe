"""The module's functions as objects in a script run (script_run.py; issue 13).

Experiment frameworks decorate the functions they run and read them back: a task decorator hangs
`.submit` and `.map` on the wrapper it returns (`functools.wraps` copies the wrapped function's
`__dict__` and sets `__wrapped__`), a capture decorator fills keywords from the config by
`inspect.signature(f).parameters` and `sig.bind_partial(...)`, a Sacred-like config scope is
re-made by `types.FunctionType(fn.__code__, {**fn.__globals__, **preset}, fn.__name__)` and its
locals read by a `sys.setprofile` hook on its "return" event. Each is what CPython 3.11 does:
- a function's `__dict__` (set and read attributes; an unknown non-dunder one raises
  AttributeError), `__code__` (one code object per def, as the compiler makes one), `__globals__`
  (the module's namespace itself), `__defaults__`, `__module__`;
- `inspect.signature` builds a real `inspect.Signature` (the run's default objects inside, each
  annotation unknown), so `.parameters`, `.bind`, `.bind_partial`, `.arguments` are inspect's own;
- a profile hook is called with a frame (`f_code`, `f_locals` in the code's own order) on every
  "call" and "return" of a module function and on "c_call"/"c_return" of a builtin function while
  it is set; any other call while it is set (a library function has Python frames of its own, a
  comprehension is a frame in 3.11) stops the run (Bail) (profile_hooks.py).
"""
from __future__ import annotations

import ast
import inspect
import types
from collections import OrderedDict

from codemods.analysis.abc_collections import function_read
from codemods.analysis.callable_signatures import lambda_signature, partial_signature
from codemods.analysis.host_exprs import Env, LambdaValue, Raised
from codemods.analysis.host_objects import Bail
from codemods.analysis.script_frames import LIBRARY as FRAME_LIBRARY
from codemods.analysis.script_wrappers import LIBRARY as WRAPPER_LIBRARY
from codemods.analysis.script_frames import frame_back
from codemods.analysis.script_values import Bound, Opaque, PartialObj, UFunc, UObj
from codemods.analysis import function_slots
from codemods.analysis.class_dirs import class_dir
from codemods.analysis.temp_texts import open_file
from codemods.analysis.object_ids import LIBRARY as IDS_LIBRARY, object_id
from codemods.analysis.own_module import LIBRARY as MODULE_LIBRARY
from codemods.analysis.unknown_truths import LIBRARY as TRUTH_LIBRARY
from codemods.analysis.caught_reports import LIBRARY as REPORT_LIBRARY
from codemods.analysis.deleted_attributes import deleted_by_name
from codemods.analysis.evaluated_texts import evaluated, text_globals
from codemods.analysis.generator_checks import LIBRARY as GENERATOR_LIBRARY
from codemods.analysis.method_descriptors import LIBRARY as DESCRIPTOR_LIBRARY, NAMES as DESCRIPTOR_NAMES
# (the profile hook: profile_hooks.py; FrameObj, gated_call, profiled_run still read from here)
from codemods.analysis.profile_hooks import LIBRARY as PROFILE_LIBRARY, FrameObj, gated_call, profiled_run  # noqa: F401

_PLAIN_DUNDERS = frozenset({"__module__"})
INSPECT_TYPES = (inspect.Signature, inspect.Parameter, inspect.BoundArguments, types.MappingProxyType, inspect.ArgInfo)
_INSPECT_READS = {
    inspect.Signature: frozenset({"parameters", "return_annotation", "bind", "bind_partial", "empty"}),
    inspect.Parameter: frozenset({"name", "kind", "default", "annotation", "empty", "POSITIONAL_ONLY",
                                  "POSITIONAL_OR_KEYWORD", "VAR_POSITIONAL", "KEYWORD_ONLY", "VAR_KEYWORD"}),
    inspect.BoundArguments: frozenset({"arguments", "args", "kwargs", "apply_defaults", "signature"}),
    types.MappingProxyType: frozenset({"keys", "values", "items", "get"}),
    inspect.ArgInfo: frozenset({"args", "varargs", "keywords", "locals"}),  # (script_frames.py)
}
_SET_SIGNATURE = frozenset({"__signature__", "__wrapped__"})


class CodeObj:
    """A def's code object: one per def node (`fn.__code__ is frame.f_code`)."""

    __slots__ = ("func", "node")

    def __init__(self, node: ast.FunctionDef) -> None:
        self.node = node


def function_dict(run, func: UFunc) -> dict:
    """func's `__dict__` (kept by the run: a UFunc has no room of its own)."""
    table = run.__dict__.setdefault("_function_dicts", {})
    entry = table.get(id(func))
    if entry is None:
        entry = table[id(func)] = (func, {})
    return entry[1]


def code_of(run, node: ast.FunctionDef) -> CodeObj:
    codes = run.__dict__.setdefault("_codes", {})
    if id(node) not in codes:
        codes[id(node)] = (node, CodeObj(node))
    return codes[id(node)][1]


def _root(env: Env) -> Env:
    while env.parent is not None:
        env = env.parent
    return env


_SLOTS = frozenset({"__closure__", "__doc__", "__globals__", "__module__", "__builtins__", "__code__", "__defaults__",
                    "__kwdefaults__", "__annotations__", "__dict__", "__name__", "__qualname__"})


def function_attribute(run, func: UFunc, name: str) -> object:
    held = function_dict(run, func)
    if name in function_slots.SLOTS or name == "__module__" and function_slots.has_module(run, func):
        return function_slots.read(run, func, name)
    if (answer := function_read(func, name)) is not NotImplemented:
        return answer  # (a mixin method of collections.abc's: abc_collections.py)
    if name in held and name not in _SLOTS:  # (a slot of the function type wins over its `__dict__`)
        return held[name]
    if name == "__name__":
        return func.alias or func.node.name
    if name == "__dict__":
        return held
    if name == "__code__":
        return code_of(run, func.node)
    if name == "__globals__":
        return _root(func.env).vars
    if name == "__module__":
        from codemods.analysis.wrapped_callables import function_modules

        entry = function_modules(run).get(id(func))
        return entry[1] if entry is not None else "__main__"
    if name == "__defaults__":
        return tuple(func.defaults) if func.defaults else None
    if name == "__kwdefaults__":
        return func.kw_defaults if func.kw_defaults else None  # (the live dict: a store into it changes the default)
    if name == "__get__":
        from codemods.analysis.function_binding import FunctionGet

        return FunctionGet(func)
    if name.startswith("__") and name.endswith("__") and (name in _SLOTS or hasattr(types.FunctionType, name)):
        raise Bail  # (`__qualname__`, `__annotations__`: not modelled)
    raise Raised(AttributeError(name))


def set_function_attribute(run, func: UFunc, name: str, value: object) -> None:
    from codemods.analysis.function_defaults import set_defaults

    if name == "__name__":
        if type(value) is not str:
            raise Bail
        func.alias = value
        return
    if name in function_slots.SETTABLE:
        return function_slots.write(run, func, name, value)
    if (done := set_defaults(func, name, value)) is not None:
        return done  # (`fn.__defaults__ = (...)` by a decorator: function_defaults.py)
    if name.startswith("__") and name.endswith("__") and name != "__wrapped__" and (
            name in _SLOTS or hasattr(types.FunctionType, name)):
        raise Bail  # (a slot of the function type; any other name goes in its `__dict__`, as Python stores it)
    function_dict(run, func)[name] = value


def apply_wraps(run, wrapped: object, args: list, kwargs: dict) -> UFunc:
    """`functools.wraps(wrapped)(wrapper)` (wrapped_callables.py)."""
    from codemods.analysis.wrapped_callables import update_wrapper

    if len(args) != 1 or kwargs or type(args[0]) is not UFunc:
        raise Bail
    return update_wrapper(run, args[0], wrapped)


def signature(run, target: object) -> inspect.Signature:
    """`inspect.signature(f)` of a module function (through `__wrapped__`, as inspect unwraps)
    or a method bound to its first parameter."""
    drop = False
    if type(target) is Bound and type(target.func) is UFunc:
        target, drop = target.func, True
    seen = 0
    while type(target) is UFunc and "__wrapped__" in function_dict(run, target):
        if "__signature__" in function_dict(run, target) or seen > 20:
            raise Bail
        target, seen = function_dict(run, target)["__wrapped__"], seen + 1
    if type(target) in (LambdaValue, PartialObj) and not function_dict(run, target).keys() & _SET_SIGNATURE:
        return _other_signature(run, target)  # (callable_signatures.py)
    if type(target) is not UFunc or "__signature__" in function_dict(run, target):
        raise Bail
    spec = target.node.args
    kinds = [(a, inspect.Parameter.POSITIONAL_ONLY) for a in spec.posonlyargs] + \
        [(a, inspect.Parameter.POSITIONAL_OR_KEYWORD) for a in spec.args]
    first_default = len(kinds) - len(target.defaults)
    params = []
    for index, (arg, kind) in enumerate(kinds):
        default = target.defaults[index - first_default] if index >= first_default else inspect.Parameter.empty
        params.append(_param(arg, kind, default, run, target))
    if spec.vararg is not None:
        params.append(_param(spec.vararg, inspect.Parameter.VAR_POSITIONAL, inspect.Parameter.empty))
    for arg in spec.kwonlyargs:
        params.append(_param(arg, inspect.Parameter.KEYWORD_ONLY, target.kw_defaults.get(arg.arg, inspect.Parameter.empty),
                             run, target))
    if spec.kwarg is not None:
        params.append(_param(spec.kwarg, inspect.Parameter.VAR_KEYWORD, inspect.Parameter.empty))
    if drop:
        if not params or params[0].kind not in (inspect.Parameter.POSITIONAL_ONLY,
                                                inspect.Parameter.POSITIONAL_OR_KEYWORD):
            raise Bail
        params = params[1:]
    returns = Opaque() if target.node.returns is not None else inspect.Signature.empty
    return inspect.Signature(params, return_annotation=returns)


def _other_signature(run, target: object) -> inspect.Signature:
    if type(target) is LambdaValue:
        return lambda_signature(target.node)
    return partial_signature(signature(run, target.func), target.args, target.kwargs)


def _param(arg: ast.arg, kind, default: object, run=None, target=None) -> inspect.Parameter:
    annotation = Opaque() if arg.annotation is not None else inspect.Parameter.empty
    if arg.annotation is not None and run is not None:
        annotation = function_slots.annotation_of(run, target, arg.arg)
        annotation = _annotation(run, target, arg.annotation) if annotation is function_slots.UNKNOWN else annotation
    return inspect.Parameter(arg.arg, kind, default=default, annotation=annotation)


def _annotation(run, target: UFunc, node: ast.expr) -> object:
    """A parameter's annotation, as the def evaluated it (`req: GenerateRequest`, `request: Request`,
    which a dependency injector dispatches on): names and attributes of names only, read in the
    scope the def was made in; anything else stays unknown."""
    if run.future_annotations or target.owner is not None or not all(
            type(part) in (ast.Name, ast.Attribute, ast.Load) for part in ast.walk(node)):
        return Opaque()
    try:
        value = run.eval(node, target.env)
    except Bail:
        return Opaque()
    return value if type(value).__name__ in ("UClass", "type") else Opaque()


def inspect_attribute(obj: object, name: str) -> object:
    reads = next((names for kind, names in _INSPECT_READS.items() if type(obj) is kind), None)
    if reads is None or name not in reads:
        if reads is not None and not hasattr(obj, name):
            raise Raised(AttributeError(name))  # (`getattr(vars(C), "_cases", None)`: no such attribute at all)
        raise Bail
    return getattr(obj, name)


def is_inspect_method(func: object) -> bool:
    owner = getattr(func, "__self__", None)
    return type(owner) in INSPECT_TYPES and getattr(func, "__name__", None) in _INSPECT_READS[type(owner)]


def make_function(run, args: list, kwargs: dict) -> UFunc:
    """`types.FunctionType(code, globals, name)`: the def's code run with `globals` as its module
    namespace, no defaults, no closure (a code with free variables stops the run)."""
    given = dict(zip(("code", "globals", "name", "argdefs", "closure"), args))
    if len(args) > 5 or set(given) & set(kwargs):
        raise Bail
    given.update(kwargs)
    code, namespace, name = given.get("code"), given.get("globals"), given.get("name")
    if type(code) is not CodeObj or type(namespace) is not dict or given.get("argdefs") is not None \
            or given.get("closure") is not None or name is not None and type(name) is not str:
        raise Bail
    if compiled_code(run, code.node).co_freevars:
        raise Bail
    scope = Env(None, frozenset())
    scope.vars = namespace
    made = UFunc(code.node, scope, [], {})
    made.alias = name
    return made


def compiled_code(run, node: ast.FunctionDef) -> types.CodeType:
    """The code object CPython compiles for `node` (its locals' order, its free variables)."""
    cache = run.__dict__.setdefault("_compiled", {})
    if "module" not in cache:
        try:
            cache["module"] = compile(run.tree, "<script>", "exec")
        except (SyntaxError, ValueError, TypeError):
            raise Bail from None
    line = node.decorator_list[0].lineno if node.decorator_list else node.lineno
    found = []

    def walk(code):
        for const in code.co_consts:
            if type(const) is types.CodeType:
                if const.co_name == node.name and const.co_firstlineno == line:
                    found.append(const)
                walk(const)

    walk(cache["module"])
    if len(found) != 1:
        raise Bail
    return found[0]


def frame_attribute(run, frame: FrameObj, name: str) -> object:
    if name == "f_code":
        return code_of(run, frame.func.node)
    if name == "f_locals":
        code = compiled_code(run, frame.func.node)
        if code.co_freevars and (code.co_freevars != ("__class__",) or frame.func.owner is None):
            raise Bail  # (a closure's cells: read from the scopes around; `super()`'s is the class)
        order = list(code.co_varnames) + [n for n in code.co_cellvars if n not in code.co_varnames]
        found = {n: frame.env.vars[n] for n in order if n in frame.env.vars}
        return {**found, "__class__": frame.func.owner} if code.co_freevars else found
    if name == "f_back":
        return frame_back(run, frame)
    raise Bail


def code_attribute(code: CodeObj, name: str) -> object:
    if name == "co_name":
        return code.node.name
    spec = code.node.args  # (the counts CPython's compiler gives: `*args` and `**kw` not counted)
    if name == "co_argcount":
        return len(spec.posonlyargs) + len(spec.args)
    if name == "co_posonlyargcount":
        return len(spec.posonlyargs)
    if name == "co_kwonlyargcount":
        return len(spec.kwonlyargs)
    raise Bail


def _signature(run, args: list, kwargs: dict) -> inspect.Signature:
    if len(args) != 1 or kwargs:
        raise Bail
    return signature(run, args[0])




LIBRARY = {"builtins.globals": lambda run, args, kwargs: _globals(run, args, kwargs),
           "builtins.callable": lambda run, args, kwargs: _callable(run, args, kwargs),
           "inspect.signature": _signature, "types.FunctionType": make_function, **PROFILE_LIBRARY,
           "builtins.dir": class_dir, "builtins.open": open_file, **FRAME_LIBRARY, **WRAPPER_LIBRARY,
           "builtins.delattr": lambda run, args, kwargs: deleted_by_name(run, args, kwargs),
           "builtins.eval": evaluated,  # (evaluated_texts.py)
           **IDS_LIBRARY, **MODULE_LIBRARY, **TRUTH_LIBRARY, **REPORT_LIBRARY, **GENERATOR_LIBRARY, **DESCRIPTOR_LIBRARY}


def lambda_with_defaults(run, node: ast.Lambda, env: Env) -> UFunc:
    """`lambda v, scale=scale: ...`: a function whose defaults are the values they have now."""
    made = ast.FunctionDef(name="<lambda>", args=node.args, body=[ast.copy_location(ast.Return(node.body), node)],
                           decorator_list=[], returns=None, type_comment=None)
    ast.copy_location(made, node)
    return run.make_function(made, env, env)


def module_names(tree: ast.Module) -> dict:
    """What `python prog.py` puts in the module's namespace before its first statement (in
    CPython 3.11's order): its docstring is known, its loader and file are not."""
    from codemods.analysis.script_values import Lib

    annotated = any(type(stmt) is ast.AnnAssign for stmt in tree.body)
    return {"__name__": "__main__", "__doc__": ast.get_docstring(tree, clean=False), "__package__": None,
            "__loader__": Opaque(), "__spec__": None, "__annotations__": Opaque() if annotated else {},
            "__builtins__": Lib("builtins"), "__file__": Opaque(), "__cached__": None}


def _globals(run, args: list, kwargs: dict) -> dict:
    if args or kwargs:
        raise Bail
    if (namespace := text_globals(run)) is not None:
        return namespace  # (called from an eval'd text: evaluated_texts.py)
    return _root(run.frames[-1][1]).vars if run.frames else run.module_env.vars


def _callable(run, args: list, kwargs: dict) -> bool:
    from codemods import jaxapi
    from codemods.analysis import transfer
    from codemods.analysis.container_methods import held_method
    from codemods.analysis.host_exprs import VALUE_TYPES, LambdaValue
    from codemods.analysis.host_objects import BUILTINS, Special
    from codemods.analysis.script_values import (
        Arr,
        JitFn,
        Member,
        NTup,
        Lib,
        PartialObj,
        RunCallable,
        ShardMapFn,
        UClass,
        UObj,
    )

    if len(args) != 1 or kwargs:
        raise Bail
    obj = args[0]
    kind = type(obj)
    if kind in (UFunc, Bound, LambdaValue, PartialObj, JitFn, UClass, ShardMapFn, Special) or any(obj is value for value in BUILTINS.values()):
        # (by identity, as Python's `in` finds a builtin: an array's `==` is elementwise)
        return True
    if kind in (UObj, NTup, Member):
        return obj.cls.lookup("__call__") is not None
    if isinstance(obj, RunCallable) or held_method(obj) or kind is Lib and transfer.is_function(jaxapi.canonical(obj.name), run.target):
        return True  # (`callable(jnp.square)`, `callable(itemgetter(0))`, `callable(d.get)`)
    if kind in VALUE_TYPES or kind in (list, tuple, dict, set, frozenset, Arr) or kind.__name__ == "Sentinel":
        return False  # (`object()`: class_descriptors.py)
    raise Bail


BUILTIN_NAMES = {"globals": _globals, "callable": _callable, "dir": class_dir, "open": open_file, "id": object_id,
                 "delattr": deleted_by_name, "eval": evaluated, **dict.fromkeys(DESCRIPTOR_NAMES)}


def delete(run, node: ast.Delete, env: Env) -> None:
    """`del name` (a local of the running def, or of the module), `del table[key]`, `del obj.name`."""
    import operator

    from codemods.analysis.deleted_attributes import delete_attribute

    from codemods.analysis import script_environment
    from codemods.analysis.host_exprs import guard

    for target in node.targets:
        if type(target) is ast.Name and target.id in env.vars and (target.id in env.bound or env.parent is None):
            del env.vars[target.id]
        elif type(target) is ast.Subscript and type(holder := run.eval(target.value, env)) in (dict, OrderedDict, list):
            guard(operator.delitem, holder, run.index(target.slice, env))
        elif type(target) is ast.Attribute:
            delete_attribute(run, run.eval(target.value, env), target.attr)  # (deleted_attributes.py)
        elif type(target) is ast.Subscript and type(holder) is UObj and holder.cls.lookup("__delitem__") is not None \
                and type(hook := holder.cls.lookup("__delitem__")[1]) is UFunc:
            run.call(Bound(hook, holder), [run.index(target.slice, env)], {})  # (the class's own, abc_collections.py)
        elif type(target) is ast.Subscript and script_environment.is_environ(holder):
            script_environment.delete(run, run.index(target.slice, env))  # (`del os.environ[k]`)
        else:
            raise Bail


def try_finally(run, node: ast.Try, env: Env) -> None:
    """`try: ... finally: ...`: the final block runs after the rest, however it ends; what it does
    itself (a `return`, `break`, `continue` or exception of its own) replaces how the rest ended,
    as in Python (a stop at a gather ends the program there, unless a final block that returns
    or breaks may swallow it: then the run stops, Bail)."""
    from codemods.analysis.caught_stops import uncleaned
    from codemods.analysis.host_exprs import Break, Continue, Return
    from codemods.analysis.leaving_calls import may_leave
    from codemods.analysis.script_values import GatherStop

    swallows = may_leave(node.finalbody)  # (a `return`, `break` or `continue` of its own: leaving_calls.py)
    run.guarded += swallows  # (it may end an ImportError too: passed_steps.py)
    try:
        with uncleaned():  # (a stop leaves it without its final block: caught_stops.py)
            run.try_statement(ast.Try(node.body, node.handlers, node.orelse, []), env)
    except GatherStop as stop:
        if swallows:
            raise Bail from None
        from codemods.analysis.stop_cleanups import final_block
        final_block(run, node.finalbody, env, stop)  # (run as Python runs it: stop_cleanups.py)
        raise
    except (Raised, Return, Break, Continue):
        run.block(node.finalbody, env)  # (its own return or exception, if any, goes on instead)
        raise
    finally:
        run.guarded -= swallows
    run.block(node.finalbody, env)
