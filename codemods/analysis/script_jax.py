"""What the JAX, NumPy and standard-library calls of a script run give (script_run.py; issue 13).

Each call is modelled only as far as its result is certain on jax 0.10.2 (checked on 8 CPU
devices): `P(...)`, `NamedSharding`, `jax.make_mesh` (Explicit axes) and `Mesh` (Auto axes),
`jax.set_mesh`, `jax.device_put` / `jax.reshard` / `with_sharding_constraint` of a sharding or a
tree of them, `jax.jit(f, out_shardings=...)` (f runs on the arguments, its results are placed by
`out_shardings`, or have an unknown sharding without it), `jax.tree.map` (dict keys sorted, as
JAX rebuilds them; a PartitionSpec is a leaf), `functools.partial`. NumPy calls give host arrays
and `jax.numpy`/`jax.nn`/`jax.random`/`jax.lax` calls arrays of unknown sharding (never tested
or iterated by the run). A call handed one of the module's functions, or any other library
call, stops the run (Bail). `top_level_all_gather` itself is judged by the run (script_run.py).
The sharding objects are made in script_shardings.py, trees walked in script_trees.py.
"""
from __future__ import annotations

from codemods.analysis import raising_warnings, set_meshes
from codemods.analysis.shaped_values import blocks, carried, left_body
from codemods.analysis import device_arrays, nn_initializers, partial_fields, partial_methods, user_collections
from codemods import jaxapi
from codemods.analysis.argument_binding import bind
from codemods.analysis.array_dtypes import made_dtype, on_device
from codemods.analysis.array_extents import numpy_count
from codemods.analysis import callback_arrays, debug_callbacks, draw_ranges, exact_host_arrays, host_local_arrays, numpy_generators
from codemods.analysis import host_scalar_casts, numpy_draws, numpy_scalars, numpy_random_states, seeded_permutations, text_host_arrays, typed_keys, written_arrays
from codemods.analysis.array_shapes import unary_operand
from codemods.analysis.device_counts import COUNTED, PROCESSES, check_mesh, counted, process
from codemods.analysis.script_values import (
    Arr,
    Bound,
    FieldDefault,
    GatherStop,
    JitFn,
    Lib,
    MeshCtx,
    MeshObj,
    NTup,
    Opaque,
    PartialObj,
    RunCallable,
    ShardObj,
    ShardMapFn,
    SpecObj,
    UClass,
    UFunc,
    identity,
    map_tree,
    ntup,
)
from codemods.analysis import abstract_types, device_placed, explicit_layouts, jit_retraces, jit_statics, one_device, retraced_bodies, \
    traced_branches
from codemods.analysis import script_pytree_nodes as pytree
from codemods.analysis.host_exprs import VALUE_TYPES, LambdaValue, Raised
from codemods.analysis.host_objects import Bail
from codemods.analysis.host_reductions import exact_reduction
from codemods.analysis.unknown_numbers import signed
from codemods.analysis.number_attributes import FINFO_NAMES, IINFO_NAMES, with_names
from codemods.analysis.values import NUMBER_INFO_MAKERS
from codemods.analysis.state_runs import body_states
from codemods.analysis.result_ranks import number_rank, random_rank, scalar_rank  # (`jax.random.normal(key, shape)`, `np.sqrt(8)`)
from codemods.analysis.tree_items import _ELEMENTWISE, _ELEMENTWISE2
from codemods.analysis.script_shardings import _mesh, _named, _sharding, _spec  # (P, NamedSharding, Mesh)
# (the tree walk: script_trees.py; _sorted_keys still read from here)
from codemods.analysis.script_trees import _leaves, _rank, _sorted_keys, tree_leaves, tree_map  # noqa: F401

_ARRAY_LIBRARIES = ("jax.numpy.", "jax.nn.", "jax.random.", "jax.scipy.", "jax.lax.")
_OPAQUE = frozenset({"jax.device_count", "jax.devices", "jax.local_device_count", "jax.local_devices",
                     "time.time", "time.perf_counter"})
_JIT_KEYWORDS = frozenset({"out_shardings", "in_shardings", "static_argnums", "static_argnames", "donate_argnums",
                           "donate_argnames"})
