"""Standard-library and NumPy values a script run (script_run.py; issue 13) models beside JAX's,
each built the way Python builds it:
- the numeric constants (`np.pi`, `math.inf`): the same float on every run;
- compiled patterns (`re.compile(r"\\$\\{([^}]+)\\}")`): the real `re.Pattern`, its methods called
  on plain text; a replacement callback (`pattern.sub(lambda m: ..., text)`) is run by the run on
  each match, in the order `re` calls it (a result other than a str stops the run);
- `copy.deepcopy` of a plain tree, `itertools.product` of plain iterables (read when it is made,
  as product does), `functools.reduce` with a callback, `types.SimpleNamespace`;
- `jax.device_get(tree)`: the tree with each device array a host array (inside a traced
  function it hands its argument back, as JAX does for a tracer).
"""
from __future__ import annotations

import asyncio
import configparser
import contextlib
import copy
import csv
import getopt
import inspect
import itertools
import json
import math
import queue
import random
import re
import string
import tomllib
import types


from codemods.analysis.instance_dicts import copied_instance, shallow_copy
from codemods.analysis.host_exprs import Iter, Raised, guard, plain_tree
from codemods.analysis.script_random import LIBRARY as RANDOM_LIBRARY, Unseeded, random_attribute
from codemods.analysis.script_yaml import LIBRARY as YAML_LIBRARY
from codemods.analysis.jax_options import LIBRARY as OPTIONS_LIBRARY
from codemods.analysis.thread_locals import LIBRARY as LOCALS_LIBRARY
from codemods.analysis.mapping_proxies import LIBRARY as PROXIES_LIBRARY
from codemods.analysis.array_dtypes import LIBRARY as DTYPE_LIBRARY
from codemods.analysis.script_contextvars import LIBRARY as CONTEXTVARS_LIBRARY
from codemods.analysis.script_flags import LIBRARY as FLAGS_LIBRARY
from codemods.analysis.dataclass_fields import LIBRARY as DATACLASS_LIBRARY
from codemods.analysis.script_itertools import LIBRARY as ITERTOOLS_LIBRARY
from codemods.analysis.script_dispatch import LIBRARY as DISPATCH_LIBRARY
from codemods.analysis.field_specs import LIBRARY as FIELD_LIBRARY
from codemods.analysis.protocol_classes import LIBRARY as PROTOCOL_LIBRARY
from codemods.analysis.operator_getters import LIBRARY as GETTERS_LIBRARY
from codemods.analysis.operator_tests import LIBRARY as TESTS_LIBRARY
from codemods.analysis.cached_calls import LIBRARY as CACHE_LIBRARY
from codemods.analysis.functional_iterators import LIBRARY as ITERATORS_LIBRARY
from codemods.analysis.stdlib_pure import LIBRARY as STDLIB_LIBRARY
from codemods.analysis.functional_classes import LIBRARY as FUNCTIONAL_ENUM_LIBRARY
from codemods.analysis.script_collections import LIBRARY as COLLECTIONS_LIBRARY
from codemods.analysis.library_contexts import LIBRARY as CONTEXTS_LIBRARY
from codemods.analysis.compared_keys import LIBRARY as KEYS_LIBRARY
from codemods.analysis.typed_dicts import LIBRARY as TYPED_DICT_LIBRARY
from codemods.analysis.script_queues import LIBRARY as QUEUE_LIBRARY
from codemods.analysis.script_threads import LIBRARY as THREAD_LIBRARY
from codemods.analysis.thread_pools import LIBRARY as POOL_LIBRARY
from codemods.analysis.text_streams import LIBRARY as STREAM_LIBRARY
from codemods.analysis.script_paths import LIBRARY as PATH_LIBRARY
from codemods.analysis.script_configs import LIBRARY as CONFIG_LIBRARY
from codemods.analysis.key_paths import LIBRARY as KEY_PATHS_LIBRARY
from codemods.analysis.shape_structs import LIBRARY as SHAPE_LIBRARY
from codemods.analysis.shaped_values import LIBRARY as ARRAY_SHAPES_LIBRARY
from codemods.analysis.host_objects import Bail
from codemods.analysis import script_pytree_nodes as pytree
from codemods.analysis.script_values import Arr, NTup, RunCallable, UClass, UFunc, UObj, map_tree
from codemods.analysis.unknown_numbers import is_number

