"""JAX's function transformations in a script run (script_run.py; issue 13): `jax.grad`,
`jax.value_and_grad`, `jax.vmap`, `jax.lax.scan`, `jax.lax.fori_loop` and `jax.lax.while_loop`.

JAX traces the function it is handed once, on abstract arguments, and builds its results from
what that one trace returns; the run does the same: it runs the module's function once on
arrays of unknown layout shaped like what JAX hands it, for the structure of its results (and
for whatever the function meets on the way: a collective, a gather, a mesh it reads). The
results are arrays of unknown layout in that structure:
- `grad(f, argnums)(*args)` has the structure of the differentiated arguments (a Python int
  there, or an output of known rank other than 0, is what JAX rejects: the run stops);
  `value_and_grad` adds f's value (with its aux when `has_aux=True`); `jacfwd`, `jacrev` and
  `hessian` of one array to one array give one array;
- `vmap(f, in_axes)(*args)` runs f on one slice of each mapped argument;
- `scan(f, init, xs)` runs `f(carry, x)` once: the carry it returns must have init's structure;
  the stacked outputs have the structure of its second result; `fori_loop(lo, hi, body, init)`
  and `while_loop(cond, body, init)` likewise keep init's structure.
Anything else (`in_axes` trees, `has_aux` shapes other than a pair, a structure that changes)
stops the run (Bail).
"""
from __future__ import annotations

from contextlib import nullcontext

from codemods.analysis.shaped_values import like
from codemods.analysis.concrete_scalars import remat_made, tracing
from codemods.analysis import state_transforms as st
from codemods.analysis import script_pytree_nodes as pytree
from codemods.analysis.host_objects import Bail
from codemods.analysis.script_values import Arr, NTup, RunCallable, map_tree
from codemods.analysis.script_custom_rules import LIBRARY as CUSTOM_RULES, differentiating


def _shape(tree: object, depth: int = 0) -> object:
    """The structure of a tree (its containers, keys and lengths), to compare two trees by."""
    if depth > 12:
        raise Bail
    if tree is None:
        return None
    if type(tree) in (Arr, int, float, bool):
        return "leaf"
    if type(tree) is dict:
        return ("dict", tuple((key, _shape(tree[key], depth + 1)) for key in sorted(tree)))
    if type(tree) in (tuple, list):
        return (type(tree).__name__, tuple(_shape(item, depth + 1) for item in tree))
    if type(tree) is NTup:
        return (id(tree.cls), tuple(_shape(item, depth + 1) for item in tree))
    if pytree.registration(tree) is not None:  # (a registered dataclass: its class and meta values too)
        return pytree.shape(tree, lambda item: _shape(item, depth + 1))
    raise Bail


def _traced(run, tree: object, drop: int = 0) -> object:
    """An argument as JAX's trace sees it: every leaf an array of unknown layout (in a body whose
    states the run follows, each in its state: state_transforms.py)."""
    if run.states is not None:
        return st.kept(run, tree, drop)
    if drop:
        return map_tree(tree, lambda leaf: Arr(None, False, ndim=leaf.ndim - 1 if leaf.ndim else None)
                        if type(leaf) is Arr else _bail())
    return map_tree(tree, lambda leaf: like(leaf, Arr(None, False, ndim=leaf.ndim if type(leaf) is Arr else 0)))


def _typed_tracer(run, tree: object) -> object:
    """A differentiated argument: on a mesh with Explicit axes the layout is part of the array's
    type, and JAX's tracer carries its primal's type (the sharding a shard_map inside checks its
    in_specs against); elsewhere as `_traced`."""
    if run.states is not None:
        return _traced(run, tree)
    from codemods.analysis.script_jax import alike
    return map_tree(tree, lambda leaf: like(leaf, Arr(alike([leaf]), False, ndim=leaf.ndim if type(leaf) is Arr else 0)))


def _result(run, tree: object, extra: int = 0, stacked: bool = False) -> object:
    if run.states is not None:
        return st.results(run, tree, extra, stacked)
    made = lambda leaf: Arr(None, False, ndim=_rank(leaf) + extra if _rank(leaf) is not None else None)
    return map_tree(tree, lambda leaf: like(leaf, made(leaf)) if not extra and not stacked else made(leaf))


def _rank(leaf: object) -> int | None:
    return leaf.ndim if type(leaf) is Arr else 0


def _options(kwargs: dict, allowed: set) -> dict:
    if not set(kwargs) <= allowed:
        raise Bail
    return kwargs


