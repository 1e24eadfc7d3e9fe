"""When a shard_map use that met symbols (symbols.py) keeps its verdicts: the proof that every
symbol is one axis name distinct from every other name the use meets, and where a fix may
spell a symbol. Why this is sound: symbols.py."""
from __future__ import annotations

import ast
from dataclasses import replace

from codemods.analysis import axis_notes, entry_meshes, symbol_cases
from codemods.analysis.meshspec import Spec, parse_spec
from codemods.analysis.nodes import call_args, iter_with_scopes
from codemods.analysis.chain_arguments import passed_through
from codemods.analysis.symbol_values import SymbolAxis
from codemods.analysis.values import AxisState, leaves

_NOT_THERE = "is not read from the same binding where the cast would go"


def analyse_checked(interp, use, split: bool = True):
    """Analyse one shard_map use; withdraw its verdicts when a symbol it met is not proved
    one axis name distinct from every other name it met (symbols.py says why that is sound),
    unless the use's concrete mesh leaves it a few names to be (symbol_cases.py)."""
    sink = axis_notes.start()
    interp._sym_spec_names = set()
    first = len(interp.slots)
    saved = symbol_cases.snapshot(interp) if split and symbol_cases.may_split(interp, use) else None
    entry = symbol_cases.snapshot(interp) if split else None
    try:
        run = interp.analyse(use)
    finally:
        axis_notes.stop(sink)
    if entry is not None and entry_meshes.whole_mesh(interp, use, run, sink):
        names = entry_meshes.spec_names(interp, use, sink)
        if names is not None:  # a mesh known only by its specs (entry_meshes.py)
            return entry_meshes.analyse_meshes(interp, use, names, entry, lambda: analyse_checked(interp, use, split=False))
    if not interp._sym_spec_names and not any(type(name) is SymbolAxis for name in sink):
        return run
    judged = interp.slots[first:]
    unproved = _unproved(interp, use, run, sink, judged)
    if (unproved is None or unproved) and saved is not None:
        named = set(sink) | interp._sym_distinct_names  # collectives run, the use's own specs: mesh names
        split = symbol_cases.candidates(interp, run, [name for name in (unproved or named) if name in named])
        if split:
            symbol_cases.rollback(interp, saved)
            run = symbol_cases.analyse_cases(interp, use, split, run.mesh.axes, interp._sym_distinct,
                                             lambda: analyse_checked(interp, use, split=False))
            _place_fixes(interp, use, interp.slots[first:])
            return run
    if unproved is None:
        interp.vetoed_sites.update(site.key for site, _ in judged)
        return run
    if unproved:  # per site: one whose collective reads none of those names keeps its verdict
        interp.vetoed_sites.update(site.key for site, _ in judged if unproved.intersection(site.axes))
        judged = [(site, index) for site, index in judged if not unproved.intersection(site.axes)]
    _place_fixes(interp, use, judged)
    return run


def _unproved(interp, use, run, collected: set, judged) -> frozenset | None:
    """The names some symbol is not proved distinct from, with those symbols (empty: every
    symbol is proved); None when a symbol a collective reads may be a tuple of names.
    `collected`: the names the use's collectives (and axis_index) were given.

    Why a site whose axes avoid those names keeps its verdict: a symbol S that may equal a name
    N is still one str, so the program differs from what the interpreter followed only on the
    axes S and N (a collective over S acts on axis N too, a spec sharding over S shards over
    N). Every state rule is per axis (a state on one axis is computed from states on that axis
    only, values/transfer.py), and a site's verdict reads the states on its own axes (a gather
    to reduced also asks whether the value varies on any axis, which decides only which of two
    errors JAX raises). So the states on the other axes, and the verdict, are the same for
    every value S may take. A symbol that may be a tuple acts on axes nobody can name:
    every site is withdrawn."""
    interp._sym_distinct, interp._sym_distinct_names = set(), set()  # (symbol_cases.py)
    named = set(collected)  # a symbol here must be one str: a tuple of names acts otherwise
    names = set(collected) | interp._sym_spec_names
    for group, _ in run.mesh.groups if run.mesh is not None else ():  # read as its items (sequence_symbols.py)
        names.discard(group)
    for site, _ in judged:
        named.update(site.axes)
        names.update(site.axes)
        names.update(axis for axis, _ in site.value.named)
    for _, value in run.returns:
        names.update(axis for leaf in leaves(value) if isinstance(leaf, AxisState) for axis, _ in leaf.named)
    if run.mesh is not None:
        names.update(run.mesh.axes)
    manual = interp._manual_axes(use)
    if manual:
        names.update(manual)
    given = [_specs(interp, use, use.in_specs), _specs(interp, use, use.out_specs)]
    for specs in given:
        for spec in specs:
            names.update(spec.sharded + spec.reduced + spec.unreduced)
            interp._sym_distinct_names.update(spec.sharded + spec.reduced + spec.unreduced)
            named.update(spec.reduced + spec.unreduced)
    symbols = [name for name in names if type(name) is SymbolAxis]
    typed = {axis for specs in given for spec in specs for axis in spec.typed}
    if run.mesh is not None:  # shard_map rejects a mesh naming an axis twice, or not by a str
        typed.update(run.mesh.axes)
    mesh = mesh_names(interp, use)
    typed.update(symbol for symbol in symbols if str(symbol).startswith(mesh))
    if any(not symbol.typed and symbol not in typed for symbol in symbols if symbol in named):
        return None
    distinct: set[frozenset] = set()
    for index, specs in enumerate(given):
        for spec in specs:
            if index == 0:  # in_specs: JAX rejects a name sharded twice before the body runs
                _pairs(distinct, spec.sharded, spec.sharded)
            _pairs(distinct, spec.sharded, spec.reduced + spec.unreduced)  # P() itself rejects these
            _pairs(distinct, spec.reduced, spec.unreduced)
    if run.mesh is not None:
        _pairs(distinct, run.mesh.axes, run.mesh.axes)
    interp._sym_distinct = distinct  # the cases JAX rejects before the body runs (symbol_cases.py)
    return frozenset(name for symbol in symbols for other in names
                     if other != symbol and frozenset((symbol, other)) not in distinct for name in (symbol, other))


