"""Which names stand for shard_map without spelling it: `smap = jax.shard_map`, a mapper
`m = jax.shard_map(mesh=...)`, a function that passes its own parameter (or a `partial` of it) to
shard_map, found over the statements the module scope reads, round by round as statements that
name a newly found name join (scopes.py).

It exists apart from scopes.py (the module's bindings and lookups) because finding the spellings
is a fixed point over the facts of the statements read (root_facts.py), indexed once: a new way
of handing shard_map on touches only this."""
from __future__ import annotations

from codemods.analysis.root_facts import RootFacts
from codemods.analysis.nodes import FunctionDef, all_param_names

MAX_FORWARDING_DEPTH = 4  # functions a body or a mapper is followed through


class Spellings:
    """The assignments and calls of the statements read so far (RootFacts), indexed by each name
    they spell, with each function's parameters: a widening round adds only the facts of the
    statements that joined (its statements are a superset of the round before's), instead of
    indexing every statement again. The names found depend on the set of facts, not their order."""

    def __init__(self) -> None:
        self.items: list[tuple] = []  # (names assigned,) or (names passed, defs around)
        self.spelling: dict[str, list[int]] = {}  # name -> the items spelling it
        self.params: dict[int, frozenset[str]] = {}  # each function's parameters, read once
        self._read: set[int] = set()  # the RootFacts indexed

    def of(self, facts: list[RootFacts]) -> Spellings:
        """Indexed with `facts` (all of them, and nothing else)."""
        wanted = {id(read) for read in facts}
        if not self._read <= wanted:  # not a superset of what is indexed: anew
            self.__init__()
        items, spelling = self.items, self.spelling
        for read in facts:
            if id(read) in self._read:
                continue
            self._read.add(id(read))
            for assigned, spelled in read.assigns:
                index = len(items)
                items.append((assigned,))
                for name in spelled:
                    spelling.setdefault(name, []).append(index)
            for spelled, passed, scopes in read.calls:
                index = len(items)
                items.append((passed, scopes))
                for name in spelled:
                    spelling.setdefault(name, []).append(index)
        return self

    def params_of(self, function: FunctionDef) -> frozenset[str]:
        found = self.params.get(id(function))
        if found is None:
            found = self.params[id(function)] = frozenset(all_param_names(function.args))
        return found


def indirect_names(spellings: Spellings, words: frozenset[str]) -> frozenset[str]:
    """Names assigned an expression that names one of `words` (or a name found so), and
    functions that pass one of their own parameters (or `partial` of it) to a call of one of
    them: a body handed on through several functions (`build(fn)` -> `wrap(fn, mesh)`)."""
    items, spelling, params_of = spellings.items, spellings.spelling, spellings.params_of
    found: set[str] = set()
    # Each round looks only at what spells a name the round before found (what spells an older
    # one matched then), from the index of each spelled name to the assignments and calls.
    matched: set[int] = set()
    frontier: set[str] | frozenset[str] = words
    for _ in range(MAX_FORWARDING_DEPTH):
        more: set[str] = set()
        for name in frontier:
            for index in spelling.get(name, ()):
                if index in matched:
                    continue
                matched.add(index)
                item = items[index]
                if len(item) == 1:
                    more.update(item[0])
                else:
                    passed, scopes = item
                    more.update(function.name for function in scopes if not params_of(function).isdisjoint(passed))
        more -= words | found
        if not more:
            break
        found |= more
        frontier = more
    return frozenset(found)