class GradFn(RunCallable):
    """`jax.grad(f, ...)` or `jax.value_and_grad(f, ...)`."""

    __slots__ = ("func", "has_aux", "numbers", "with_value")

    def __init__(self, func: object, numbers: object, has_aux: bool, with_value: bool) -> None:
        self.func, self.numbers, self.has_aux, self.with_value = func, numbers, has_aux, with_value

    def __call__(self, run, args: list, kwargs: dict) -> object:
        numbers = (self.numbers,) if type(self.numbers) is int else self.numbers
        if kwargs or type(numbers) is not tuple or not numbers or not all(
                type(n) is int and 0 <= n < len(args) for n in numbers):
            raise Bail
        for number in numbers:  # (JAX rejects an int: only inexact inputs are differentiated)
            map_tree(args[number], lambda leaf: leaf if type(leaf) in (Arr, float) else _bail())
        given = [_typed_tracer(run, arg) if n in numbers else arg for n, arg in enumerate(args)]
        with st.differentiated(run) if run.states is not None else nullcontext(), \
                differentiating(run, [given[n] for n in numbers]):
            out = run.call(self.func, given, {})
            value, aux = out, None  # (arguments not differentiated are handed over as they are)
            if self.has_aux:
                if type(out) is not tuple or len(out) != 2:
                    raise Bail
                value, aux = out
            if type(value) is not Arr and type(value) is not float or type(value) is Arr and value.ndim not in (None, 0):
                raise Bail  # (grad of a non-scalar output raises)
            if run.states is not None:
                st.check_output(run, value)
        grads = [_result(run, args[n]) if run.states is not None else _typed_tracer(run, args[n])
                 for n in numbers]  # (each in its primal's state, of its primal's type)
        grad = grads[0] if type(self.numbers) is int else tuple(grads)
        value = _result(run, value) if run.states is not None and type(value) is Arr else Arr(None, False, ndim=0)
        if self.has_aux:
            value = (value, _result(run, aux) if aux is not None else None)
            return (value, grad) if self.with_value else (grad, value[1])
        return (value, grad) if self.with_value else grad


class VmapFn(RunCallable):
    """`jax.vmap(f, in_axes=..., out_axes=...)`."""

    __slots__ = ("func", "in_axes")

    def __init__(self, func: object, in_axes: object) -> None:
        self.func, self.in_axes = func, in_axes

    def __call__(self, run, args: list, kwargs: dict) -> object:
        axes = self.in_axes if type(self.in_axes) in (tuple, list) else [self.in_axes] * len(args)
        if kwargs or len(axes) != len(args) or not all(axis is None or type(axis) is int for axis in axes):
            raise Bail
        sliced = []
        for arg, axis in zip(args, axes):
            if axis is None:
                sliced.append(arg)
            else:  # (a Python number mapped over is what JAX rejects)
                sliced.append(_traced(run, arg, 1))
        with st.vmapped(run) if run.states is not None else nullcontext(), tracing(run):
            return _result(run, run.call(self.func, sliced, {}), 1)


class JacFn(RunCallable):
    """`jax.jacfwd(f)`, `jax.jacrev(f)`, `jax.hessian(f)` of one array to one array: f runs once;
    the result is an array of unknown layout."""

    __slots__ = ("extra", "func", "reverse")

    def __init__(self, func: object, extra: int, reverse: bool) -> None:
        self.func, self.extra, self.reverse = func, extra, reverse

    def __call__(self, run, args: list, kwargs: dict) -> object:
        if kwargs or not args or type(args[0]) is not Arr:
            raise Bail
        with st.differentiated(run) if run.states is not None else nullcontext(), differentiating(run), tracing(run):
            out = run.call(self.func, [_traced(run, args[0]), *args[1:]], {})
            if type(out) is not Arr:
                raise Bail
            if run.states is not None:
                st.check_output(run, out)
        known = out.ndim is not None and args[0].ndim is not None
        state = st.jacobian_state(run, out, args[0], self.reverse) if run.states is not None else None
        return Arr(None, False, ndim=out.ndim + self.extra * args[0].ndim if known else None, state=state)


def _jacobian(run, args: list, kwargs: dict, extra: int, reverse: bool) -> JacFn:
    if len(args) != 1 or kwargs:
        raise Bail
    return JacFn(args[0], extra, reverse)


def _checkpoint(run, args: list, kwargs: dict) -> object:
    """`jax.checkpoint(f, policy=...)`: f, run with the same types (what it saves is not a type)."""
    if len(args) != 1 or not set(kwargs) <= {"policy", "prevent_cse", "static_argnums"}:
        raise Bail
    remat_made(run)  # (concrete_scalars.py)
    return args[0]


