"""`jax.vmap(f)(...)` inside a shard_map body whose states a state run follows (state_runs.py,
script_transforms.py; issue 13).

PINN and ensemble code maps a per-point or per-member function over a block inside the body
(`jax.vmap(lambda m: forward(m, z))(params)`) and then reduces or gathers what comes out. vmap
adds a dimension of the block's own: the mesh axes an array varies on are those of each of its
slices, and f's output varies on the axes f's one trace makes it vary on. So f runs once on
slices in the states of the arrays they are cut from, and each output array takes the state f's
output has there.

What this does not claim: a collective inside f other than those measured to type alike under
vmap (`all_gather(..., to='reduced')` raises NotImplementedError there on 0.10.2, whatever the
states) stops the run (Bail), and so does any operation f would be stopped at (JAX's error under
vmap need not be the one the judge names). Reduced
or unreduced arrays going in or coming out keep the old reading (unknown states): how batching
treats them is not what the tables measured.
"""
from __future__ import annotations

from codemods import jaxapi
from codemods.analysis import transfer
from codemods.analysis.host_objects import Bail
from codemods.analysis.script_values import Arr, map_tree
from codemods.analysis.values import State


# Operations over mesh axes whose results have, under vmap, the states they have without it (each
# run on 0.10.2 both ways: psum, pmean, pmax, ppermute, axis_index, a plain all_gather and a pcast to
# varying type alike); every other one (`to='reduced'` raises NotImplementedError under vmap, a tiled
# psum_scatter meets the mapped dimension) stops the run.
_SAME_UNDER_VMAP = frozenset(f"jax.lax.{name}" for name in ("psum", "pmean", "pmax", "pmin", "ppermute", "axis_index",
                                                            "axis_size", "all_gather", "pcast"))
_NAMED_AXIS_OPS = frozenset({*jaxapi.COLLECTIVES, "pcast", "pvary", "preduced", "pbroadcast", "pshuffle", "psend",
                             "precv", "pswapaxes", "ragged_all_to_all", "psum_invariant", "all_gather_invariant",
                             "all_gather_reduced", "axis_index", "axis_size", "top_level_all_gather"})


class _Mapped:
    """The body's states while f runs under vmap: every collective stops the run."""

    __slots__ = ("real",)

    def __init__(self, real) -> None:
        self.real = real

    def __getattr__(self, name: str):
        return getattr(self.real, name)

    def __setattr__(self, name: str, value: object) -> None:
        if name == "real":
            object.__setattr__(self, name, value)
        else:
            setattr(self.real, name, value)

    def library(self, name: str, args: list, kwargs: dict, compute) -> object:
        if name in transfer.collective_names() or name.rsplit(".", 1)[-1] in _NAMED_AXIS_OPS:
            if name not in _SAME_UNDER_VMAP or kwargs.get("to", "varying") != "varying":
                raise Bail
            if name == "jax.lax.pcast" and "to" not in kwargs:
                raise Bail
        return self.real.library(name, args, kwargs, compute)


def _plain(state) -> bool:
    return state is not None and not state.has(State.REDUCED) and not state.has(State.UNREDUCED)


def slice_of(run, leaf: Arr) -> Arr:
    """One slice of a mapped array, in the array's state where the run follows states."""
    state = run.states.state(leaf) if run.states is not None else None
    return Arr(None, False, ndim=leaf.ndim - 1 if leaf.ndim else None, state=state if _plain(state) else None)


def _arrays(tree: object, depth: int = 0) -> list:
    """The arrays in the containers of `tree` (numbers, strings and objects handed in unmapped are
    not walked: what f makes of them shows in its outputs' states)."""
    if depth > 12:
        raise Bail
    if type(tree) is Arr:
        return [tree]
    if type(tree) is dict:
        return [leaf for value in tree.values() for leaf in _arrays(value, depth + 1)]
    if isinstance(tree, (tuple, list)):  # (NTup too)
        return [leaf for value in tree for leaf in _arrays(value, depth + 1)]
    return []


def mapped_result(run, func, args: list) -> object:
    """f's outputs over the slices `args`, each array in the state f's output has."""
    from codemods.analysis.state_runs import StateStop

    states = run.states
    known = all(_plain(states.state(leaf)) for leaf in _arrays(args))
    run.states = _Mapped(states)
    try:
        out = run.call(func, args, {})
    except StateStop:
        raise Bail from None
    finally:
        run.states = states

    def output(leaf: object) -> Arr:
        state = states.state(leaf) if type(leaf) is Arr else None
        return Arr(None, False, state=state if known and _plain(state) else None)

    return map_tree(out, output)