# NumPy's pi, e, inf and nan are the same floats as math's (and it has no tau): `check` must run
# without NumPy installed.
CONSTANTS = {f"{module}.{name}": getattr(math, name) for module in ("numpy", "jax.numpy", "math")
             for name in ("pi", "e", "inf", "nan", "tau") if module == "math" or name != "tau"}
_FLAGS = {f"re.{name}": getattr(re, name) for name in ("IGNORECASE", "I", "MULTILINE", "M", "DOTALL", "S",
                                                         "VERBOSE", "X", "ASCII", "A")}
_MARKERS = {f"inspect.{owner.__name__}.{name}": getattr(owner, name)
            for owner, names in ((inspect.Parameter, ("empty", "POSITIONAL_ONLY", "POSITIONAL_OR_KEYWORD",
                                                      "VAR_POSITIONAL", "KEYWORD_ONLY", "VAR_KEYWORD")),
                                 (inspect.Signature, ("empty",)))
            for name in names}
_PATTERN_METHODS = frozenset({"match", "fullmatch", "search", "sub", "subn", "split", "findall", "finditer"})
_PATTERN_FIELDS = frozenset({"pattern", "groups", "flags"})


from codemods.analysis.script_typing import constant as typing_constant  # noqa: E402
from codemods.analysis.exact_numbers import CONSTANTS as NUMBER_CONSTANTS  # noqa: E402


_TEXTS = {f"string.{name}": getattr(string, name) for name in (
    "ascii_lowercase", "ascii_uppercase", "ascii_letters", "digits", "hexdigits", "octdigits", "punctuation",
    "whitespace", "printable")}  # (the same text in every Python: `string.ascii_lowercase[:2]` as axis names)


_ERRORS = {f"{module.__name__}.{name}": getattr(module, name) for module, names in (
    (queue, ("Empty", "Full")), (asyncio, ("TimeoutError", "CancelledError", "QueueEmpty", "QueueFull", "InvalidStateError")),
    (getopt, ("GetoptError",)), (csv, ("Error",)), (json, ("JSONDecodeError",)),
    (configparser, ("Error", "NoSectionError", "NoOptionError", "DuplicateSectionError", "DuplicateOptionError",
                    "InterpolationError"))) for name in names}  # (CPython's own classes: `except queue.Empty:` matches what the run raises)


def constant(name: str) -> object:
    """The value of a library constant by its canonical name, or None."""
    found = CONSTANTS.get(name, _TEXTS.get(name, _ERRORS.get(name, NUMBER_CONSTANTS.get(name))))
    if type(found) in (float, str) or found in _ERRORS.values():
        return found
    return _FLAGS.get(name, _MARKERS.get(name, typing_constant(name)))


def _text_args(values) -> bool:
    return all(type(value) in (int, bool, re.RegexFlag) or isinstance(value, str) for value in values)


def matched(found: object) -> object:
    from codemods.analysis.script_builtins import ReMatch

    return ReMatch(found) if isinstance(found, re.Match) else found


LIBRARY_OBJECTS = (types.SimpleNamespace, re.Pattern, random.Random, Unseeded)


def pattern_attribute(pattern: re.Pattern, name: str) -> object:
    if type(pattern) in (random.Random, Unseeded):
        return random_attribute(pattern, name)  # (script_random.py)
    if name in _PATTERN_FIELDS:
        return getattr(pattern, name)
    if name in _PATTERN_METHODS:
        return PatternMethod(pattern, name)
    raise Bail


class PatternMethod(RunCallable):
    """`pattern.sub`, `pattern.fullmatch`, ... of a compiled pattern."""

    __slots__ = ("name", "pattern")

    def __init__(self, pattern: re.Pattern, name: str) -> None:
        self.pattern, self.name = pattern, name

    def __call__(self, run, args: list, kwargs: dict) -> object:
        method = getattr(self.pattern, self.name)
        if self.name in ("sub", "subn") and args and not _text_args(args[:1]):
            return substitute(run, method, args, kwargs)
        if not _text_args([*args, *kwargs.values()]):
            raise Bail
        found = guard(method, *args, **kwargs)
        if self.name == "finditer":
            return Iter([matched(m) for m in found], run.statements)
        return matched(found)


