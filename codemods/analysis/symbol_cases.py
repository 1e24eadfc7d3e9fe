"""A symbol beside a concrete mesh, decided case by case (issue 13).

`def main(x, axis: str = "data")` nobody calls, `args.axis`, `os.environ.get("AXIS", "dp")`
used in a shard_map whose mesh is written in the file (`jax.make_mesh((2, 4), ("data",
"model"))`): symbols.py can prove nothing when the symbol meets the mesh's own names, so the
sites that read it are withdrawn. Yet the symbol is certainly one str, and JAX rejects a
collective (psum, all_gather, pcast, axis_index, ...) over a name no enclosing map binds, and a
PartitionSpec of in_specs/out_specs naming an axis the mesh lacks (run on jax 0.10.2). So in
every run of the program that reaches those places the symbol IS one of the mesh's names.
The use is analysed once per possible value (each split symbol bound to one mesh name, every
combination; at most 4 names and 2 symbols), and a site keeps a verdict only when every case
gives it the same one (the interpreter's own agreement: each case is one more run of the site's
function, so a site some case does not reach, or judges otherwise, yields nothing).

Why this is sound. Each case is the analysis of the program with a literal where the symbol
is, as certain as any other analysis of literal names: its verdict at a site is the error JAX
raises there for that value (or, in a later round, the round it first raises in). A value that
is not a name of the mesh makes the program raise at the first spec or collective that names
the symbol, whatever the rest does: no run with such a value reaches a body where the symbol's
collective is judged against the mesh, so it is not a value the body can be run with, and a
finding in the body is about the values it can run with, which are exactly the cases. A
finding kept holds for each of them at the same line with the same rule and JAX error. Which
line raises first is each case's own question (the interpreter judges a run's sites in order,
as for literals), so a case that fails elsewhere first yields a different verdict list and the
site is not kept unless that failure is also certain in every case. Only symbols that are
certainly one str are split (a symbol that may be a tuple of names acts on axes nobody can
list), only in uses whose mesh is a literal list of plain names, and not in a file that names
vmap/pmap/xmap (an axis_name they bind would be a name outside the mesh that a collective may
use). A fix is kept only when every case asks for the same cast once each case's name is spelled
as the symbol (`pcast(x, axis, to='varying')`), no output spec changes and symbol_proofs places
it; otherwise the finding is reported without a fix.
"""
from __future__ import annotations

import itertools
from dataclasses import replace

from codemods.analysis.symbol_values import SymbolAxis

MAX_NAMES = 4
MAX_SYMBOLS = 2
_MAPS = ("vmap", "pmap", "xmap")


def may_split(interp, use) -> bool:
    """Whether a use could be split at all, known before it runs (a file that names vmap, pmap
    or xmap, as jax's own tests do, pays nothing)."""
    if use.mesh is None or getattr(interp, "loop_binding", None) is not None \
            or getattr(interp, "caller_binding", None) is not None:
        return False  # (a use already analysed per loop item or per call: not split again)
    allowed = interp.__dict__.get("_sym_case_file")
    if allowed is None:
        source = interp.scope.source
        allowed = interp._sym_case_file = source is not None and not any(word in source for word in _MAPS)
    return allowed


def candidates(interp, run, names) -> list[SymbolAxis] | None:
    """The symbols to split the use over (None: not split)."""
    mesh = run.mesh
    if mesh is None or mesh.groups or not mesh.axes or len(mesh.axes) > MAX_NAMES \
            or any(type(axis) is not str for axis in mesh.axes) or len(set(mesh.axes)) != len(mesh.axes):
        return None
    symbols = sorted({name for name in names if type(name) is SymbolAxis}, key=str)
    if not symbols or len(symbols) > MAX_SYMBOLS or not all(symbol.typed and not symbol.names for symbol in symbols):
        return None
    return symbols


def run_case(interp, attribute: str, case, one_case):
    """(one_case()'s run, the first and past-the-last slot it judged) with `interp.<attribute>`
    set to `case` while it runs; names read from the text depend on the case, so the static
    reads are dropped before and after."""
    setattr(interp, attribute, case)
    interp._static.clear()
    start = len(interp.slots)
    try:
        run = one_case()
    finally:
        setattr(interp, attribute, None)
        interp._static.clear()
    return run, start, len(interp.slots)


def analyse_cases(interp, use, symbols: list[SymbolAxis], mesh_axes: tuple[str, ...], distinct: set, one_case):
    """Run the use once per assignment of mesh names to `symbols` (`one_case()` analyses it with
    interp's case bound); afterwards spell each case's casts with the symbols and withhold the
    fix where the cases disagree on it. Returns the last run. An assignment that gives two
    names JAX requires distinct (`distinct`, symbol_proofs.py: two names one in_specs P shards,
    a sharded and a reduced name of one P, two names of the mesh) the same value is no case:
    JAX rejects the specs before the body runs, so no run of the body has those values."""
    run = None
    bounds = []
    for values in itertools.product(mesh_axes, repeat=len(symbols)):
        case = dict(zip(map(str, symbols), values))
        if any(_clash(pair, case) for pair in distinct):
            continue
        run, start, end = run_case(interp, "_sym_case", case, one_case)
        bounds.append((case, start, end))
    if run is None:
        return one_case()  # no value passes the specs: the symbols stay unknown
    _spell(interp, symbols, bounds, mesh_axes)
    return run


