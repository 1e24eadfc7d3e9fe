"""The decisions shared by the state rules (SF101, SF102, SF103, SF105, SF106): which
problem JAX raises at a site the analysis judged, and whether a fix can cast it away.

The analysis (codemods.analysis) follows states and asks the Judge here at every site; the
rule modules then pick the problems of their kind and render them.
"""
from __future__ import annotations

from dataclasses import field, replace
from codemods.dataclass_code import dataclass
from enum import Enum

import ast

from codemods import jaxapi
from codemods.analysis.interpreter import analyse_module
from codemods.analysis.meshspec import MeshInfo
from codemods.analysis.transfer import cast_accepts
from codemods.analysis.sites import Analysis, OutSpecNeed, Site, out_spec_needs, outputs_not_reduced
from codemods.analysis.values import AxisState, State

V, I, R, U, Q = State.VARYING, State.INVARIANT, State.REDUCED, State.UNREDUCED, State.UNKNOWN


class Kind(str, Enum):
    INVARIANT_INTO_GATHER_REDUCED = "invariant-into-gather-reduced"  # SF101
    REDUCED_INTO_GATHER_REDUCED = "reduced-into-gather-reduced"  # SF102: varying on another of A
    REDUCED_INTO_COLLECTIVE = "reduced-into-collective"  # SF103 (all_gather to='reduced' included)
    MIXED_STATES = "mixed-states-over-axes"  # SF105
    REDUCED_WITH_REPLICATED = "reduced-with-replicated"  # SF106: arithmetic, pmean's division
    CAST_OF_VARYING = "cast-of-varying"  # SF107: pcast/pvary to varying on an axis already varying



@dataclass(frozen=True)
class Problem:
    kind: Kind
    site: Site
    cast: tuple[str, ...]  # axes to pcast to varying, in the consumer's order
    error: str  # JAX's own words
    rebind: str | None = None  # name to rebind on a new line before the statement
    fixable: bool = True
    note: str = ""  # why there is no fix, or what else must change
    out_specs: tuple[OutSpecNeed, ...] = ()
    mesh: MeshInfo | None = None
    drop: tuple[str, ...] = ()  # SF107: axes to take out of a cast to varying (they vary already)

    def key(self) -> tuple:
        return (self.kind, self.cast, self.error, self.rebind, self.fixable, self.drop)


def diagnose(site: Site, target: jaxapi.Version) -> Problem | None:
    """The problem JAX raises at `site`, or None (fine, or not known for certain)."""
    states = [site.value.on(axis) for axis in site.axes]
    if any(state in (Q, U) for state in states):
        return None
    if site.gathers_to_reduced:
        return _diagnose_gather_reduced(site, states)
    if site.transfer.rejects_reduced:
        return _diagnose_consumer(site, states, target)
    return None


def diagnose_cast(site: Site, target: jaxapi.Version) -> Problem | None:
    """A cast to varying (pcast, or pvary: the interpreter judges no other cast) of a value that
    already varies on some of its axes. Only when every state is known and the axes left over
    are in one state the cast accepts: dropping the varying ones then makes the cast legal."""
    states = [site.value.on(axis) for axis in site.axes]
    varying = tuple(axis for axis, state in zip(site.axes, states) if state is V)
    if not varying or any(state in (Q, U) for state in states):
        return None
    if site.short_name == "pcast" and target < jaxapi.PCAST_ADDED:
        return None  # no pcast on that JAX: another error
    rest = {state for state in states if state is not V}
    if len(rest) > 1 or not rest <= {State(name) for name in cast_accepts(site.short_name, jaxapi.VARYING)}:
        return None
    # pvary no longer exists from 0.10.0 on: SF201 turns it into the pcast whose error is shown.
    old_cast = site.short_name == "pvary" and target < jaxapi.PVARY_REMOVED
    if old_cast:
        error = jaxapi.ERR_PVARY_OF_VARYING if target >= jaxapi.PCAST_ADDED else jaxapi.ERR_PVARY_OF_VARYING_OLD
    elif rest:
        error = f"jax.lax.pcast {jaxapi.ERR_ONE_STATE}"
    else:
        error = jaxapi.ERR_PCAST_FROM_VARYING
    return Problem(Kind.CAST_OF_VARYING, site, (), error, drop=varying)


def _diagnose_gather_reduced(site: Site, states: list[State]) -> Problem | None:
    reduced = tuple(axis for axis, state in zip(site.axes, states) if state is R)
    varying_on_axes = V in states
    if reduced:
        # JAX checks "varies on one of A" before "reduced on none of A" (run): a value reduced
        # on A and varying on none of it gets the Varying -> Reduced error, like any reduced
        # value fed to a collective over its reduced axis (SF103).
        if varying_on_axes:
            return Problem(Kind.REDUCED_INTO_GATHER_REDUCED, site, reduced, jaxapi.ERR_GATHER_INPUT_REDUCED)
        return Problem(Kind.REDUCED_INTO_COLLECTIVE, site, reduced, _not_varying_error(site.value))
    if not varying_on_axes:  # invariant on every axis gathered over
        return Problem(Kind.INVARIANT_INTO_GATHER_REDUCED, site, site.axes, _not_varying_error(site.value))
    return None