def substitute(run, method, args: list, kwargs: dict) -> object:
    """`sub(callback, text)`: `re` calls the callback on each match in turn; its str replaces it."""
    repl, rest = args[0], args[1:]
    if not _text_args([*rest, *kwargs.values()]):
        raise Bail
    if isinstance(repl, str):
        return guard(method, repl, *rest, **kwargs)  # (`re.subn(r"-", " ", text)`: nothing of the program runs)

    def call(found: re.Match) -> str:
        made = run.call(repl, [matched(found)], {})
        if not isinstance(made, str):
            raise Bail  # (re raises a TypeError: not modelled)
        return made

    try:
        return method(call, *rest, **kwargs)
    except (Bail, Raised):
        raise
    except Exception as error:  # noqa: BLE001 - what re raised, for the program's handlers
        raise Raised(error) from None


def _compile(run, args: list, kwargs: dict) -> re.Pattern:
    if not args or not _text_args([*args, *kwargs.values()]):
        raise Bail
    return guard(re.compile, *args, **kwargs)


def _module_sub(run, args: list, kwargs: dict, name: str) -> object:
    """`re.sub(pattern, repl, string, count=0, flags=0)`: the flags go to the compiled pattern,
    whose own `sub` takes no flags (handing them on would raise a TypeError Python never raises)."""
    given = dict(zip(("pattern", "repl", "string", "count", "flags"), args))
    if len(args) > 5 or set(kwargs) & set(given) or not set(kwargs) <= {"pattern", "repl", "string", "count", "flags"}:
        raise Bail
    given.update(kwargs)
    if not {"pattern", "repl", "string"} <= set(given) or not _text_args([given["pattern"], given.get("flags", 0)]):
        raise Bail
    pattern = guard(re.compile, given["pattern"], given.get("flags", 0))
    return substitute(run, getattr(pattern, name), [given["repl"], given["string"]], {"count": given.get("count", 0)})


def _module_finditer(run, args: list, kwargs: dict) -> object:
    """`re.finditer(pattern, text, flags)`: the compiled pattern's `finditer` of the text."""
    if len(args) not in (2, 3) or not set(kwargs) <= {"flags"} or len(args) == 3 and kwargs \
            or not _text_args([*args, *kwargs.values()]):
        raise Bail
    pattern = guard(re.compile, args[0], args[2] if len(args) == 3 else kwargs.get("flags", 0))
    return PatternMethod(pattern, "finditer")(run, [args[1]], {})


def _deepcopy(run, args: list, kwargs: dict) -> object:
    if len(args) != 1 or kwargs:
        raise Bail
    if plain_tree(args[0]):
        return copy.deepcopy(args[0])
    return _copied(run, args[0], {}, 0)  # (a checkpoint: host arrays, unknown numbers, plain values)


def _copied(run, tree: object, memo: dict, depth: int) -> object:
    """deepcopy of a dict, list or tuple tree whose leaves are plain values, unknown numbers (their
    own copies: unknown_numbers.py), NumPy arrays (a new array of the same extents), module classes,
    functions, Enum members (themselves) or instances of plain module classes (a config object:
    copied as the object protocol copies it, instance_dicts.py); objects referenced twice are copied
    once, as deepcopy's memo does."""
    if depth > 12:
        raise Bail
    if plain_tree(tree) or is_number(run, tree):
        return tree if is_number(run, tree) else copy.deepcopy(tree, memo)  # (a list two fields share stays one)
    if id(tree) in memo:
        return memo[id(tree)]
    if type(tree) is Arr and tree.host:
        made = Arr(None, True, count=tree.count, ndim=tree.ndim)
        made.known = tree.known
    elif type(tree) is dict:
        made = {}
        memo[id(tree)] = made
        for key, value in tree.items():
            if not plain_tree(key):
                raise Bail
            made[copy.deepcopy(key)] = _copied(run, value, memo, depth + 1)
    elif type(tree) is list:
        made = []
        memo[id(tree)] = made
        made.extend(_copied(run, item, memo, depth + 1) for item in tree)
    elif type(tree) is tuple:
        made = tuple(_copied(run, item, memo, depth + 1) for item in tree)
    elif type(tree) in (UClass, UFunc) or type(tree).__name__ in ("Member", "StrMember", "IntMember"):
        return tree  # (classes and functions are copied as themselves; an Enum member's `__deepcopy__` hands it back)
    elif type(tree) is UObj:
        made = copied_instance(tree)  # (a new instance, its namespace copied in: instance_dicts.py)
        memo[id(tree)] = made
        made.attrs.update((key, _copied(run, value, memo, depth + 1)) for key, value in tree.attrs.items())
    else:
        raise Bail
    memo[id(tree)] = made
    return made


