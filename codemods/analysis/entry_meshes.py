"""A collective over every axis of a mesh nobody in the file builds (issue 13).

`def main(mesh, x)` that nothing in the file calls hands its parameter to `jax.shard_map(body,
mesh=mesh, in_specs=P("lat", "channel"), ...)`, and the body reduces over `mesh.axis_names`
(`pmean(loss, mesh.axis_names)`, read through any chain of calls that passes the same mesh
along: symbols.py). The mesh is unknown, but not its every property: JAX rejects a
PartitionSpec of in_specs or out_specs naming an axis the mesh lacks before the body is traced
(run on jax 0.10.2, out_specs too), so the mesh's names are the names K those specs write plus
a set U of other names, possibly empty, that nothing in the use names one by one.

The use is analysed twice: with the mesh K, and with K plus one more name Z standing for U.
Why one name stands for all of U: the only thing in the body that reaches an axis of U is a
collective over the whole `mesh.axis_names` (a name of U written alone would be a name the
specs or a collective write; iterating or indexing `axis_names` stays unknown: no case makes
its items known), and every array's state on an axis nothing names is the same on each such
axis (an input is invariant there, a whole-mesh collective acts on all of them at once; the
interpreter's `rest` state). So a run with U is, axis for axis, the run with Z copied over
U's names, and JAX's checks (one state on every axis of a reduction, varying on at least one
axis of a gather to reduced, never reduced) answer the same for one copy as for several.
A site keeps a verdict only when both cases give it the same one (symbol_cases._veto_disagreeing:
one that either case judges otherwise or does not reach is withdrawn); never with a fix: one
right for K (a cast of K's names, `to='reduced'` dropped at the producer) may leave the value
in another state on U, whose names no fix can spell. Not split: a use whose specs name anything but str literals, or
that met any other symbol (a name read from the mesh, `mesh.axis_names[0]`, may be any of
its axes), or an empty K.
"""
from __future__ import annotations

import ast
import os
from dataclasses import replace

from codemods.analysis import symbol_cases
from codemods.analysis.meshspec import MeshInfo, Spec, parse_spec
from codemods.analysis.nodes import all_param_names, call_args
from codemods.analysis.syntax import assigned_names
from codemods.analysis.chain_arguments import argument_for, passed_through
from codemods.analysis.symbol_values import SymbolAxis

_TOKEN = "\x00" + os.urandom(4).hex() + ":other axes:"  # no program can write it
_NOTE = "the mesh is known only by the names its specs write: a fix would depend on its other axes"


def whole_mesh(interp, use, run, sink) -> bool:
    """Whether a collective of this use, whose mesh is not known, was given the whole
    `axis_names` of that very mesh (the binding `mesh=` reads, symbol_proofs.mesh_names)."""
    if run.mesh is not None or use.mesh is None or getattr(interp, "loop_binding", None) is not None \
            or getattr(interp, "caller_binding", None) is not None:
        return False
    symbols = [name for name in sink if type(name) is SymbolAxis]
    if not symbols:  # (mesh_names evaluates the mesh: skipped when nothing could match it)
        return False
    from codemods.analysis.symbol_proofs import mesh_names  # (symbol_proofs calls this module)

    prefix = mesh_names(interp, use)
    return any(prefix != "\x01" and str(name) + "[" == prefix or factory_mesh(interp, use, name) for name in symbols)