def _grad(run, args: list, kwargs: dict, with_value: bool) -> GradFn:
    options = _options(kwargs, {"argnums", "has_aux"})
    if len(args) != 1 or type(options.get("has_aux", False)) is not bool:
        raise Bail
    return GradFn(args[0], options.get("argnums", 0), options.get("has_aux", False), with_value)


def _vmap(run, args: list, kwargs: dict) -> VmapFn:
    given = dict(zip(("fun", "in_axes", "out_axes"), args))
    if len(args) > 3 or set(given) & set(kwargs):
        raise Bail
    given.update(_options(kwargs, {"fun", "in_axes", "out_axes"}))
    out_axes = given.get("out_axes", 0)
    if "fun" not in given or not (out_axes is None or type(out_axes) is int):
        raise Bail
    return VmapFn(given["fun"], given.get("in_axes", 0))


def _scan(run, args: list, kwargs: dict) -> tuple:
    given = dict(zip(("f", "init", "xs", "length", "reverse", "unroll"), args))
    if len(args) > 6 or set(given) & set(kwargs):
        raise Bail
    given.update(_options(kwargs, {"f", "init", "xs", "length", "reverse", "unroll"}))
    if "f" not in given or "init" not in given:
        raise Bail
    xs = given.get("xs")
    x = None if xs is None else _traced(run, xs, 1)
    init = given["init"]
    _looped(run)
    with tracing(run):
        out = run.call(given["f"], [_traced(run, init), x], {})
    if type(out) is not tuple or len(out) != 2 or _shape(out[0]) != _shape(_traced(run, init)):
        raise Bail  # (JAX rejects a carry whose structure changes)
    carry = st.carried(run, init, out[0]) if run.states is not None else out[0]
    return (_result(run, carry), _result(run, out[1], 1, True))


def _looped(run) -> None:
    if run.states is not None:
        run.states.transforms.doubt()  # (a loop differentiated: not followed backward)


def _fori_loop(run, args: list, kwargs: dict) -> object:
    given = dict(zip(("lower", "upper", "body_fun", "init_val"), args))
    if len(args) > 4 or set(given) & set(kwargs):
        raise Bail
    given.update(_options(kwargs, {"lower", "upper", "body_fun", "init_val", "unroll"}))
    if len(given) < 4 or not all(type(given[k]) in (int, Arr) for k in ("lower", "upper")):
        raise Bail
    init = given["init_val"]
    _looped(run)
    index = st.index_array(run, (given["lower"], given["upper"])) if run.states is not None else Arr(None, False, ndim=0)
    with tracing(run):
        out = run.call(given["body_fun"], [index, _traced(run, init)], {})
    if _shape(out) != _shape(_traced(run, init)):
        raise Bail
    return _result(run, st.carried(run, init, out) if run.states is not None else out)


def _while_loop(run, args: list, kwargs: dict) -> object:
    given = dict(zip(("cond_fun", "body_fun", "init_val"), args))
    if len(args) > 3 or set(given) & set(kwargs):
        raise Bail
    given.update(_options(kwargs, {"cond_fun", "body_fun", "init_val"}))
    if len(given) != 3:
        raise Bail
    init = given["init_val"]
    _looped(run)
    with tracing(run):
        test = run.call(given["cond_fun"], [_traced(run, init)], {})
        if type(test) is not Arr or test.ndim not in (None, 0):
            raise Bail
        out = run.call(given["body_fun"], [_traced(run, init)], {})
    if _shape(out) != _shape(_traced(run, init)):
        raise Bail
    return _result(run, st.carried(run, init, out) if run.states is not None else out)


def _bail():
    raise Bail


LIBRARY = {"jax.grad": lambda run, args, kwargs: _grad(run, args, kwargs, False),
           "jax.value_and_grad": lambda run, args, kwargs: _grad(run, args, kwargs, True),
           "jax.vmap": _vmap, "jax.lax.scan": _scan, "jax.lax.fori_loop": _fori_loop,
           "jax.lax.while_loop": _while_loop,
           "jax.jacfwd": lambda run, args, kwargs: _jacobian(run, args, kwargs, 1, False),
           "jax.jacrev": lambda run, args, kwargs: _jacobian(run, args, kwargs, 1, True),
           "jax.hessian": lambda run, args, kwargs: _jacobian(run, args, kwargs, 2, True),
           "jax.checkpoint": _checkpoint, "jax.remat": _checkpoint, **CUSTOM_RULES}
