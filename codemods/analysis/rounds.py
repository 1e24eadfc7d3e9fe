"""Later rounds: the same code run again on other values, where JAX runs it again in order (the
second and later rounds of a loop that certainly runs that often, the later leaves of a pytree
`jax.tree.map` walks). JAX raises at the first round that fails, so a site that is fine in the
first round but certainly fails in a later one is a finding; it gets no fix (a cast written
there would run in the first round too, on a value in another state)."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING

import ast

from codemods.analysis.nodes import iter_nodes
from codemods.analysis.repeat_guards import same_way_each_call
from codemods.analysis.sites import Site, Verdict
from codemods.analysis.values import UNKNOWN, Const, JaxName, Value, same_value

if TYPE_CHECKING:
    from codemods.analysis.interpreter import Frame

_UNSURE = -1  # the key a later round's collection holds once it met a site it cannot judge
MAX_EXACT_ROUNDS = 8  # rounds of a counted loop run one by one (states settle in a few)


class Rounds:
    """The later-rounds half of the Interpreter (which supplies judge, silent, slots, verdicts)."""

    collecting: dict[int, Verdict] | None = None  # first problem of a later round, by site key
    collected_site: Site | None = None  # where that problem is
    collect_level = 0
    collect_function: ast.AST | None = None  # the function whose loop runs the later rounds

    def note_later(self, site: Site, replicated: bool = False) -> None:
        """Called at each site judged while silent: in a later round, ask the judge. Only the
        first problem counts: the program stops there, so nothing after it is reached."""
        if self.collecting is None or self.collecting or self.silent != self.collect_level:
            return
        if site.function is not None and site.function is not self.collect_function \
                and not same_way_each_call(self.scope, site.function):
            # A helper the round calls takes its way by what a call may have changed in place
            # (`if seen: return v` after `seen.append(axes)` in an earlier round), which the
            # round reads as it was built: what it meets here is not certain, nor is anything
            # after it (the program may stop here).
            self.collecting[_UNSURE] = None
            self.collected_site = None
            return
        verdict = self.judge.replicated(site) if replicated else self.judge.collective(site)
        if verdict is not None:
            self.collecting[site.key] = verdict
            self.collected_site = site
        elif site.key in self.__dict__.get("_met_later", ()):
            self.verdicts[site.key][0] = None  # fine in another loop's round: not certain
            self.__dict__.setdefault("unsure_sites", set()).add(site.key)

    def note_round_value(self, key: int, value: Value) -> None:
        """The value a site sees in the later rounds: one state while every round agrees, else
        UNKNOWN (a cast written there must hold in each round, not only in the last)."""
        _agree(self.round_values, key, value)

    def note_round_axes(self, key: int, axes: tuple[str, ...]) -> None:
        """The axes a site reduces over in any run (a helper mapped over a tree's leaves may read
        them from each leaf's spec or key)."""
        self.__dict__.setdefault("_round_axes", {}).setdefault(key, set()).add(tuple(axes))

    def axes_changed(self, site) -> bool:
        """Whether the site met other axes in another run: a cast written there with the axes
        expression would name those in that run (a fix must then not be written)."""
        return bool(self.__dict__.get("_round_axes", {}).get(site.key, set()) - {tuple(site.axes)})

    def keep_round_values(self, outer: dict[int, Value], seen: dict[int, Value]) -> None:
        """An inner run's round values added to the enclosing run's (the same rule per site)."""
        for key, value in seen.items():
            _agree(outer, key, value)

    def later_rounds(self, judged: list[tuple[Site, int]], runs: list[Callable[[], bool]], note: str,
                     first_runs: dict[int, int] | None = None) -> None:
        """Run `runs` (each returns False to stop: the rounds after it are not reached) without
        judging; when the first round found no problem (`judged`: its sites), a site takes the
        first problem a later round certainly meets there. `first_runs`: the functions' run
        counts before the first round (a function whose only run was the first round may meet,
        in a later one, a site that round skipped)."""
        outer, outer_level, outer_function = self.collecting, self.collect_level, self.collect_function
        self.collecting = {}
        self.collect_function = self.running[-1].function if self.running else None
        self.silent += 1
        self.collect_level = self.silent
        try:
            for run in runs:
                if not run():
                    break
            found = self.collecting
        finally:
            self.silent -= 1
            self.collecting, self.collect_level, self.collect_function = outer, outer_level, outer_function
        if found and outer is not None and not outer and self.silent == outer_level:
            outer.update(found)  # inside a later round of an enclosing loop: that round stops here too
        if any(self.verdicts[site.key][index] is not None for site, index in judged):
            return  # JAX raises in the first round already: the later ones are not reached
        for site, index in judged:
            later = found.get(site.key)
            if later is not None and self.verdicts[site.key][index] is None:
                self.verdicts[site.key][index] = replace(later, fixable=False, note=note)
        if found and not self.silent and _UNSURE not in found and not {site.key for site, _ in judged} & set(found):
            self._first_met_later(found, note, first_runs)

    def _first_met_later(self, found: dict[int, Verdict], note: str, first_runs: dict[int, int] | None = None) -> None:
        """The first problem of the later rounds is at a site the first round never reached (a
        loop over transforms of different kinds: `for t in chain: g = t.update(g)`): judged as
        met once, in a function no analysed run judged otherwise (a later such run must agree)."""
        site = self.collected_site
        if site is None or site.key not in found or site.key in self.verdicts:
            return
        runs = self.function_runs.get(id(site.function), 0)
        # A site of the function running now, in its only run so far: its first round reached
        # the call through another kind of callee (`for stage in stages: h = stage(h)` whose
        # first stage is a def); a later run must judge it the same.
        current = runs == 1 and bool(self.running) and self.running[-1].function is site.function
        # A function mapped over a tree's leaves whose only run is the map's first leaf (which took
        # another branch: `if path[0].key == "w": psum(...)`); a later run must judge it the same.
        first_only = runs == 1 and first_runs is not None and not first_runs.get(id(site.function), 0)
        if runs and not current and not first_only:
            return
        self.verdicts[site.key] = [replace(found[site.key], fixable=False, note=note)]
        self.__dict__.setdefault("_met_later", set()).add(site.key)
        self.site_nodes[site.key] = site
        self.function_runs[id(site.function)] = 1
        self.slots.append((site, 0))
        self.sites.append(site)

    def counted_rounds(self, iterated: ast.expr, frame: Frame) -> int:
        """How often `for _ in range(...)` with constant bounds runs (0: not known)."""
        if not (isinstance(iterated, ast.Call) and not iterated.keywords and 1 <= len(iterated.args) <= 3):
            return 0
        if any(isinstance(node, (ast.Starred, ast.NamedExpr)) or isinstance(node, ast.Call) and not self._length_read(node, frame)
               for arg in iterated.args for node in iter_nodes(arg)):
            return 0  # evaluating it again must not judge anything (`len(sigmas)` of a name judges nothing)
        if self.eval(iterated.func, frame) != JaxName("builtins.range"):
            return 0
        bounds = [self.eval(arg, frame) for arg in iterated.args]
        if not all(isinstance(bound, Const) and type(bound.value) is int for bound in bounds):
            return 0
        return len(range(*(bound.value for bound in bounds)))


    def _length_read(self, call: ast.Call, frame: Frame) -> bool:
        """`len(name)` (or of `obj.field`) of the builtin: reading it again calls nothing of the module's."""
        return not call.keywords and len(call.args) == 1 and type(call.args[0]) in (ast.Name, ast.Attribute) \
            and all(type(node) in (ast.Name, ast.Attribute, ast.Load) for node in ast.walk(call.args[0])) \
            and self.eval(call.func, frame) == JaxName("builtins.len")


def _agree(values: dict[int, Value], key: int, value: Value) -> None:
    seen = values.get(key)
    values[key] = value if seen is None or same_value(seen, value) else UNKNOWN