def _product(run, args: list, kwargs: dict) -> Iter:
    if not set(kwargs) <= {"repeat"} or type(kwargs.get("repeat", 1)) is not int:
        raise Bail
    pools = [run.iterate(arg) for arg in args]
    made = list(itertools.product(*pools, repeat=kwargs.get("repeat", 1)))
    if len(made) > 10_000:
        raise Bail
    return Iter(made, run.statements)


def _reduce(run, args: list, kwargs: dict) -> object:
    if len(args) not in (2, 3) or kwargs:
        raise Bail
    items = run.iterate(args[1])
    if len(args) == 3:
        value = args[2]
    elif not items:
        raise Raised(TypeError("reduce() of empty iterable with no initial value"))
    else:
        value, items = items[0], items[1:]
    for item in items:
        value = run.call(args[0], [value, item], {})
    return value


def _namespace(run, args: list, kwargs: dict) -> types.SimpleNamespace:
    if args or not all(type(key) is str for key in kwargs):
        raise Bail
    return types.SimpleNamespace(**kwargs)


def namespace_attribute(space: types.SimpleNamespace, name: str) -> object:
    found = vars(space)
    if name == "__dict__":
        return found
    if name not in found:
        if name.startswith("__"):
            raise Bail
        raise Raised(AttributeError(name))
    return found[name]


def set_namespace_attribute(space: types.SimpleNamespace, name: str, value: object) -> None:
    if name.startswith("__"):
        raise Bail
    vars(space)[name] = value


def _device_get(run, args: list, kwargs: dict) -> object:
    from codemods.analysis.script_jax import _leaves
    from codemods.analysis.script_values import Arr

    if len(args) != 1 or kwargs:
        raise Bail
    if run.jitted or run.in_body:
        return args[0]  # (a tracer is handed back as it is)
    return _leaves(args[0], lambda leaf: Arr(None, True, ndim=leaf.ndim) if type(leaf) is Arr else leaf)


def mesh_sizes(mesh, name: str) -> object:
    """`mesh.shape` (its axes' sizes by name, in order), `mesh.axis_sizes`, `mesh.size`."""
    if name == "shape":
        return dict(zip(mesh.names, mesh.sizes))
    if name == "axis_sizes":
        return tuple(mesh.sizes)
    return math.prod(mesh.sizes)


@contextlib.contextmanager
def body_mesh(run, mesh):
    meshes = run.__dict__.setdefault("_body_meshes", [])
    meshes.append(mesh)
    try:
        yield
    finally:
        meshes.pop()


def _axis_size(run, args: list, kwargs: dict) -> int:
    """`jax.lax.axis_size(name)` in a shard_map body: the size of that axis (or the product of
    several) of the body's mesh."""
    meshes = run.__dict__.get("_body_meshes")
    mesh = meshes[-1] if meshes and run.in_body else None
    if mesh is None or mesh.sizes is None or len(args) != 1 or kwargs:
        raise Bail
    names = args[0] if type(args[0]) is tuple else (args[0],)
    if not all(type(n) is str and n in mesh.names for n in names):
        raise Bail
    return math.prod(mesh.sizes[mesh.names.index(n)] for n in names)


_PAIRS = frozenset({"jax.lax.top_k", "jax.numpy.linalg.eigh", "numpy.linalg.eigh", "jax.numpy.linalg.qr",
                    "numpy.linalg.qr", "jax.numpy.linalg.slogdet", "numpy.linalg.slogdet", "jax.numpy.divmod",
                    "jax.numpy.modf", "numpy.modf", "jax.numpy.frexp", "numpy.frexp"})
_SPLITS = frozenset({"jax.numpy.split", "numpy.split", "jax.numpy.array_split", "numpy.array_split"})


