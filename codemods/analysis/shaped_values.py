"""Where the arrays of a script run get their shapes (array_shapes.py holds the rules; issue 13):
the result of each library call, array method and operator; an array placed, traced by jit or a
transformation, or handed back as a gradient (the shape of the array it stands for); the blocks
a shard_map body starts from (each dimension divided by the sizes of the axes its in_specs entry
names) and the global arrays it returns (multiplied back by its out specs); `jnp.shape`,
`jnp.ndim` and `jnp.result_type` of an array, read from what the run knows of it. The dtypes of
the same results follow float_dtypes.py.
"""
from __future__ import annotations

import math

from codemods.analysis.array_shapes import _SAME_BLOCK, library_shape, method_shape, note, operated, shape_of
from codemods.analysis.float_dtypes import binary_dtype, kept, library_dtype, method_dtype
from codemods.analysis.script_values import Arr, MeshObj, NTup, SpecObj


def pairs(source: object, made: object, depth: int = 0) -> list:
    """The (array, its counterpart) leaves of two trees of one structure (a collective's operand
    and result): dicts by key, sequences by position, registered nodes by their data fields."""
    from codemods.analysis import script_pytree_nodes as pytree

    if depth > 12:
        return []
    if type(source) in (Arr, int, float, bool) and type(made) is Arr:
        return [(source, made)]
    if type(source) is dict and type(made) is dict and set(source) == set(made):
        return [pair for key in source for pair in pairs(source[key], made[key], depth + 1)]
    if type(source) in (tuple, list, NTup) and type(made) is type(source) and len(made) == len(source):
        return [pair for a, b in zip(source, made) for pair in pairs(a, b, depth + 1)]
    if pytree.registration(source) is not None and pytree.registration(made) is not None \
            and source.cls is made.cls:
        return [pair for a, b in zip(pytree.children(source), pytree.children(made)) for pair in pairs(a, b, depth + 1)]
    return []


def block(shape: tuple | None, spec: object, mesh: object) -> tuple | None:
    """The block each device holds of an array of `shape` entering a body by `spec` (None: it
    does not divide, or is not known)."""
    return _scaled(shape, spec, mesh, False)


def whole(shape: tuple | None, spec: object, mesh: object) -> tuple | None:
    """The global shape of a body's result of block `shape` leaving it by out spec `spec`."""
    return _scaled(shape, spec, mesh, True)


def _scaled(shape: tuple | None, spec: object, mesh: object, grow: bool) -> tuple | None:
    if shape is None or type(spec) is not SpecObj or type(mesh) is not MeshObj or mesh.sizes is None \
            or len(mesh.sizes) != len(mesh.names):
        return None
    parts = spec.spec.partitions
    if len(parts) > len(shape):
        return None
    sizes = dict(zip(mesh.names, mesh.sizes))
    out = list(shape)
    for at, axes in enumerate(parts):
        if not all(axis in sizes for axis in axes):
            return None
        count = math.prod(sizes[axis] for axis in axes)
        if grow:
            out[at] *= count
        elif out[at] % count:
            return None
        else:
            out[at] //= count
    return tuple(out)


def library_result(run, name: str, args: list, kwargs: dict, result: object) -> object:
    """`result` of library call `name` (canonical), its shape (each leaf's, for a collective of a
    tree) noted where certain."""
    if type(result) is Arr and all(result is not arg for arg in args):
        note(result, library_shape(run, name, args, kwargs))
        kept(result, library_dtype(name, args, kwargs))
    elif run.in_body and args and name.startswith("jax.lax.") and type(args[0]) is not Arr \
            and (name in _SAME_BLOCK or name.rsplit(".", 1)[-1] in ("all_gather", "psum_scatter", "all_to_all")):
        for source, made in pairs(args[0], result):
            if made is not source:
                note(made, library_shape(run, name, [source, *args[1:]], kwargs))
                kept(made, library_dtype(name, [source, *args[1:]], kwargs))
    return result


def method_result(run, method, args: list, kwargs: dict, result: object) -> object:
    """`result` of `x.name(...)`, of its shape and dtype where certain."""
    if type(method.owner) is Arr and result is not method.owner:
        note(result, method_shape(run, method.owner, method.name, args, kwargs))
        kept(result, method_dtype(method.owner, method.name) if set(kwargs) <= {"axis", "keepdims"} and len(args) <= 1
             else None)
    elif method.owner is None and method.host:  # (a NumPy generator's sampler, by its `size`: numpy_generators.py)
        note(result, method_shape(run, None, method.name, args, kwargs))
    return result


def operator_result(run, op: type, left: object, right: object, result: object) -> None:
    if result is not left and result is not right:
        note(result, operated(run, op, left, right))
        kept(result, binary_dtype(op, left, right))


# The dtype kinds each unary operator takes and keeps (NumPy 2.4 and jax 0.10.2 checked): `-x`
# and `+x` of ints, uints and floats (of bools NumPy raises TypeError), `~x` of bools and ints (of
# floats it raises TypeError). The result has the operand's shape and dtype (`-u8` wraps).
_UNARY_KINDS = {"USub": "iuf", "UAdd": "iuf", "Invert": "biu"}


def unary_result(run, op: type, operand: Arr, result: Arr) -> Arr:
    """`result`, the new array `-x`, `+x` or `~x` of `operand`: of its shape, leading size and
    dtype where the operand's dtype is certainly one the operator takes."""
    dtype = operand.dtype
    if dtype is None or dtype.kind not in _UNARY_KINDS.get(op.__name__, ""):
        return result
    result.count = operand.count
    kept(result, dtype)
    return note(result, shape_of(run, operand))