# Targets on which `jax.experimental.pjit.pjit` was checked to be `jax.jit` but for taking
# in_shardings and out_shardings also by position (deprecated, warning, same function otherwise).
_PJIT_READ = frozenset({(0, 10, 2)})
# Targets on which `jax.experimental.shard_map.shard_map(f, mesh, in_specs, out_specs,
# check_rep=True)` (its only keyword there; the default) was checked to type its body as
# `jax.shard_map(..., check_vma=True)` does: the same errors from the same bodies.
_LEGACY_CHECKED = frozenset({(0, 10, 2)})
_CALLABLE = (UFunc, Bound, LambdaValue, PartialObj, JitFn, UClass, RunCallable)
_LIKE = frozenset(f"jax.numpy.{name}" for name in ("zeros_like", "ones_like", "full_like", "empty_like"))
# The value and the placement each placing function takes (their parameter names on jax 0.10.2;
# device_put's keyword-only `src`, `donate`, `may_alias` are not modelled).
_PLACERS = {"jax.device_put": ("x", "device"), "jax.reshard": ("xs", "out_shardings"),
            "jax.lax.with_sharding_constraint": ("x", "shardings")}

_SETTERS = frozenset({"__set__", "__setattr__", "__setstate__", "__delete__", "__delattr__"})

def library_call(run, name: str, args: list, kwargs: dict) -> object:
    name = jaxapi.canonical(name)
    raising_warnings.library(run, name, args, kwargs)  # (under a warnings "error" filter: raising_warnings.py)
    if name == "jax.lax.stop_gradient" and len(args) == 1 and not kwargs and type(args[0]) is not Arr:
        # (`stop_gradient(net)` of a NamedTuple, dict or list of arrays: JAX maps it over the leaves,
        # each leaf as `stop_gradient(leaf)` alone, the tree rebuilt (checked on jax 0.10.2); a Python
        # number leaf (made a typed scalar) or another leaf stops the run)
        return map_tree(args[0], lambda leaf: library_call(run, name, [leaf], {}), (Arr,))
    if run.states is not None:  # in a shard_map body whose states the run follows (state_runs.py)
        made = run.states.library(name, args, kwargs, lambda: _library_call(run, name, args, kwargs))
    else:
        made = _library_call(run, name, args, kwargs)
    return typed_keys.note(run, name, args, made)  # (`jax.random.key(0)`: typed_keys.py)


def _holds_callable(value: object, depth: int) -> bool:
    if isinstance(value, _CALLABLE):
        return True
    if type(value) in (list, tuple) and depth < 4:
        return any(_holds_callable(item, depth + 1) for item in value)
    if type(value) is dict and depth < 4:
        return any(_holds_callable(item, depth + 1) for item in value.values())
    return False


# NumPy calls that change how floating-point errors are handled (all="ignore" alone makes none raise).
_ERROR_STATES = frozenset({"numpy.seterr", "numpy.errstate", "numpy.seterrcall"})


