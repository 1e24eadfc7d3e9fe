"""How a shard_map call's arguments enter its body in a state run (state_runs.py; issue 13): each
array in the state its in_specs entry gives (a spec applies to the whole subtree it stands for;
Python numbers enter as arrays), and JAX's checks before the body is traced: on a mesh with
Explicit axes an input laid out otherwise than its in_specs entry, and on a mesh with Auto axes
out_specs naming reduced axes, end the program at the call (MislaidStop).

It exists apart from state_runs.py (the states as the body runs) because entering is decided by
the call's specs and the inputs' layouts alone, before any line of the body runs."""
from __future__ import annotations

import ast

from codemods.analysis import script_pytree_nodes as pytree
from codemods.analysis.array_dtypes import on_device
from codemods.analysis.array_shapes import note
from codemods.analysis.shaped_values import block
from codemods.analysis.host_objects import Bail
from codemods.analysis.meshspec import Spec as SpecEntry
from codemods.analysis.unknown_numbers import is_number
from codemods.analysis.script_values import Arr, GatherStop, NTup, SpecObj, map_tree, ntup
from codemods.analysis.values import spec_state


class MislaidStop(GatherStop):
    """JAX rejected a shard_map call before tracing its body (run on 0.10.2: an input laid out
    otherwise than its in_specs entry on Explicit axes, or out_specs naming reduced axes of a mesh
    with Auto axes): the program ends at the call, and the body, run for the first time there,
    is never reached (`body`: its def)."""

    problem = None

    def __init__(self, call: ast.AST, body: ast.AST) -> None:
        super().__init__(call, "mislaid")
        self.body = body


class Mislaid(Exception):
    """Raised while entering: JAX rejects the call before tracing the body."""


def entry_arguments(mesh, in_specs: object, args: list, run=None) -> list | None:
    """Each argument as the body sees it: its arrays in the state its in_specs entry gives (a
    spec applies to the whole subtree it stands for); None when in_specs is not modelled. A
    Python number the run does not know (`thr = float(np.median(X))`) enters as any number does."""
    if run is not None:
        args = [_known_numbers(run, arg, 0) for arg in args]
    if type(in_specs) is SpecObj:
        return [_entered(arg, in_specs, mesh, 0) for arg in args]
    if type(in_specs) is tuple and len(in_specs) == len(args):
        return [_entered(arg, spec, mesh, 0) for arg, spec in zip(args, in_specs)]
    return None


def _entered(tree: object, specs: object, mesh, depth: int) -> object:
    if depth > 12:
        raise Bail
    if type(specs) is SpecObj:
        state = spec_state(_entry(specs, mesh), None)
        _laid_out_as(tree, specs, mesh, 0)
        return map_tree(_numbers_as_arrays(tree, 0), lambda leaf: note(Arr(None, False, ndim=leaf.ndim, state=state, dtype=on_device(leaf.dtype)),
                                                                       block(leaf.shape, specs, mesh)), (Arr,))
    if tree is None and specs is None:
        return None  # (an empty node matched by an empty one: `Transition(obs, r, done=None)`)
    if type(specs) is dict and type(tree) is dict and set(specs) == set(tree):
        return {key: _entered(tree[key], specs[key], mesh, depth + 1) for key in sorted(tree)}
    if type(specs) in (tuple, list, NTup) and type(specs) is type(tree) and len(specs) == len(tree) \
            and (type(specs) is not NTup or specs.cls is tree.cls):
        items = [_entered(item, spec, mesh, depth + 1) for item, spec in zip(tree, specs)]
        return ntup(tree.cls, items) if type(tree) is NTup else type(tree)(items)
    return pytree.paired(tree, specs, lambda item, spec: _entered(item, spec, mesh, depth + 1))