def factory_mesh(interp, use, name: SymbolAxis) -> bool:
    """`jax.shard_map(make_loss(mesh), mesh=mesh, ...)`: `name` is `m.axis_names` of the parameter
    `m` of the function the body is nested in, and the call that built this body passes it the
    very name `mesh=` reads, in the same expression (or through a name the caller binds once, the
    mesh being its parameter that it never rebinds): the same mesh."""
    kind, binder, param = name.root
    if kind != "function" or name.text != param + ".axis_names" or use.chain or use.decorated \
            or type(use.mesh) is not ast.Name or not use.body_scopes or id(use.body_scopes[-1]) != binder \
            or type(use.node) is not ast.Call or not use.node.args:
        return False
    call = use.node.args[0]  # the body as the shard_map call writes it
    factory = use.body_scopes[-1]
    caller = use.call_scopes[-1] if use.call_scopes else None
    if type(call) is ast.Name and isinstance(caller, (ast.FunctionDef, ast.AsyncFunctionDef)) \
            and use.mesh.id in all_param_names(caller.args) and use.mesh.id not in assigned_names(caller.body):
        call = interp.scope.locals_of(caller).unique_value(call.id)
    if type(call) is not ast.Call or type(call.func) is not ast.Name or call.func.id != getattr(factory, "name", None) \
            or any(arg.star for arg in call_args(call)):
        return False
    given = argument_for(call, factory, param)
    return type(given) is ast.Name and given.id == use.mesh.id


def spec_names(interp, use, sink) -> tuple[str, ...] | None:
    """K: the names the use's in_specs and out_specs write, when all are str literals and the use
    met no symbol but the whole mesh's names; else None."""
    from codemods.analysis.symbol_proofs import _specs, mesh_names

    prefix = mesh_names(interp, use)
    if interp._sym_spec_names or any(type(name) is SymbolAxis and str(name) + "[" != prefix
                                     and not factory_mesh(interp, use, name) for name in sink):
        return None
    if use.axis_names is not None:
        return None  # (a collective over the whole mesh then also names axes left Auto)
    names: list[str] = []
    for node in (use.in_specs, use.out_specs):
        if node is None:
            return None
        written, scopes = passed_through(use, node)
        if written is None or not _complete(parse_spec(interp.scope, written, scopes)):
            return None  # a spec not read: the names it writes are not known
        for spec in _specs(interp, use, node):
            for name in spec.sharded + spec.reduced + spec.unreduced:
                if type(name) is not str:
                    return None
                if name not in names:
                    names.append(name)
    return tuple(names) or None


def _complete(tree) -> bool:
    """Every leaf of a parsed spec tree is a spec (None where JAX takes P())."""
    if tree is None:
        return False
    if isinstance(tree, Spec):
        return True
    if isinstance(tree, tuple):
        return all(map(_complete, tree))
    if isinstance(tree, dict):
        return all(map(_complete, tree.values()))
    return hasattr(tree, "args") and all(map(_complete, tree.args)) and all(_complete(item) for _, item in tree.keywords)


def analyse_meshes(interp, use, names: tuple[str, ...], saved, one_case):
    """Forget the symbolic run, analyse the use with the mesh `names` and with `names` plus Z,
    and keep what both agree on. Returns the last run."""
    other = SymbolAxis(_TOKEN + ",".join(names), "<the mesh's other axes>", True, ("entry", 0, ""))
    symbol_cases.rollback(interp, saved)
    bounds = []
    run = None
    for axes in (names, names + (other,)):
        run, start, end = symbol_cases.run_case(interp, "_entry_mesh", MeshInfo(axes), one_case)
        bounds.append(({}, start, end))
    _withhold_fixes(interp, bounds)
    symbol_cases._veto_disagreeing(interp, bounds)
    return replace(run, mesh=None)


def _withhold_fixes(interp, bounds) -> None:
    """No fix at all: a fix right for the mesh K (a cast, or dropping `to='reduced'` at the
    producer) can leave the value in another state on the other axes, which no cast can name.
    Each site's verdicts then read as its first case's (the cast K's names would need), so the
    cases agree when they find the same problem."""
    first: dict[int, object] = {}
    for _, start, end in bounds:
        for site, index in interp.slots[start:end]:
            verdict = interp.verdicts[site.key][index]
            if verdict is None:
                continue
            shown = first.setdefault(site.key, verdict)
            changes = {"cast": shown.cast, "rebind": None, "fixable": False}
            if hasattr(verdict, "drop"):
                changes["drop"] = getattr(shown, "drop", ())
            if hasattr(verdict, "note"):
                changes["note"] = _NOTE
            interp.verdicts[site.key][index] = replace(verdict, **changes)