def _library_call(run, name: str, args: list, kwargs: dict) -> object:
    if name in numpy_generators.MAKERS:
        made = numpy_generators.made(name, args, kwargs)  # (not an array: numpy_generators.py)
        return seeded_permutations.noted(run, made, args, kwargs) if name == "numpy.random.default_rng" else made
    if name in numpy_random_states.MAKERS:
        return numpy_random_states.made(name, args, kwargs)  # (RandomState, SeedSequence, PCG64: no arrays)
    if name.startswith("numpy.") and name.rpartition(".")[2] in _SETTERS:
        raise Bail  # (`np.ndarray.shape.__set__(a, (2, 2))` changes a's layout: not followed; adversarial24 Y2)
    if name in _ERROR_STATES and (args or name == "numpy.seterrcall" or any(v != "ignore" for v in kwargs.values())):
        raise Bail  # (NumPy told to raise on overflow etc.: a cast or an operation may then raise FloatingPointError, not modelled)
    if name.startswith("numpy."):
        written_arrays.library(run, name, args, kwargs)  # (`out=a`, `np.add(a, 1, a)`, `np.ndarray.fill(a, 7)`)
        unbound = name.startswith("numpy.ndarray.") and name[14:] in written_arrays.ARRAY_IN_PLACE
        if name in _IN_PLACE or name.endswith(".at"):
            exact_host_arrays.changed_in_place(run, args[0] if args else None)  # (`np.copyto(a, b)`; None: by keyword)
        if unbound and (name[14:] in ("resize", "itemset") or not args or type(args[0]) is not Arr or not args[0].host):
            raise Bail  # (`resize` refuses an array another refers to, `itemset` is gone in NumPy 2; not an array)
        if name in _IN_PLACE or name.endswith(".at") or unbound:
            return None
    if name.startswith("numpy.random.") and (kept := numpy_random_states.module_call(run, name[13:], args, kwargs)) \
            is not NotImplemented:
        return kept  # (`np.random.seed(0)`: None, not a host array; numpy_random_states.py)
    if name in ("numpy.random.shuffle", "numpy.random.bytes"):  # (the global RandomState's: no arrays, numpy_draws.py)
        return run.call(numpy_draws.Shuffle(False) if name.endswith("shuffle") else numpy_draws.RandomBytes(), args, kwargs)
    if name.startswith("numpy.random.") and (kind := numpy_draws.one_sample(run, name[13:], True, args, kwargs)):
        return numpy_draws.sample(run, kind)  # (`np.random.rand()`: a Python float, numpy_draws.py)
    if name == jaxapi.PARTITION_SPEC:
        return _spec(args, kwargs)
    if name == "jax.sharding.NamedSharding":
        return _named(args, kwargs)
    if name == "jax.make_mesh":
        mesh = _mesh(args, kwargs, 1, True)
        check_mesh(run, mesh.sizes)  # (device_counts.py)
        return mesh
    if name == "jax.sharding.Mesh":  # (of a grid, or of an array of the devices: device_arrays.py)
        return device_arrays.sized(run, args, kwargs, _mesh(args, kwargs, 1, False))
    if name in ("jax.set_mesh", "jax.sharding.use_mesh"):
        if len(args) != 1 or kwargs or type(args[0]) is not MeshObj:
            raise Bail
        if name == "jax.set_mesh":
            return set_meshes.made(run, args[0])  # (in force from the call on: set_meshes.py)
        return MeshCtx(args[0], False)
    if name == "contextlib.nullcontext" and not args and not kwargs:
        return MeshCtx(None, False)
    if name in user_collections.NAMES:  # (`collections.UserDict(...)`: user_collections.py)
        return run.call(user_collections.user_class(run, Lib(name)), args, kwargs)
    if name == "functools.partialmethod":
        return partial_methods.make(args, kwargs)  # (partial_methods.py)
    if name == "functools.partial":
        return partial_fields.made(args, kwargs)  # (flattened over a partial: partial_fields.py)
    if name == "jax.experimental.pjit.pjit" and run.target in _PJIT_READ:
        name, args, kwargs = "jax.jit", args[:1], _pjit_keywords(args, kwargs)
    if name == "jax.jit":
        if len(args) != 1 or not set(kwargs) <= _JIT_KEYWORDS:
            raise Bail
        return JitFn(args[0], kwargs)
    if name in (jaxapi.SHARD_MAP, jaxapi.EXPERIMENTAL_SHARD_MAP):
        return _shard_map(name, args, kwargs, run.target)
    if name in _PLACERS:  # (by position or by name: `partial(jax.device_put, device=sharding)`)
        value, placement = _PLACERS[name]
        given = bind((value, placement), args, kwargs)
        if given is None or len(given) != 2:
            raise Bail
        return place(run, given[value], given[placement])
    if name in ("jax.tree.map", "jax.tree_util.tree_map"):
        if len(args) < 2 or not set(kwargs) <= {"is_leaf"}:
            raise Bail
        return tree_map(run, args[0], args[1], args[2:], kwargs.get("is_leaf"))
    if name == "jax.block_until_ready" and len(args) == 1 and not kwargs:
        return args[0]
    if name == "dataclasses.field":
        if args or not set(kwargs) <= {"default", "default_factory"} or len(kwargs) != 1:
            raise Bail
        return FieldDefault(kwargs.get("default"), kwargs.get("default_factory"))
    if name in ("jax.tree.leaves", "jax.tree_util.tree_leaves"):
        if len(args) != 1 or not set(kwargs) <= {"is_leaf"}:
            raise Bail
        return tree_leaves(run, args[0], kwargs.get("is_leaf"))
    if name == "jax.typeof" and not run.in_body:
        return abstract_types.typeof(args, kwargs)  # (abstract_types.py)
    if name == "jax.sharding.get_abstract_mesh":
        return abstract_types.abstract_mesh(run, args, kwargs)
    if name in traced_branches.NAMES:
        return traced_branches.call(run, name, args, kwargs)  # (every branch traced: traced_branches.py)
    if name in COUNTED:
        return counted(run, name)  # (device_counts.py)
    if name in callback_arrays.NAMES:
        return callback_arrays.call(run, name, args, kwargs)  # (blocks handed to each device)
    if name in debug_callbacks.NAMES:
        return debug_callbacks.call(run, name, args, kwargs)  # (a host callback at run time: debug_callbacks.py)
    if name in PROCESSES:
        return process(name, args, kwargs)  # (one process: device_counts.py)
    if name in host_local_arrays.NAMES:
        return host_local_arrays.call(run, name, args, kwargs)  # (a launcher's arrays and device grid)
    if name in ("jax.process_count", "jax.process_index"):  # (at least 1, at least 0: unknown_numbers.py)
        return signed(run, Opaque(), name == "jax.process_count")
    if name in _OPAQUE:
        return Opaque()
    if not run.in_body and (laid := explicit_layouts.library(name, args, kwargs)) is not None:
        laid.dtype = made_dtype(name, args, kwargs)
        return laid  # (`jax.nn.log_softmax(x)`, `jnp.mean(x, axis=0)`, `jnp.dot(x, w)` on Explicit axes)
    number_first = name in _ELEMENTWISE2 and len(args) == 2 and type(args[0]) in (int, float) and type(args[1]) is Arr
    if args and (type(args[0]) is Arr or number_first) and all(type(v) in VALUE_TYPES or type(v) is Lib for v in kwargs.values()):
        # `jnp.tanh(x)`, `jnp.maximum(a, b)`, `jnp.minimum(1.0, x)`, `jnp.zeros_like(x)`: laid out as x (a and b) are
        if name in _ELEMENTWISE | _LIKE and type(args[0]) is Arr and all(type(v) in VALUE_TYPES or type(v) is Lib for v in args[1:]):
            return one_device.made(run, name, args, kwargs, Arr(alike(args[:1]), False, ndim=args[0].ndim))
        if name in _ELEMENTWISE2 and len(args) == 2 and type(args[1]) in (Arr, int, float):
            ranks = {arg.ndim if type(arg) is Arr else 0 for arg in args}
            if alike(args) is None and not run.in_body and (laid := explicit_layouts.broadcast(args)) is not None:
                laid.dtype = made_dtype(name, args, kwargs)
                return laid  # (`jnp.maximum(x, row)`: broadcast on Explicit axes)
            return one_device.made(run, name, args, kwargs, Arr(alike(args), False, ndim=max(ranks) if None not in ranks else None))
    if any(_holds_callable(value, 0) for value in (*args, *kwargs.values())):
        raise Bail  # a callback the library would run (`lax.switch(i, [f, g], x)` traces every branch)
    if name == "numpy.divmod" and len(args) == 2 and not kwargs:
        return (Arr(None, True), Arr(None, True))
    if name == "jax.random.split" and len(args) in (1, 2) and set(kwargs) <= {"num"}:
        count = args[1] if len(args) == 2 else kwargs.get("num", 2)
        if type(count) is not int or count < 0:
            raise Bail
        return one_device.made(run, name, args, kwargs, Arr(None, False, count))
    if name in NUMBER_INFO_MAKERS:  # (`np.iinfo(np.int8)`: an object of its own, no array: it has no `shape`)
        return with_names(run, IINFO_NAMES if name.endswith("iinfo") else FINFO_NAMES)
    if name == "numpy.unique" and (pair := exact_host_arrays.unique_inverse(run, args, kwargs)) is not None:
        return pair  # (group labels and each row's group: exact_host_arrays.py)
    if name.startswith("numpy."):
        if name == "numpy.isscalar" and len(args) == 1 and not kwargs and type(args[0]) is Arr and args[0].host:
            return not numpy_scalars.is_ndarray(run, args[0])  # (a NumPy scalar is one, an ndarray none: numpy_scalars.py)
        if (scalar := exact_reduction(name, args, kwargs)) is not None:
            return scalar
        made = exact_host_arrays.made(run, name, args, kwargs, Arr(None, True, numpy_count(name, args, kwargs),
                                      _numpy_rank(name, args, kwargs), dtype=made_dtype(name, args, kwargs)))
        made = device_arrays.made(run, name, args, kwargs, made)  # (`np.array(jax.devices())`)
        cast = host_scalar_casts.cast(run, name, args, kwargs, made)  # (`np.float32(x.mean())`: host_scalar_casts.py)
        if cast is not made and cast is args[0]:
            return cast  # (`np.float64(a)` of a float64 vector: `a` itself, unchanged)
        made = cast
        if (operand := unary_operand(name, args, kwargs)) is not None and made.ndim is None and made.count is None:
            made.ndim, made.count = operand.ndim, operand.count  # (`np.log(x)` of a vector: a vector as long)
        made = draw_ranges.library(run, name, args, kwargs, made)  # (`np.round(draws)`: draw_ranges.py)
        return text_host_arrays.made(run, name, args, kwargs, made)  # (`np.atleast_1d("heads")`)
    if name.startswith(nn_initializers.PREFIX):  # (factories of initializers, not arrays: nn_initializers.py)
        return nn_initializers.made(run, name, args, kwargs)
    if name.startswith(_ARRAY_LIBRARIES) and (run.in_body or name.rsplit(".", 1)[-1] not in jaxapi.COLLECTIVES):
        # (a collective in a shard_map body: a block of unknown layout, as any other result there)
        given = kwargs.get("out_sharding")
        rank = _numpy_rank(name, args, kwargs) if name.startswith("jax.numpy.") else random_rank(name, args, kwargs)
        rank = number_rank(run, name, args, kwargs) if rank is None else rank  # (`jnp.float32(float(x))`)
        dtype = made_dtype(name, args, kwargs)
        if given is not None:
            return Arr(_sharding(run, given), False, ndim=rank, dtype=dtype)
        if (given := device_placed.placed(run, name, args, kwargs)) is not None:
            return Arr(given, False, ndim=rank, dtype=dtype)  # (`jnp.zeros(shape, device=sharding)`: device_placed.py)
        return one_device.made(run, name, args, kwargs, Arr(None, False, ndim=rank, dtype=dtype))
    raise Bail