def several(name: str, args: list, kwargs: dict, in_body: bool = False) -> object:
    """The arrays a JAX or NumPy call returns several of (`lax.top_k`, `jnp.split(x, 2)`,
    `jnp.linalg.eigh`, `np.indices(shape)`, `jnp.meshgrid(a, b)`), each of unknown layout;
    None for any other call."""
    from codemods.analysis.script_values import Arr, Opaque

    host = name.startswith("numpy.")
    if name in _ELEMENTWISE_PAIRS and len(args) == _ELEMENTWISE_PAIRS[name] and not kwargs \
            and any(type(a) is Arr for a in args) and all(type(a) in (Arr, int, float, bool) for a in args):
        return _elementwise_pair(host, args)
    if name in _PAIRS and args and type(args[0]) is Arr and not set(kwargs) - {"k", "axis"}:
        return (Arr(None, host), Arr(None, host))
    if name in ("jax.numpy.linalg.svd", "numpy.linalg.svd") and len(args) == 1 and \
            set(kwargs) <= {"full_matrices"} and type(args[0]) is Arr:
        return (Arr(None, host), Arr(None, host), Arr(None, host))
    if name in _SPLITS and len(args) in (2, 3) and type(args[0]) is Arr and set(kwargs) <= ({"axis"} if len(args) == 2 else set()) \
            and type(kwargs.get("axis", args[2] if len(args) == 3 else 0)) is int:  # (the axis given by position too)
        count = args[1] if type(args[1]) is int else len(args[1]) + 1 if type(args[1]) in (list, tuple) \
            and all(type(i) is int for i in args[1]) else None
        if count is None or count <= 0:
            raise Bail
        return [Arr(None, host, ndim=args[0].ndim) for _ in range(count)]
    if name in ("jax.numpy.meshgrid", "numpy.meshgrid") and args and all(type(a) is Arr for a in args) \
            and set(kwargs) <= {"indexing", "sparse", "copy"} and not kwargs.get("sparse", False):
        return [Arr(None, host, ndim=len(args)) for _ in args]
    if name in ("numpy.indices", "jax.numpy.indices") and len(args) == 1 and not kwargs and \
            type(args[0]) in (tuple, list) and all(type(n) in (int, Opaque) for n in args[0]):
        return Arr(None, host, count=len(args[0]), ndim=len(args[0]) + 1)
    if name.startswith("jax.ops.segment_") and args and type(args[0]) is Arr \
            and all(type(v) in (Arr, Opaque, int, bool, type(None)) for v in (*args[1:], *kwargs.values())):
        return Arr(None, False)  # `jax.ops.segment_sum(data, ids, n)`: an array of unknown layout
    if name in _TREE_COLLECTIVES and in_body and args and (type(args[0]) in (tuple, list, dict, NTup)
                                                            or pytree.registration(args[0]) is not None):
        return map_tree(args[0], lambda leaf: Arr(None, False))  # `psum((a, b), axis)`: a tree of results
    return None


# Ufuncs of two results, each of the broadcast shape of the operands (checked on NumPy 2.4 and
# jax 0.10.2): `q, r = np.divmod(np.arange(16), 4)` are two arrays of 16.
_ELEMENTWISE_PAIRS = {"numpy.divmod": 2, "jax.numpy.divmod": 2, "numpy.modf": 1, "jax.numpy.modf": 1,
                      "numpy.frexp": 1, "jax.numpy.frexp": 1}


def _elementwise_pair(host: bool, args: list) -> tuple:
    """The two results of an elementwise pair: of the operands' broadcast rank (and shape, where
    the run knows theirs). Rank 0 is left unknown: NumPy then gives two NumPy scalars, not arrays."""
    from codemods.analysis.array_shapes import broadcast, note, shape_of
    from codemods.analysis.script_values import Arr

    ranks = [a.ndim if type(a) is Arr else 0 for a in args]
    rank = max(ranks) if None not in ranks and max(ranks) > 0 else None
    shape = broadcast(*(shape_of(None, a) for a in args)) if rank is not None else None
    return tuple(note(Arr(None, host, ndim=rank), shape) for _ in range(2))


_TREE_COLLECTIVES = frozenset(f"jax.lax.{name}" for name in ("psum", "pmean", "pmax", "pmin"))
_OPERATORS = {"operator.add": "Add", "operator.sub": "Sub", "operator.mul": "Mult", "operator.truediv": "Div",
              "operator.floordiv": "FloorDiv", "operator.mod": "Mod", "operator.pow": "Pow",
              "operator.matmul": "MatMult", "operator.or_": "BitOr", "operator.and_": "BitAnd"}


