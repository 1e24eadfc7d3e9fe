"""Rounds of one shard_map call run in order (issue 13): a loop that applies the mapper to each
item of a table (`for name, fn in TABLE.items(): jax.shard_map(fn, ...)(x)`, looped_bodies.py)
or of a parameter list (loop_params.py) stops at the first round that raises.

So a site that only a later round meets fails only when every earlier round passed. An earlier
round passed, as far as the analysis can tell, when it met no failing site and every value its
body returned is known: an operation the analysis does not know (an unknown state) may be where
JAX raised first, and the later line is then never traced. A verdict whose first failing round
comes after a round that is not known to pass is dropped; unknown never yields a finding.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from codemods.analysis.contexts import round_passed
from codemods.analysis.values import AxisState, Const, State, Static, leaves

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
            passed[index] = round_passed(interpreter, contexts[index]) and _returns_known(runs[index])
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