def _shard_map(name: str, args: list, kwargs: dict, target: jaxapi.Version | None) -> ShardMapFn:
    keywords = ("f",) if name == jaxapi.SHARD_MAP else ("f", "mesh", "in_specs", "out_specs")
    given = dict(zip(keywords, args))
    if len(args) > len(keywords) or set(given) & set(kwargs) or not set(kwargs) <= {
            "f", "mesh", "in_specs", "out_specs", "axis_names", "check_vma", "check_rep"}:
        raise Bail
    given.update(kwargs)
    mesh = given.get("mesh")
    mesh = mesh.concrete if type(mesh) is abstract_types.AbstractMesh and mesh.concrete is not None else mesh
    if "f" not in given or "out_specs" not in given or "axis_names" in given or mesh is not None \
            and type(mesh) is not MeshObj:
        raise Bail  # (`axis_names=`: a partly manual body, not modelled)
    checked = name == jaxapi.SHARD_MAP and given.get("check_vma", True) is True or name == jaxapi.EXPERIMENTAL_SHARD_MAP \
        and target in _LEGACY_CHECKED and "check_vma" not in given and given.get("check_rep", True) is True
    return ShardMapFn(given["f"], mesh, given["out_specs"], given.get("in_specs"), checked)


def run_shard_map(run, mapped: ShardMapFn, args: list, kwargs: dict) -> object:
    """The results of a shard_map call: its body run on arrays of unknown layout (for the
    structure of what it returns; a collective or a gather in it stops the run), each leaf then
    laid out by its out spec on the mesh."""
    mesh = mapped.mesh if mapped.mesh is not None else run.context_mesh()
    if mesh is None or kwargs:
        raise Bail
    key = identity(mapped.func)
    if run.judge is None or run.states is not None or run.__dict__.get("_retracing"):
        return _run_shard_map(run, mapped, mesh, args)
    if key in run.traced:  # a second call: as JAX's cache would leave it, or Bail (retraced_bodies.py)
        run._retracing = True
        try:
            return retraced_bodies.again(run, key, [mapped.func, args, run.module_env],
                                         lambda: _run_shard_map(run, mapped, mesh, args))
        finally:
            run._retracing = False
    try:
        result = _run_shard_map(run, mapped, mesh, args)
    except Raised:
        run.traced.pop(key, None)  # (a trace that raised is not cached: the next call traces again, overlapping_jobs.py)
        raise
    retraced_bodies.first(run, key, result)
    return result