def _operator(name: str):
    """`operator.add` and the like: the binary operator, as `a + b` is run."""
    import ast

    def apply(run, args: list, kwargs: dict) -> object:
        if len(args) != 2 or kwargs:
            raise Bail
        return run.binary(getattr(ast, _OPERATORS[name]), args[0], args[1])
    return apply


_COMPARISONS = {"operator.lt": "Lt", "operator.le": "LtE", "operator.gt": "Gt", "operator.ge": "GtE",
                "operator.eq": "Eq", "operator.ne": "NotEq"}


def _comparison(name: str):
    """`operator.gt` and the like: the comparison, as `a > b` is run (outside a body whose states the
    run follows: there the comparison's state is tied to a written `a > b`)."""
    import ast

    def apply(run, args: list, kwargs: dict) -> object:
        if len(args) != 2 or kwargs or run.states is not None:
            raise Bail
        from codemods.analysis.host_exprs import Env

        node = ast.Compare(ast.Constant(args[0]), [getattr(ast, _COMPARISONS[name])()], [ast.Constant(args[1])])
        return run.compare(node, Env(None, frozenset()))
    return apply


def text_library(function, result_plain: bool = True):
    def apply(run, args: list, kwargs: dict) -> object:
        if not all(plain_tree(value) for value in (*args, *kwargs.values())):
            raise Bail
        made = guard(function, *args, **kwargs)
        if result_plain and not plain_tree(made):
            raise Bail
        return made
    return apply


def _dumps(run, args: list, kwargs: dict) -> object:
    """`json.dumps(...)`: its text of plain values; a JsonText of a tree holding unknown numbers
    (unknown_json.py)."""
    if all(plain_tree(value) for value in (*args, *kwargs.values())):
        return text_library(json.dumps)(run, args, kwargs)
    from codemods.analysis.unknown_json import dumped

    return dumped(run, args, kwargs)


def _auto(run, args: list, kwargs: dict) -> object:
    from codemods.analysis.script_classes import Auto

    if args or kwargs:
        raise Bail
    return Auto()


LIBRARY = {**STDLIB_LIBRARY, **{name: _operator(name) for name in _OPERATORS},
           **{name: _comparison(name) for name in _COMPARISONS}, "enum.auto": _auto,
           "tomllib.loads": text_library(tomllib.loads), "json.dumps": _dumps,
           "re.compile": _compile, "jax.lax.axis_size": _axis_size, "re.sub": lambda run, args, kwargs: _module_sub(run, args, kwargs, "sub"),
           "re.subn": lambda run, args, kwargs: _module_sub(run, args, kwargs, "subn"), "re.finditer": _module_finditer,
           "copy.deepcopy": _deepcopy, "copy.copy": shallow_copy, "itertools.product": _product, "functools.reduce": _reduce,
           "types.SimpleNamespace": _namespace, "jax.device_get": _device_get, **YAML_LIBRARY, **OPTIONS_LIBRARY,
           **LOCALS_LIBRARY, **PROXIES_LIBRARY, **RANDOM_LIBRARY, **DTYPE_LIBRARY, **CONTEXTVARS_LIBRARY, **FLAGS_LIBRARY,
           **DATACLASS_LIBRARY, **ITERTOOLS_LIBRARY,
           **DISPATCH_LIBRARY, **FIELD_LIBRARY, **PROTOCOL_LIBRARY, **GETTERS_LIBRARY, **TESTS_LIBRARY, **CACHE_LIBRARY,
           **ITERATORS_LIBRARY, **COLLECTIONS_LIBRARY, **CONTEXTS_LIBRARY, **KEYS_LIBRARY,
           **TYPED_DICT_LIBRARY, **QUEUE_LIBRARY, **THREAD_LIBRARY, **POOL_LIBRARY,
           **STREAM_LIBRARY, **PATH_LIBRARY, **CONFIG_LIBRARY, **KEY_PATHS_LIBRARY, **SHAPE_LIBRARY,
           **ARRAY_SHAPES_LIBRARY, **FUNCTIONAL_ENUM_LIBRARY}  # (functional_iterators.py's lazy accumulate over script_itertools.py's)
