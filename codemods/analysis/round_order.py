"""Rounds of one shard_map call run in order (issue 13): a loop that applies the mapper to each
item of a table (`for name, fn in TABLE.items(): jax.shard_map(fn, ...)(x)`, looped_bodies.py)
or of a parameter list (loop_params.py) stops at the first round that raises.

So a site that only a later round meets fails only when every earlier round passed. An earlier
round passed, as far as the analysis can tell, when it met no failing site and every value its
body returned is known: an operation the analysis does not know (an unknown state) may be where
JAX raised first, and the later line is then never traced. A verdict whose first failing round
comes after a round that is not known to pass is dropped; unknown never yields a finding.
A round also stops at its outputs: each must fit its out spec as JAX checks it (run on 0.10.2: a
value varying on an axis needs the spec to shard it, one reduced there needs it in `reduced=`,
and one invariant there must not be listed in `reduced=`): a known misfit stops the round.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from codemods.analysis.contexts import round_passed
from codemods.analysis.meshspec import MeshInfo, Spec, SpecTree, parse_spec
from codemods.analysis.chain_arguments import passed_through
from codemods.analysis.values import AxisState, Const, DictValue, State, Static, TupleValue, Value, leaves

if TYPE_CHECKING:
    from codemods.analysis.contexts import _Context
    from codemods.analysis.interpreter import Interpreter
    from codemods.analysis.sites import BodyRun, Verdict


def reached_verdicts(interpreter: Interpreter, runs: list[BodyRun], contexts: list[_Context],
                     verdicts: list[Verdict]) -> list[Verdict]:
    """`verdicts` without those met first in a round after one not known to pass."""
    rounds: dict[int, list[int]] = {}  # shard_map call -> indexes of its rounds, in order
    for index, context in enumerate(contexts):
        if context.round is not None or id(context.use) in interpreter.looped_rounds:
            rounds.setdefault(id(context.use.node), []).append(index)
    rounds = {call: found for call, found in rounds.items() if len(found) > 1}
    if not rounds:
        return verdicts
    passed: dict[int, bool] = {}

    def passes(index: int) -> bool:
        if index not in passed:
            passed[index] = round_passed(interpreter, contexts[index]) and _returns_known(runs[index]) \
                and _outputs_fit(interpreter, runs[index])
        return passed[index]

    kept = []
    for verdict in verdicts:
        key = verdict.site.key
        order = next((found for found in rounds.values() if any(key in contexts[index].verdicts for index in found)), None)
        if order is not None:
            first = next((position for position, index in enumerate(order) if _fails(interpreter, contexts[index], key)),
                         None)
            if first is None or not all(passes(index) for index in order[:first]):
                continue
        kept.append(verdict)
    return kept


def _fails(interpreter: Interpreter, context: _Context, key: int) -> bool:
    if key not in context.verdicts:
        return False
    start, end = context.verdicts[key]
    return any(verdict is not None for verdict in interpreter.verdicts[key][start:end])


def _returns_known(run: BodyRun) -> bool:
    """The body was analysed and every leaf it returns has a known state on every axis."""
    if not run.analysed or not run.returns:
        return False
    for _, value in run.returns:
        for leaf in leaves(value):
            if isinstance(leaf, AxisState):
                if leaf.rest is State.UNKNOWN or leaf.mixed or any(state is State.UNKNOWN for _, state in leaf.named):
                    return False
            elif not isinstance(leaf, (Const, Static)):
                return False  # an object, a function: what JAX makes of it is not followed here
    return True


def _outputs_fit(interpreter: Interpreter, run: BodyRun) -> bool:
    """No value the body returns is known not to fit the out spec written for it."""
    if run.use.out_specs is None:
        return True
    out_specs, scopes = passed_through(run.use, run.use.out_specs)
    tree = parse_spec(interpreter.scope, out_specs, scopes) if out_specs is not None else None
    return all(_fits(value, tree, run.mesh) for _, value in run.returns)


def _fits(value: Value, tree: SpecTree, mesh: MeshInfo | None) -> bool:
    if isinstance(tree, tuple):
        return isinstance(value, TupleValue) and len(value.items) == len(tree) \
            and all(_fits(item, sub, mesh) for item, sub in zip(value.items, tree))
    if isinstance(tree, dict):
        return isinstance(value, DictValue) and set(value.keys) == set(tree) \
            and all(_fits(item, tree[key], mesh) for key, item in zip(value.keys, value.items))
    if not isinstance(tree, Spec):
        return True  # not known, or a record of specs: only a known misfit stops the round
    if isinstance(value, (TupleValue, DictValue)):
        return all(_fits(item, tree, mesh) for item in value.items)  # one spec for the whole tree
    if not isinstance(value, AxisState) or value.mixed:
        return True  # a Python value, an object: not judged here
    axes = {axis for axis, _ in value.named} | set(tree.sharded) | set(tree.reduced)
    if mesh is not None and all(type(axis) is str for axis in mesh.axes):
        axes |= set(mesh.axes)
    for axis in axes:
        state = value.on(axis)
        if state is State.VARYING and (axis not in tree.sharded or axis in tree.reduced) \
                or state is State.REDUCED and axis not in tree.reduced \
                or state is State.INVARIANT and axis in tree.reduced:
            return False  # JAX rejects this output: the round stops here
    return True