def _run_shard_map(run, mapped: ShardMapFn, mesh: MeshObj, args: list) -> object:
    entered, states = body_states(run, mapped, mesh, args)
    outer, run.states = run.states, states
    run.in_body += 1
    try:
        result = run.call(mapped.func, entered or blocks(mesh, mapped.in_specs, args)  # (array_shapes.py)
                          or [_leaves(arg, lambda leaf: Arr(None, False)) for arg in args], {})
    except GatherStop:
        # A body traced before: JAX may reuse that trace (jit's cache) and never meet what this
        # second run met; when the second run meets nothing, either way nothing raises.
        if states is not None and states.again:
            raise Bail from None
        raise
    finally:
        run.in_body -= 1
        run.states = outer
    placed = place(run, _leaves(result, lambda leaf: Arr(None, False, ndim=_rank(leaf))),
                   _specs_on(mesh, mapped.out_specs, 0))
    return left_body(result, placed, mapped.out_specs, mesh)  # (each leaf's global shape: array_shapes.py)


def _specs_on(mesh: MeshObj, specs: object, depth: int) -> object:
    if depth > 12:
        raise Bail
    if type(specs) is SpecObj:
        return _named([mesh, specs], {})
    if type(specs) is dict:
        return {key: _specs_on(mesh, value, depth + 1) for key, value in specs.items()}
    if type(specs) in (tuple, list):
        return type(specs)(_specs_on(mesh, value, depth + 1) for value in specs)
    if type(specs) is NTup:  # (`out_specs=State(spec, spec)`: a NamedTuple prefix of the results)
        return ntup(specs.cls, [_specs_on(mesh, value, depth + 1) for value in specs])
    if pytree.registration(specs) is not None:  # (a chex-like dataclass of specs)
        return pytree.rebuilt(specs, [_specs_on(mesh, value, depth + 1) for value in pytree.children(specs)])
    raise Bail