def _clash(pair: frozenset, case: dict) -> bool:
    """The two names of `pair` are the same name in this case."""
    a, b = (case.get(str(name), name) if type(name) is SymbolAxis else name for name in pair)
    return type(a) is str and type(b) is str and a == b  # (a symbol not split stays a SymbolAxis)


def snapshot(interp) -> tuple:
    return len(interp.slots), len(interp.sites), dict(interp.function_runs)


def rollback(interp, saved: tuple) -> None:
    """Forget what the symbolic run judged: its cases judge again. (Every verdict a run adds is
    appended with its slot, so the slots say where each list started.)"""
    slots, sites, runs = saved
    starts: dict[int, int] = {}
    for site, index in interp.slots[slots:]:
        starts[site.key] = min(index, starts.get(site.key, index))
    met_later = interp.__dict__.get("_met_later", set())  # (rounds.py: keys with a verdict list)
    for key, start in starts.items():
        if start == 0:
            del interp.verdicts[key]
            interp.site_nodes.pop(key, None)
            met_later.discard(key)
        else:
            del interp.verdicts[key][start:]
    del interp.slots[slots:]
    del interp.sites[sites:]
    interp.function_runs.clear()
    interp.function_runs.update(runs)


def _spell(interp, symbols, bounds, mesh_axes) -> None:
    """Each case's verdicts with its names spelled as the symbols (the site too, for the
    message); a fix only where every case asks for the same spelled cast."""
    by_key: dict[int, list[tuple[int, object]]] = {}
    displays: dict[int, list] = {}  # what each case's message would say, spelled
    for case, start, end in bounds:
        back = {value: next(symbol for symbol in symbols if str(symbol) == key) for key, value in case.items()}
        for site, index in interp.slots[start:end]:
            verdict = interp.verdicts[site.key][index]
            if verdict is None:
                continue
            changes = {"cast": _mapped(verdict.cast or (), back)}
            if hasattr(verdict, "drop"):
                changes["drop"] = _mapped(verdict.drop or (), back)
            if hasattr(verdict, "site"):
                changes["site"] = _renamed(verdict.site, back)
                displays.setdefault(site.key, []).append((changes["site"].axes, getattr(changes["site"].value, "named", None)))
            by_key.setdefault(site.key, []).append((index, replace(verdict, **changes)))
    shown = ", ".join(repr(axis) for axis in mesh_axes)
    texts = ", ".join(f"`{symbol.text}`" for symbol in symbols)
    note = f"it holds for every axis of the mesh {texts} can be ({shown}), but the cast each needs differs"
    for key, found in by_key.items():
        verdicts = [verdict for _, verdict in found]
        same = len({(v.cast, getattr(v, "drop", ()), v.rebind) for v in verdicts}) == 1 \
            and not any(getattr(v, "out_specs", ()) for v in verdicts)
        spelled = len({repr(item) for item in displays.get(key, ())}) <= 1
        for index, verdict in found:
            if not spelled:  # the states differ between cases (`pmean(loss, ("data", "model"))` of a
                # loss summed over the symbol): the message shows the first case as JAX sees it
                verdict = replace(verdict, site=interp.verdicts[key][index].site)
            if not same and verdict.fixable:
                changes = {"cast": verdicts[0].cast, "rebind": None, "fixable": False}
                if hasattr(verdict, "drop"):
                    changes["drop"] = getattr(verdicts[0], "drop", ())
                if hasattr(verdict, "note"):
                    changes["note"] = note
                verdict = replace(verdict, **changes)
            interp.verdicts[key][index] = verdict
    _veto_disagreeing(interp, bounds)


def _veto_disagreeing(interp, bounds) -> None:
    """A site some case judges otherwise, or does not reach: no other machinery may take one
    case's verdict for a call or a context of its own (repeated_calls.py, contexts.py)."""
    met: dict[int, list] = {}
    for number, (_, start, end) in enumerate(bounds):
        for site, index in interp.slots[start:end]:
            met.setdefault(site.key, []).append((number, interp.verdicts[site.key][index]))
    for key, found in met.items():
        first = found[0][1]
        if first is None or any(v is None or v.key() != first.key() for _, v in found) \
                or len({number for number, _ in found}) < len(bounds):
            interp.vetoed_sites.add(key)


def _renamed(site, back):
    value = site.value
    if hasattr(value, "named"):
        value = replace(value, named=tuple((back.get(axis, axis), state) for axis, state in value.named))
    return replace(site, axes=_mapped(site.axes, back), value=value)


def _mapped(axes, back) -> tuple:
    return tuple(back.get(axis, axis) if type(axis) is str else axis for axis in axes)