def _laid_out_as(tree: object, spec: SpecObj, mesh, depth: int) -> None:
    """On a mesh with Explicit axes JAX rejects an input not laid out as its in_specs entry says
    ("in_specs passed to shard_map ... does not match the specs of the input", run on 0.10.2):
    the body is then never traced. Each leaf's layout must be known and be the spec's."""
    if mesh.explicit is False:
        return  # (Auto axes: the input is resharded)
    if mesh.explicit is not True or depth > 12:
        raise Bail
    if type(tree) is Arr:
        if tree.host or tree.one:
            layout = ((), (), ())  # a NumPy array, or one JAX made on one device (one_device.py): replicated
        elif tree.sharding is not None and tree.sharding.mesh.names == mesh.names:
            given = tree.sharding.spec.spec
            layout = (_trimmed(given.partitions), tuple(sorted(given.reduced)), tuple(sorted(given.unreduced)))
        else:
            raise Bail  # (its layout is not known)
        wanted = spec.spec
        if layout != (_trimmed(wanted.partitions), tuple(sorted(wanted.reduced)), tuple(sorted(wanted.unreduced))):
            raise Mislaid  # JAX rejects it before the body runs
    elif type(tree) in (int, float, bool):
        if _trimmed(spec.spec.partitions) or spec.spec.reduced or spec.spec.unreduced:
            raise Bail
    elif type(tree) in (tuple, list, NTup):
        for item in tree:
            _laid_out_as(item, spec, mesh, depth + 1)
    elif type(tree) is dict:
        for item in tree.values():
            _laid_out_as(item, spec, mesh, depth + 1)
    elif tree is not None:
        pytree.visit(tree, lambda item: _laid_out_as(item, spec, mesh, depth + 1))


def names_reduced(specs: object, depth: int) -> bool:
    """Some out spec names reduced or unreduced axes (False: none does, or not known)."""
    if type(specs) is SpecObj:
        return bool(specs.spec.reduced or specs.spec.unreduced)
    if depth < 12 and type(specs) in (tuple, list, dict):
        return any(names_reduced(item, depth + 1) for item in (specs.values() if type(specs) is dict else specs))
    return False


def _trimmed(partitions: tuple) -> tuple:
    parts = list(partitions)
    while parts and not parts[-1]:
        parts.pop()
    return tuple(parts)


def _known_numbers(run, tree: object, depth: int) -> object:
    """`tree` with each unknown Python number in it (unknown_numbers.py) as a float: a number
    enters a body as a 0-d array whatever its value."""
    if is_number(run, tree):
        return 0.0
    if depth < 12 and type(tree) in (tuple, list):
        return type(tree)(_known_numbers(run, item, depth + 1) for item in tree)
    if depth < 12 and type(tree) is dict:
        return {key: _known_numbers(run, value, depth + 1) for key, value in tree.items()}
    return tree


def _numbers_as_arrays(tree: object, depth: int) -> object:
    if depth > 12:
        raise Bail
    if type(tree) in (int, float, bool):
        return note(Arr(None, False, ndim=0), ())
    if type(tree) is dict:
        return {key: _numbers_as_arrays(value, depth + 1) for key, value in tree.items()}
    if type(tree) in (tuple, list):
        return type(tree)(_numbers_as_arrays(item, depth + 1) for item in tree)
    if type(tree) is NTup:
        return ntup(tree.cls, [_numbers_as_arrays(item, depth + 1) for item in tree])
    return pytree.mapped(tree, lambda item: _numbers_as_arrays(item, depth + 1))


def _entry(spec: SpecObj, mesh) -> SpecEntry:
    parts = spec.spec
    sharded = tuple(axis for axes in parts.partitions for axis in axes)
    used = sharded + tuple(parts.reduced) + tuple(parts.unreduced)
    if not set(used) <= set(mesh.names) or len(set(used)) != len(used):
        raise Bail  # JAX rejects the spec
    return SpecEntry(None, sharded, tuple(parts.reduced), tuple(parts.unreduced))