def place(run, tree: object, shardings: object) -> object:
    """`tree` placed by `shardings` (one, or a tree with `tree`'s structure as far as it goes)."""
    if type(shardings) in (ShardObj, SpecObj):
        sharding = _sharding(run, shardings)
        return _leaves(tree, lambda leaf: carried(leaf, Arr(sharding, False, ndim=_rank(leaf), dtype=_dtype(leaf))))
    if type(shardings) is dict and type(tree) is dict:
        if set(shardings) != set(tree):
            raise Bail
        return {key: place(run, tree[key], shardings[key]) for key in tree}
    if type(shardings) is NTup and (type(tree) is not NTup or tree.cls is not shardings.cls):
        raise Bail  # (another structure: JAX's prefix check is not modelled)
    if type(shardings) in (tuple, list, NTup) and type(tree) in (tuple, list, NTup) and len(tree) == len(shardings):
        items = [place(run, item, sharding) for item, sharding in zip(tree, shardings)]
        return ntup(tree.cls, items) if type(tree) is NTup else type(tree)(items)
    if pytree.registration(tree) is not None and pytree.registration(shardings) is not None \
            and pytree.alike(tree, [shardings]):
        items = [place(run, item, sharding) for item, sharding in zip(pytree.children(tree), pytree.children(shardings))]
        return pytree.rebuilt(tree, items)
    raise Bail


def _dtype(leaf: object):
    """The dtype JAX gives a leaf it places (a host float64 array becomes float32 without x64)."""
    return on_device(leaf.dtype) if type(leaf) is Arr else None


def traced(tree: object) -> object:
    """An argument as a jitted function's body sees it: numbers become arrays (one_device.py)."""
    return _leaves(tree, lambda leaf: leaf if type(leaf) is Arr else carried(leaf, one_device.traced_number(leaf)))


