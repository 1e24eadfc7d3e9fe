"""Global arrays assembled from host blocks in a script run (script_run.py; issue 13):
`jax.make_array_from_callback(shape, sharding, cb)` and
`jax.make_array_from_single_device_arrays(shape, sharding, arrays)`.

Input pipelines hand each device its block of a host batch: `make_array_from_callback(
batch.shape, NamedSharding(mesh, spec), lambda idx: batch[idx])`. Whatever the blocks hold, the
array JAX returns is laid out by `sharding` and has `len(shape)` dimensions (JAX checks each
block against the shape and the sharding, and raises otherwise): those are what the run keeps,
and its values stay unknown. A step that may raise (a block of the wrong shape, an index the
host array does not have) is one a run that goes on has passed (passed_steps.py).

JAX calls the callback once per addressable device, at a time of its choosing, so the run must not
need to follow those calls: only a callback that indexes a NumPy array by the index it is given
(`lambda idx: batch[idx]`, `lambda idx, h=b["x"]: h[idx]`, `lambda idx: batch["x"][idx]` of a plain
dict, a def that only returns that) is taken,
as NumPy's indexing changes nothing the run holds; anything else stops the run (Bail). `arrays` must be a list or
tuple of arrays the run made. A sharding that is not a NamedSharding, or a shape that is not a
tuple, also stops it, except the `shape` of a host array of unknown rank (a tuple of ints the
run does not know, unknown_numbers.py): the array made has that shape, its rank unknown.
"""
from __future__ import annotations

import ast

from codemods.analysis.argument_binding import bind
from codemods.analysis.host_exprs import LambdaValue
from codemods.analysis.host_objects import Bail
from codemods.analysis.passed_steps import passed
from codemods.analysis.script_values import Arr, Opaque, ShardObj, UFunc

CALLBACK = "jax.make_array_from_callback"
SINGLE = "jax.make_array_from_single_device_arrays"
NAMES = frozenset({CALLBACK, SINGLE})
_PARAMETERS = {CALLBACK: ("shape", "sharding", "data_callback"), SINGLE: ("shape", "sharding", "arrays")}


def call(run, name: str, args: list, kwargs: dict) -> Arr:
    names = _PARAMETERS[name]
    given = bind(names, args, kwargs, {})
    if given is None:
        raise Bail  # (`dtype=`, a layout: not followed)
    shape, sharding, blocks = given["shape"], given["sharding"], given[names[2]]
    rank = len(shape) if type(shape) is tuple else None
    if type(sharding) is not ShardObj or rank is None and not unknown_shape(run, shape):
        raise Bail
    if name == CALLBACK and not _quiet(blocks):
        raise Bail
    if name == SINGLE and (type(blocks) not in (list, tuple) or not all(type(block) is Arr for block in blocks)):
        raise Bail
    if rank is not None and not all(type(size) in (int, Opaque) for size in shape):
        raise Bail
    passed(run)  # (JAX checks the blocks against the shape and the sharding)
    return Arr(sharding, False, ndim=rank)


def unknown_shape(run, shape: object) -> bool:
    """`host.shape` of an array of unknown rank: a tuple of unknown ints."""
    from codemods.analysis.unknown_kinds import SIZES, kind

    return type(shape) is Opaque and kind(run, shape) == SIZES


def _quiet(callback: object) -> bool:
    """A callback whose calls change nothing: `host[idx]` of its one parameter, where `host` (a
    default of another parameter, or a name of its scope, or an item of a plain dict, list or
    tuple there read by constant keys: `batch["image"][idx]`) is a NumPy array the run made."""
    if type(callback) is LambdaValue:
        node, body, defaults = callback.node, callback.node.body, ()
    elif type(callback) is UFunc and type(callback.node) is ast.FunctionDef and not callback.node.decorator_list:
        node, statements, defaults = callback.node, callback.node.body, tuple(callback.defaults or ())
        if len(statements) != 1 or type(statements[0]) is not ast.Return or statements[0].value is None:
            return False
        body = statements[0].value
    else:
        return False
    arguments = node.args
    names = [arg.arg for arg in arguments.posonlyargs + arguments.args]
    if arguments.vararg or arguments.kwarg or arguments.kwonlyargs or not names \
            or len(names) - len(arguments.defaults) != 1 or len(defaults) != len(arguments.defaults):
        return False  # (JAX hands it the index alone)
    if type(body) is not ast.Subscript or type(body.slice) is not ast.Name or body.slice.id != names[0]:
        return False
    read, keys = body.value, []
    while type(read) is ast.Subscript and type(read.slice) is ast.Constant:  # (`batch["image"][idx]`)
        keys.append(read.slice.value)
        read = read.value
    if type(read) is not ast.Name or read.id == names[0]:
        return False
    held = read.id
    if held in names:
        host = defaults[names.index(held) - 1]
    else:
        host = _lookup(callback.env, held)
    for key in reversed(keys):  # (items of plain dicts, lists and tuples: reading them runs no code)
        if type(host) is dict and type(key) is str and key in host or type(host) in (list, tuple) \
                and type(key) is int and -len(host) <= key < len(host):
            host = host[key]
        else:
            return False
    return type(host) is Arr and host.host


def _lookup(env, name: str) -> object:
    while env is not None:
        if name in env.vars:
            return env.vars[name]
        env = env.parent
    return None
