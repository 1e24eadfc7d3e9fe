"""Choices the program's unknown numbers make, in a script run (script_run.py; issue 13).

Experiment runners pick by results: `min(results, key=lambda r: r.metrics["loss"])` returns the
best trial, a population-based scheduler `sorted(trials, key=score)` ranks trials and copies the
best one's configuration into the worst. The run does not know a loss, but it knows the choice is
one of the candidates (one of the orders): Python compares the keys, and whatever the numbers
are, it takes one. So the run takes the first candidate, notes the choice, and is made again
taking each other candidate in turn (each order, for a sort), as device_counts.py makes it again
under other device counts. What the runs find is reported only when every run finds the same stop
(the same call, for the same reason): the program's own run is one of them, whichever candidate
its numbers pick. A run whose choices make the program fail a step it passes in any run that
goes on (`if not ok: print(...)` then an `assert ok` nothing catches: unknown_truths.asserted)
ends there: when it met no stop before, it is left out, as the program reaches no later line
under those choices (form ma1).

A choice is open only where Python's answer cannot raise and is one of the candidates:
- `min`, `max` and `sorted` of a list with a `key=` (or none) and a literal `reverse=`;
- every key a plain number or an unknown the run made as a number (`float(loss)`, a draw:
  unknown_numbers.py); any other unknown (a device object does not compare) or an array (under a
  trace, `<` of a tracer has no truth value: JAX raises) closes it;
- at most SORTED_AT_MOST candidates for a sort (each order is a run), MAX_RUNS runs in all.
Anything else stops the run (Bail) as before; a run that is not made under this enumeration
(another analysis's run) stops there too.
"""
from __future__ import annotations

import itertools

from codemods.analysis.host_objects import Bail
from codemods.analysis.unknown_numbers import is_number
from codemods.analysis.concrete_scalars import compared_scalars, concrete_scalar

MAX_RUNS = 12  # runs of one program for its open choices (per device count)
MAX_TIMED_RUNS = 40  # as many when some choice is a timer's (script_timers.py: short runs of the event loop)
SORTED_AT_MOST = 3  # candidates of a sort whose keys are unknown (3! = 6 orders)


class Plan:
    """The choices one run takes: `given` the candidate index at each choice (in the order the
    run meets them; past its end the first), `made` (index, number of candidates) as taken;
    `failed` when they led the program to fail a step a run that goes on has passed."""

    __slots__ = ("failed", "given", "made", "timed")

    def __init__(self, given: list) -> None:
        self.given, self.made, self.failed, self.timed = given, [], False, False


def set_plan(run, plan: Plan | None) -> None:
    run.__dict__["_plan"] = plan


def choose(run, count: int, timed: bool = False) -> int:
    """Which of `count` candidates this run takes at the choice it meets now (`timed`: when a
    timer is due, script_timers.py)."""
    plan = run.__dict__.get("_plan")
    if plan is None or count < 1:
        raise Bail  # (a run not enumerated: the choice is not known)
    plan.timed = plan.timed or timed
    at = len(plan.made)
    index = plan.given[at] if at < len(plan.given) else 0
    if index >= count:
        raise Bail  # (a run made again another way (handed_errors.py) met another choice there)
    plan.made.append((index, count))
    return index


def _comparable(run, key: object) -> bool:
    return type(key) in (int, float, bool) or is_number(run, key) or concrete_scalar(run, key)


def unknown_choice(run, name: str, items: list, keys: list, reverse: bool) -> object:
    """`min`/`max`/`sorted` of `items` by `keys` some of which the run does not know."""
    if not all(_comparable(run, key) for key in keys):
        raise Bail
    compared_scalars(run, keys)  # (`<` of two such arrays may raise: concrete_scalars.py)
    if name == "sorted":
        if len(items) > SORTED_AT_MOST:
            raise Bail
        orders = list(itertools.permutations(range(len(items))))
        return [items[i] for i in orders[choose(run, len(orders))]]
    if not items:
        raise Bail  # (Python raises: not modelled here)
    if all(item is items[0] for item in items):
        return items[0]
    return items[choose(run, len(items))]


def failed(run) -> None:
    """The choices this run took make the program fail a step that a run going on past it has
    passed (`if not ok: print(...)` then `assert ok`: unknown_truths.asserted): the program ends
    there under them, before any later line; a run that then meets no stop is no counterexample."""
    plan = run.__dict__.get("_plan")
    if plan is None:
        from codemods.analysis.host_objects import Bail

        raise Bail  # (a run not enumerated: not expected, the bool was chosen in this run)
    plan.failed = True


def _next(made: list) -> list | None:
    """The plan after `made` in the odometer order: the last choice that has another candidate
    takes it, the choices after it start again from their first."""
    for at in range(len(made) - 1, -1, -1):
        index, count = made[at]
        if index + 1 < count:
            return [index for index, _ in made[:at]] + [index + 1]
    return None


def over_choices(single, same_stop) -> tuple:
    """`single(plan)` -> outcome tuple (stop, stopped early, read the count, count rejected) of
    one run under `plan`. One run when it meets no open choice; else a run for every combination
    of candidates, and the stop when they all agree (else no stop, as a run that stopped early).
    A run whose choices made the program fail a step it then stopped at (`failed`) and that met
    no stop before is left out: no later line runs under those choices."""
    given, outcomes, made, timed = [], [], [], False
    while True:
        plan = Plan(given)
        result = single(plan)
        timed = timed or plan.timed
        made.append(result)
        if not plan.made:
            outcomes.append(result)
            break
        if result[0] is not None or not plan.failed:
            outcomes.append(result)
        if result[0] is None and not plan.failed:
            return None, True, any(o[2] for o in made), any(o[3] for o in made)
        given = _next(plan.made)
        if given is None:
            break
        if len(made) >= (MAX_TIMED_RUNS if timed else MAX_RUNS):
            return None, True, any(o[2] for o in made), any(o[3] for o in made)
    if not outcomes:
        return None, True, any(o[2] for o in made), any(o[3] for o in made)
    first = outcomes[0]
    if len(made) == 1:
        return first
    read, rejected = any(o[2] for o in made), any(o[3] for o in made)
    if all(same_stop(first[0], o[0]) for o in outcomes[1:]):
        return first[0], False, read, rejected
    return None, True, read, rejected