def _not_varying_error(value: AxisState) -> str:
    # JAX's text depends on whether the value varies on some other axis; when that is not
    # known, the message names both texts rather than guessing one.
    if value.known_nowhere_varying():
        return jaxapi.ERR_GATHER_NOT_VARYING
    # An axis name read from code not run may be a group of names, even none (analysis/symbols.py).
    if value.rest is V or any(state is V and getattr(axis, "typed", True) for axis, state in value.named):
        return jaxapi.ERR_GATHER_VARYING_TO_REDUCED
    # The messages quote Problem.error between double quotes: this reads "A" or "B".
    return f'{jaxapi.ERR_GATHER_VARYING_TO_REDUCED}" or "{jaxapi.ERR_GATHER_NOT_VARYING}'


def _one_state_checked(transfer: jaxapi.Transfer, target: jaxapi.Version) -> bool:
    return transfer.one_state_since is not None and target >= transfer.one_state_since


def _diagnose_consumer(site: Site, states: list[State], target: jaxapi.Version) -> Problem | None:
    transfer = site.transfer
    mixed = len(set(states)) > 1 and _one_state_checked(transfer, target)
    one_state_error = f"{transfer.one_state_name} {jaxapi.ERR_ONE_STATE}"
    reduced = tuple(axis for axis, state in zip(site.axes, states) if state is R)
    if reduced:
        error = one_state_error if mixed else jaxapi.ERR_PVARY_REDUCED
        return Problem(Kind.REDUCED_INTO_COLLECTIVE, site, reduced, error)
    if mixed and len(site.axes) > 1:
        invariant = tuple(axis for axis, state in zip(site.axes, states) if state is I)
        return Problem(Kind.MIXED_STATES, site, invariant, one_state_error)
    return None


# ---------------------------------------------------------------------------------------------


def _reduced_outside(value: AxisState, cast: tuple[str, ...]) -> bool:
    return any(state is R and axis not in cast for axis, state in value.named) or value.rest is R


class Judge:
    """What the state rules decide at each site the interpreter reaches."""

    def __init__(self, target: jaxapi.Version) -> None:
        self.target = target

    def collective(self, site: Site) -> Problem | None:
        if site.casts_to_varying:
            problem = diagnose_cast(site, self.target)
            return replace(problem, mesh=site.mesh) if problem is not None else None
        problem = diagnose(site, self.target)
        if problem is not None:
            return self._place_fix(problem, site)
        if site.transfer.divides and _reduced_outside(site.value, site.axes):
            return Problem(Kind.REDUCED_WITH_REPLICATED, replace(site, partner="the axis size it divides by"),
                           (), jaxapi.ERR_REDUCED_WITH_REPLICATED, fixable=False, mesh=site.mesh)
        return None

    def replicated(self, site: Site) -> Problem | None:
        return Problem(Kind.REDUCED_WITH_REPLICATED, site, (), jaxapi.ERR_REDUCED_WITH_REPLICATED, fixable=False,
                       mesh=site.mesh)

    def _place_fix(self, problem: Problem, site: Site) -> Problem:
        """Whether a cast can fix it at all (the analysis then says how it is written)."""
        fixable, note = True, ""
        if self.target < jaxapi.PCAST_ADDED and problem.kind in (Kind.REDUCED_INTO_GATHER_REDUCED, Kind.REDUCED_INTO_COLLECTIVE):
            fixable, note = False, "pvary cannot cast a reduced value: needs jax >= 0.8.2 (pcast)"
        elif site.transfer.divides and _reduced_outside(site.value, problem.cast if problem.kind is Kind.REDUCED_INTO_COLLECTIVE else ()):
            fixable, note = False, "pmean of a value reduced on another axis fails in its division even after a cast"
        return replace(problem, fixable=fixable, note=note, mesh=site.mesh)


@dataclass
class Diagnosis:
    """The state problems of one file, and the analysis they came from."""

    problems: list[Problem] = field(default_factory=list)
    analysis: Analysis = field(default_factory=Analysis)

    def break_cycles(self) -> None:
        """The file is done with (release.py)."""
        self.analysis.break_cycles()


def diagnose_module(tree: ast.Module, imports, target: jaxapi.Version, source: str | None = None) -> Diagnosis:
    analysis = analyse_module(tree, imports, Judge(target), source)
    problems = [_with_out_specs(problem, analysis) for problem in analysis.verdicts]
    if any(problem.fixable and problem.cast for problem in problems):
        rejected = outputs_not_reduced(analysis)
        problems = [_cast_kept_from_reduced_output(problem, rejected) for problem in problems]
    return Diagnosis(problems, analysis)


def _cast_kept_from_reduced_output(problem: Problem, rejected: frozenset[str]) -> Problem:
    """A cast to varying whose axes an out spec still declares reduced: the fixed body returns a
    value that is not reduced there, so JAX would reject the output; the fix alone cannot work."""
    axes = [axis for axis in problem.cast if axis in rejected]
    if not problem.fixable or not axes:
        return problem
    listed = ", ".join(repr(axis) for axis in axes)
    note = f"out_specs declare {listed} reduced, and the value returned there is not reduced once cast"
    return replace(problem, fixable=False, rebind=None, note=note)


def _with_out_specs(problem: Problem, analysis: Analysis) -> Problem:
    """For a gather made to work: the outputs it flows into must list its axes in reduced={...}."""
    if not problem.site.gathers_to_reduced:
        return problem
    return replace(problem, out_specs=out_spec_needs(analysis, problem.site))
