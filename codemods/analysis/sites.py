"""What the analysis hands to the rules: the sites where a collective (or an operation) met a
value whose state was known, the runs of every shard_map body, and the outputs a gather flows
into. The rules judge sites through a Judge; the analysis only keeps what the judge said."""
from __future__ import annotations

from dataclasses import field
from codemods.dataclass_code import dataclass
from typing import Protocol

import ast

from codemods import jaxapi
from codemods.analysis.nodes import FunctionNode
from codemods.analysis.scopes import ModuleScope
from codemods.analysis.meshspec import MeshInfo, Spec, SpecTree, parse_spec
from codemods.analysis.shardmap import ShardMapUse
from codemods.analysis.chain_arguments import passed_through
from codemods.analysis.transfer import Transfer
from codemods.analysis.values import AxisState, DictValue, State, TupleValue, Value, leaves



@dataclass(frozen=True)
class Site:
    """One collective call (or, for SF106, one operation) whose input state was known enough to judge."""

    call: ast.expr = field(repr=False)  # the Call; for an operator, the BinOp or Compare
    name: str  # canonical: jax.lax.psum; an operator: '*'
    arg: ast.expr = field(repr=False)  # the input expression (the reduced operand)
    axes: tuple[str, ...]
    axes_node: ast.expr | None = field(repr=False)
    to: str | None  # all_gather's to= (None for other collectives)
    value: AxisState
    transfer: Transfer | None = field(repr=False)  # None: not a collective
    statement: ast.stmt | None = field(repr=False)  # a new line may go before it (None: wrap only)
    function: FunctionNode = field(repr=False)
    # SF106: what the reduced value meets, replicated on its reduced axes ("the constant `2`").
    partner: str = ""
    mesh: MeshInfo | None = field(default=None, repr=False)  # the body's mesh, when known
    # One item of a tuple literal a collective takes (`psum((a, b), axes)`): JAX judges each leaf.
    leaf: ast.expr | None = field(default=None, repr=False)
    # The leaf of a pytree argument whose state was judged (`['w']`, `[1]`): its others differ.
    path: str = ""

    @property
    def key(self) -> int:
        """What the site's verdicts are kept under: the call, or the item of the call's tuple."""
        return id(self.leaf if self.leaf is not None else self.call)

    @property
    def short_name(self) -> str:
        return self.name.rsplit(".", 1)[-1]

    @property
    def casts_to_varying(self) -> bool:
        """pcast or pvary: the interpreter makes a site of a cast only when it casts to varying."""
        return self.short_name in ("pcast", "pvary")

    @property
    def gathers_to_reduced(self) -> bool:
        return self.to == jaxapi.REDUCED or self.short_name == "all_gather_reduced"


@dataclass(frozen=True)
class OutSpecNeed:
    """A shard_map output that becomes reduced on `axes` once a fix is applied."""

    spec: Spec | None  # the literal P(...) entry of out_specs, None when not a literal
    axes: tuple[str, ...]
    out_specs: ast.expr | None = field(repr=False)


class Verdict(Protocol):
    """A judge's answer at one site, as the interpreter uses it."""

    cast: tuple[str, ...]  # axes a fix casts to varying (the analysis continues as if it had)
    rebind: str | None  # the name the fix rebinds (its new value is the cast one)
    fixable: bool

    def key(self) -> tuple: ...


class Judge(Protocol):
    target: tuple[int, int, int]  # the JAX version whose transfer rules the interpreter follows

    def collective(self, site: Site) -> Verdict | None:
        """The verdict at a collective whose input state is known on its axes."""

    def replicated(self, site: Site) -> Verdict | None:
        """The verdict where a reduced value meets `site.partner`, replicated on its reduced axes."""


@dataclass
class BodyRun:
    """The analysis of one shard_map use."""

    use: ShardMapUse
    mesh: MeshInfo | None
    returns: list[tuple[ast.Return | None, Value]] = field(default_factory=list)
    analysed: bool = False