def _earlier(run, name: str, args: list, kwargs: dict) -> object:
    """What the run made of the call before it read shapes here (script_jax.py)."""
    from codemods.analysis.script_jax import library_call

    return library_call(run, name, args, kwargs)


def _shape(run, args: list, kwargs: dict, name: str = "jax.numpy.shape") -> object:
    """`jnp.shape(x)`: `x.shape`, of an array or a Python number."""
    if len(args) == 1 and not kwargs and type(args[0]) is Arr:
        return run.attribute(args[0], "shape")
    if len(args) == 1 and not kwargs and type(args[0]) in (int, float, bool):
        return ()
    return _earlier(run, name, args, kwargs)  # (a list's shape: its nesting, not followed)


def _ndim(run, args: list, kwargs: dict, name: str = "jax.numpy.ndim") -> object:
    if len(args) == 1 and not kwargs and type(args[0]) is Arr:
        return run.attribute(args[0], "ndim")
    if len(args) == 1 and not kwargs and type(args[0]) in (int, float, bool):
        return 0
    return _earlier(run, name, args, kwargs)


def _result_type(run, args: list, kwargs: dict) -> object:
    """`jnp.result_type(x)` of one array whose dtype the run knows (a host one as JAX would place it)."""
    from codemods.analysis.array_dtypes import on_device

    found = None
    if len(args) == 1 and not kwargs and type(args[0]) is Arr and args[0].dtype is not None:
        found = on_device(args[0].dtype) if args[0].host else args[0].dtype
    return found if found is not None else _earlier(run, "jax.numpy.result_type", args, kwargs)


LIBRARY = {"jax.numpy.shape": _shape, "numpy.shape": lambda run, args, kwargs: _shape(run, args, kwargs, "numpy.shape"),
           "jax.numpy.ndim": _ndim, "numpy.ndim": lambda run, args, kwargs: _ndim(run, args, kwargs, "numpy.ndim"),
           "jax.numpy.result_type": _result_type}



def carried(leaf: object, made: Arr) -> Arr:
    """`made`, an array standing for `leaf` (placed, traced, handed back by jit): of its shape."""
    return note(made, shape_of(None, leaf))


def left_body(result: object, placed: object, specs: object, mesh: object, depth: int = 0) -> object:
    """`placed`, a shard_map's results laid out by out `specs` (a prefix of the tree), each leaf of
    the global shape its block `result` gives."""
    if depth > 12:
        return placed
    if type(specs) is SpecObj:
        for source, made in pairs(result, placed):
            note(made, whole(shape_of(None, source), specs, mesh))
    elif type(specs) is dict and type(result) is dict and type(placed) is dict and set(specs) == set(result) == set(placed):
        for key in specs:
            left_body(result[key], placed[key], specs[key], mesh, depth + 1)
    elif type(specs) in (tuple, list) and type(result) in (tuple, list, NTup) and type(placed) is type(result) \
            and len(specs) == len(result) == len(placed):
        for spec, source, made in zip(specs, result, placed):
            left_body(source, made, spec, mesh, depth + 1)
    else:
        from codemods.analysis import script_pytree_nodes as pytree

        if all(pytree.registration(tree) is not None for tree in (specs, result, placed)) \
                and specs.cls is result.cls is placed.cls:
            for spec, source, made in zip(pytree.children(specs), pytree.children(result), pytree.children(placed)):
                left_body(source, made, spec, mesh, depth + 1)
    return placed


def like(leaf: object, made: Arr) -> Arr:
    """`made`, the tracer (or the gradient) a transformation hands over for `leaf`: of its shape and dtype."""
    if type(leaf) is Arr:
        kept(made, leaf.dtype)
    return carried(leaf, made)


def blocks(mesh: object, in_specs: object, args: list) -> list | None:
    """The arguments a body whose states the run does not follow starts from: each array a block
    of the shape its in_specs entry gives, of its dtype (None: the specs are not read here)."""
    from codemods.analysis.array_dtypes import on_device
    from codemods.analysis import script_pytree_nodes as pytree

    def entered(tree: object, specs: object, depth: int) -> object:
        if depth > 12:
            raise LookupError
        if type(specs) is SpecObj:
            def leaf(item: object) -> Arr:
                if type(item) in (int, float, bool):
                    return note(Arr(None, False, ndim=0), ())
                return note(Arr(None, False, ndim=item.ndim, dtype=on_device(item.dtype)), block(item.shape, specs, mesh))
            return _tree(tree, leaf, 0)
        if tree is None and specs is None:
            return None
        if type(specs) is dict and type(tree) is dict and set(specs) == set(tree):
            return {key: entered(tree[key], specs[key], depth + 1) for key in sorted(tree)}
        if type(specs) in (tuple, list, NTup) and type(specs) is type(tree) and len(specs) == len(tree) \
                and (type(specs) is not NTup or specs.cls is tree.cls):
            items = [entered(item, spec, depth + 1) for item, spec in zip(tree, specs)]
            from codemods.analysis.script_values import ntup

            return ntup(tree.cls, items) if type(tree) is NTup else type(tree)(items)
        if pytree.registration(tree) is not None and pytree.registration(specs) is not None \
                and pytree.alike(tree, [specs]):
            return pytree.rebuilt(tree, [entered(item, spec, depth + 1) for item, spec in
                                         zip(pytree.children(tree), pytree.children(specs))])
        raise LookupError

    if type(in_specs) is SpecObj:
        in_specs = tuple(in_specs for _ in args)
    if type(in_specs) is not tuple or len(in_specs) != len(args):
        return None
    try:
        return [entered(arg, spec, 0) for arg, spec in zip(args, in_specs)]
    except LookupError:
        return None


def _tree(tree: object, leaf, depth: int) -> object:
    from codemods.analysis.script_values import map_tree

    return map_tree(tree, leaf)