def run_jit(run, jit: JitFn, args: list, kwargs: dict) -> object:
    options = jit.out if type(jit.out) is dict else {}
    static, names = jit_statics.statics(options, jit.func, args, kwargs)  # (inferred from the signature as JAX does)
    tree = jit_retraces.traced_tree(args, kwargs, static, names)
    args = [arg if index in static else traced(arg) for index, arg in enumerate(args)]
    kwargs = {key: value if key in names else traced(value) for key, value in kwargs.items()}
    if run.states is not None:
        raise Bail  # (a jitted function in a body: not followed)
    func = jit.func
    # JAX retraces for sure only when the static arguments differ from every earlier call's, by type
    # and value (`1` then `True` retraces: run on 0.10.2), or the traced ones certainly do; anything
    # else may reuse an earlier trace (jit_retraces.py).
    positional = [arg for index, arg in enumerate(args) if index in static]
    named = sorted((name, value) for name, value in kwargs.items() if name in names)
    plain = all(type(value) in VALUE_TYPES or type(value) is tuple and all(type(item) in VALUE_TYPES for item in value)
                for value in (*positional, *(value for _, value in named)))
    fixed = (*map(_typed, positional), *((name, _typed(value)) for name, value in named))
    held = run.__dict__.setdefault("jit_calls", {}).setdefault(identity(func), (func, []))  # (func kept: its id)
    if any(jit_statics.unhashable(value) for value in (*positional, *(value for _, value in named))):
        raise Bail  # (JAX rejects an unhashable static argument; an object's own hash is not followed)
    now = jit_retraces.JitCall(fixed, plain, tree)
    again = not jit_retraces.retraces(held[1], now)  # (a first call is traced)
    kept = jit_retraces.before(run, [func, args, kwargs]) if again else None
    run.jitted += 1  # (`jax.set_mesh` raises inside jit: script_run.py stops there)
    try:
        result = run.call(func, args, kwargs)
    except (GatherStop, Raised):
        if again:  # JAX may reuse the first call's trace (jit's cache): what it reads now may never be read
            raise Bail from None
        raise
    finally:
        run.jitted -= 1
    if "out_shardings" not in options:  # under Explicit axes the layout is the result's type
        result = _leaves(result, lambda leaf: carried(leaf, Arr(alike([leaf]), False, ndim=_rank(leaf))))
    else:
        result = place(run, _leaves(result, lambda leaf: carried(leaf, Arr(None, False, ndim=_rank(leaf)))), options["out_shardings"])
    jit_retraces.settle(run, held[1], now, kept, result)
    return result


def _typed(value: object) -> object:
    return (type(value), value)  # (JAX keys a static argument by its type and `==`: `(1, 2)` is `(1, 2.0)`)


def alike(values: list) -> ShardObj | None:
    """The sharding of an elementwise result of `values` (arrays and numbers): the arrays' one
    sharding, on a mesh with Explicit axes (where the layout is part of the type), or None."""
    arrays = [value for value in values if type(value) is Arr]
    if not arrays or not all(type(value) in (Arr, int, float) for value in values) \
            or any(array.host or array.sharding is None for array in arrays):
        return None
    first = arrays[0].sharding
    spec = first.spec.spec
    if first.mesh.explicit is not True or spec.reduced or spec.unreduced:
        return None
    if any(a.sharding.mesh is not first.mesh or a.sharding.spec.spec != spec for a in arrays[1:]):
        return None
    return first


_SHAPED = frozenset(f"{module}.{name}" for module in ("numpy", "jax.numpy") for name in ("ones", "zeros", "empty", "full"))
# NumPy calls that change their first argument in place and hand back None.
_IN_PLACE = frozenset(f"numpy.{name}" for name in ("copyto", "put", "place", "putmask", "put_along_axis",
                                                   "fill_diagonal"))
_GENERATED = frozenset(f"numpy.random.{name}" for name in ("normal", "uniform", "randint", "standard_normal", "rand"))


def _numpy_rank(name: str, args: list, kwargs: dict) -> int | None:
    """The rank of what a NumPy call builds, where its arguments say it: `np.ones((8, 8))`,
    `np.arange(n)`, `np.random.normal(size=(8, 8))`."""
    from codemods.analysis.array_extents import where_rank
    from codemods.analysis.script_operators import shape_rank

    if name in _SHAPED and args:
        return shape_rank(args[0])
    if name in ("numpy.arange", "numpy.linspace", "numpy.logspace", "numpy.geomspace", "jax.numpy.arange",
                "jax.numpy.linspace") and all(type(a) in (int, float) for a in args):
        return 1
    if name in _GENERATED and "size" in kwargs:
        return shape_rank(kwargs["size"])
    found = where_rank(name, args, kwargs)
    return found if found is not None else scalar_rank(name, args, kwargs)


def _pjit_keywords(args: list, kwargs: dict) -> dict:
    """pjit's keywords with its positional in_shardings / out_shardings moved among them."""
    if not args or len(args) > 3:
        raise Bail
    given = dict(zip(("in_shardings", "out_shardings"), args[1:]))
    if set(given) & set(kwargs):
        raise Bail  # (Python raises TypeError: given twice)
    return {**given, **kwargs}