@dataclass
class Analysis:
    verdicts: list = field(default_factory=list)  # the judge's verdicts every analysed run agrees on
    runs: list[BodyRun] = field(default_factory=list)
    sites: list[Site] = field(default_factory=list)  # every judged site (for tests and debugging)
    scope: ModuleScope | None = field(default=None, repr=False)

    def break_cycles(self) -> None:
        """The file is done with (release.py): the module view lets go of the interpreter that
        reads values for it, which refers back to the view (a cycle holding the whole analysis)."""
        if self.scope is not None:
            self.scope.evaluate = None
            self.scope.helper_spec = None
            self.scope.param_spec = None
            self.scope.unpacked = None
            self.scope.axis_value = None


def out_spec_needs(analysis: Analysis, site: Site) -> tuple[OutSpecNeed, ...]:
    """For a gather to reduced made to work: the shard_map outputs it flows into, which must list
    its axes in reduced={...}."""
    needs: list[OutSpecNeed] = []
    for run in analysis.runs:
        if not run.analysed or run.use.out_specs is None or analysis.scope is None:
            continue
        out_specs, scopes = passed_through(run.use, run.use.out_specs)  # a wrapper's parameter: the caller's
        tree = parse_spec(analysis.scope, out_specs, scopes) if out_specs is not None else None
        for _, value in run.returns:
            needs.extend(_out_needs(value, tree, site, out_specs if out_specs is not None else run.use.out_specs))
    unique: dict[tuple, OutSpecNeed] = {}
    for need in needs:
        unique.setdefault((id(need.spec.node) if need.spec else id(need.out_specs), need.axes), need)
    return tuple(unique.values())


def _out_needs(value: Value, tree: SpecTree, site: Site, out_specs: ast.expr) -> list[OutSpecNeed]:
    if isinstance(tree, tuple) and isinstance(value, TupleValue) and len(tree) == len(value.items):
        return [need for item, sub in zip(value.items, tree) for need in _out_needs(item, sub, site, out_specs)]
    if isinstance(tree, dict) and isinstance(value, DictValue) and set(tree) == set(value.keys):
        return [need for key, item in zip(value.keys, value.items) for need in _out_needs(item, tree[key], site, out_specs)]
    found = list(leaves(value))
    wanted = [_needed_reduced(leaf, site) for leaf in found]
    if not any(wanted):
        return []
    if isinstance(tree, Spec) and len(found) == 1:
        missing = tuple(axis for axis in wanted[0] if axis not in tree.reduced)
        if not missing:
            return []
        return [OutSpecNeed(tree if tree.reduced_literal and not tree.in_helper else None, missing, out_specs)]
    axes = tuple(dict.fromkeys(axis for group in wanted for axis in group))
    if isinstance(tree, Spec) and all(axis in tree.reduced for axis in axes):
        return []
    return [OutSpecNeed(None, axes, out_specs)]


def _needed_reduced(leaf: Value, site: Site) -> tuple[str, ...]:
    if isinstance(leaf, AxisState) and id(site.call) in leaf.gathers:
        return tuple(axis for axis in site.axes if leaf.on(axis) is State.REDUCED)
    return ()


def outputs_not_reduced(analysis: Analysis) -> frozenset[str]:
    """Axes some shard_map's out spec lists in reduced={...} while the value the analysis saw its
    body return there (every fix's cast applied) is certainly varying or invariant on them: JAX
    rejects that output ("out_specs ... should be equal to the reduced present on the out_aval")."""
    axes: set[str] = set()
    for run in analysis.runs:
        if not run.analysed or run.use.out_specs is None or analysis.scope is None:
            continue
        out_specs, scopes = passed_through(run.use, run.use.out_specs)
        tree = parse_spec(analysis.scope, out_specs, scopes) if out_specs is not None else None
        for _, value in run.returns:
            axes.update(_not_reduced(value, tree))
    return frozenset(axes)


def _not_reduced(value: Value, tree: SpecTree) -> set[str]:
    if isinstance(tree, tuple) and isinstance(value, TupleValue) and len(tree) == len(value.items):
        return {axis for item, sub in zip(value.items, tree) for axis in _not_reduced(item, sub)}
    if isinstance(tree, dict) and isinstance(value, DictValue) and set(tree) == set(value.keys):
        return {axis for key, item in zip(value.keys, value.items) for axis in _not_reduced(item, tree[key])}
    if not isinstance(tree, Spec) or not isinstance(value, AxisState) or value.mixed:
        return set()
    return {axis for axis in tree.reduced if value.on(axis) in (State.VARYING, State.INVARIANT)}