def mesh_names(interp, use) -> str:
    """The key prefix of `mesh.axis_names[...]` read from the mesh this shard_map is given
    (a str each: shard_map takes no other mesh); a prefix no key has otherwise."""
    if use.mesh is None or type(use.mesh) is not ast.Name:
        return "\x01"
    node, scopes = passed_through(use, use.mesh)
    if type(node) is not ast.Name:
        return "\x01"
    mesh = interp.eval(node, interp._static_frame(scopes))
    symbol = getattr(mesh, "symbol", None)
    return str(symbol) + ".axis_names[" if symbol is not None else "\x01"


def _specs(interp, use, node) -> list[Spec]:
    if node is None:
        return []
    node, scopes = passed_through(use, node)
    found: list[Spec] = []
    _collect(parse_spec(interp.scope, node, scopes) if node is not None else None, found)
    return found


def _place_fixes(interp, use, judged) -> None:
    """A cast spelling a symbol goes only where its root name reads the same binding (for a
    gather to reduced, also where the shard_map is called: its out_specs list the axes)."""
    for site, index in judged:
        verdict = interp.verdicts[site.key][index]
        cast = tuple(getattr(verdict, "cast", ()) or ())
        drop = tuple(getattr(verdict, "drop", ()) or ())  # SF107 rewrites the axes it keeps
        written = cast + tuple(axis for axis in site.axes if axis not in drop) if drop else cast
        symbols = [axis for axis in written if type(axis) is SymbolAxis]
        if verdict is None or not verdict.fixable or not symbols:
            continue
        places = []
        copied = not drop and cast == tuple(site.axes) and any(arg.value is site.axes_node for arg in call_args(site.call))
        if not copied:  # the consumer's own spelling of its axes is copied as it is
            places.append(site.function)
        if site.gathers_to_reduced:
            places.append(use.call_scopes[-1] if use.call_scopes else None)
        if all(_reads_root(interp, axis, place) for axis in symbols for place in places):
            continue
        names = ", ".join(axis.text for axis in symbols)
        interp.verdicts[site.key][index] = replace(verdict, fixable=False, rebind=None, note=f"`{names}` {_NOT_THERE}")


def _reads_root(interp, axis: SymbolAxis, place) -> bool:
    """`axis`'s root name, read in `place` (a function; None: the module), is the binding
    the symbol was read from."""
    kind, binder, name = axis.root
    if kind == "module":
        return place is None or not _binds(interp.scope, place, name)
    function = interp._sym_binders.get(binder)
    if function is None or place is None:
        return False
    if place is function:
        return True
    for node, scopes in iter_with_scopes(function):
        if node is place:
            return not any(_binds(interp.scope, step, name) for step in (*scopes, place) if step is not function)
    return False


def _pairs(found: set, left, right) -> None:
    for a in left:
        for b in right:
            if a != b:
                found.add(frozenset((a, b)))


def _collect(tree, found: list) -> None:
    if isinstance(tree, Spec):
        found.append(tree)
    elif isinstance(tree, tuple):
        for item in tree:
            _collect(item, found)
    elif isinstance(tree, dict):
        for item in tree.values():
            _collect(item, found)
    elif tree is not None and hasattr(tree, "args"):  # a NamedTuple of specs
        for item in tree.args:
            _collect(item, found)
        for _, item in tree.keywords:
            _collect(item, found)


def _binds(scope, function, name: str) -> bool:
    if isinstance(function, ast.Lambda):
        return any(arg.arg == name for arg in function.args.args + function.args.kwonlyargs + function.args.posonlyargs)
    return scope.locals_of(function).binds(name)
