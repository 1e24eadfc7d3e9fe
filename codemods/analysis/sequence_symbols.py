"""Symbols for tuples of axis names (symbols.py; issue 13).

`def main(x, axes=("data", "vocab"))` never called in the file, `AXES = tuple(os.environ.get(
"AXES", "dp,tp").split(","))`, `AXES = ARGS.axes.split(",")` of an argparse option with a str
default: the names are unknown, but the value is certainly a tuple or list of strs (kind
'strs'): a default that no call in the file contradicts (the rule symbols.py applies to a str
default), or what `str.split` returns (a list of strs, `tuple(...)`/`list(...)` of it the same
items). Its items `axes[0]`, `AXES[-1]` are then each one str (a symbol of kind 'str').

Its length is known where JAX fixes it: `jax.make_mesh(shape, axes)` with a literal `shape` of
n sizes raises unless `axes` has n names (run on jax 0.10.2: "Mesh requires the ndim of its
first argument ... to equal the length of its second argument"; a str is one name). So the mesh
such a call builds has the axes `axes[0]`, ..., `axes[n-1]` (the keys symbols.py gives those
reads), and a collective given the whole `axes` inside a shard_map over that mesh is given
exactly those names, in order (a tuple or list acts the same in psum/pmean, run). That holds
only where the mesh was built from the value the collective reads: the same binding (one key),
and no code changes a container in place (symbol_facts.items_unchanged: a list could grow
between the mesh and the trace). The items are distinct wherever the proof needs it for the
same reason as any two mesh names (shard_map rejects a mesh naming an axis twice). The same
holds for a group starred beside other names, `make_mesh((2, 4), (*seq_axes, "heads"))`: it
has the sizes the other names leave (one starred group only), and `(*seq_axes, "heads")` in
a collective is its items and that name. `mesh.axis_names` read from the very binding the
shard_map's `mesh=` reads is that mesh's axes (symbols.mesh_axis_names). Anything else about
such a symbol (its length elsewhere, `P(*axes)` outside a mesh it built) stays unknown.

A name bound once to a read of a symbol, or unpacked from it (`DATA, MODEL = AXES`, `*_, tp =
mesh.axis_names`), is that read's symbol (`AXES[0]`, `mesh.axis_names[-1]`): the statement ran
the read once, and the value read is the same at each read (symbols.py), so the two are one
value wherever both are met.
"""
from __future__ import annotations

import ast
from typing import Callable

_WRAPPERS = ("tuple", "list")


def str_literals(node: ast.expr | None) -> bool:
    """A tuple or list literal of str constants (at least one)."""
    return type(node) in (ast.Tuple, ast.List) and bool(node.elts) and all(
        type(item) is ast.Constant and isinstance(item.value, str) for item in node.elts)


def split_names(node: ast.expr, is_str: Callable[[ast.expr], bool]) -> bool:
    """`text.split(sep)` (also inside `tuple(...)`/`list(...)`) of an expression `is_str` proves
    a str: a list of strs, each item a str."""
    if type(node) is ast.Call and type(node.func) is ast.Name and node.func.id in _WRAPPERS \
            and len(node.args) == 1 and not node.keywords:
        node = node.args[0]
    if type(node) is not ast.Call or type(node.func) is not ast.Attribute or node.func.attr != "split" \
            or node.keywords or len(node.args) > 1 or any(type(arg) is not ast.Constant for arg in node.args):
        return False
    return is_str(node.func.value)


def mesh_items(node: ast.expr, count: int, tree: ast.Module, read: Callable[[ast.expr], object]):
    """The axes of `jax.make_mesh(shape, NODE)` with `count` literal sizes, and the (symbol,
    items) of each tuple symbol they hold, when NODE is such a symbol (`axes`) or a tuple
    display with one of them starred beside names (`(*seq_axes, "heads")`: it has the sizes
    the other names leave); else None. `read` reads an axis name where one is written."""
    from codemods.analysis.symbol_facts import items_unchanged

    starred = type(node) in (ast.Tuple, ast.List) and [item for item in node.elts if type(item) is ast.Starred]
    if count < 1 or starred and len(starred) != 1:
        return None
    names: list = []
    groups: list = []
    for item in (node.elts if starred else [node]):
        value = read(item.value if type(item) is ast.Starred else item)
        if type(item) is ast.Starred or not starred:
            if not getattr(value, "names", False):
                return None
            items = value.items(count - len(node.elts) + 1 if starred else count)
            groups.append((value, items))
            names.extend(items)
        elif isinstance(value, str):
            names.append(value)
        else:
            return None
    if len(names) != count or not items_unchanged(tree):
        return None
    return tuple(names), tuple(groups)


def group_items(mesh, value):
    """The items of the tuple symbol `value` reads, when the shard_map's mesh was built from it."""
    symbol = getattr(value, "symbol", None)
    if mesh is None or symbol is None:
        return None
    return next((items for group, items in mesh.groups if group == symbol), None)


def unpacked_items(symbol, block: list[ast.stmt], body: ast.AST | None):
    """The items of the tuple symbol `symbol` (a name bound in the block `block`) where a
    statement of that block unpacks it whole into names, `DP, TP = AXES`: it raised unless the
    value had that many items, and the shard_map body `body` is written after it, so the body
    exists (and runs) only once the statement has run. None otherwise."""
    if not getattr(symbol, "names", False) or body is None or not hasattr(body, "lineno"):
        return None
    name = symbol.text
    for stmt in block:
        if type(stmt) is ast.With:
            found = unpacked_items(symbol, stmt.body, body)
            if found is not None:
                return found
        if type(stmt) is not ast.Assign or len(stmt.targets) != 1 or type(stmt.value) is not ast.Name \
                or stmt.value.id != name or type(stmt.targets[0]) not in (ast.Tuple, ast.List):
            continue
        targets = stmt.targets[0].elts
        if targets and all(type(target) is ast.Name for target in targets) and body.lineno > stmt.end_lineno:
            return symbol.items(len(targets))
    return None


class SequenceSymbols:
    """Interpreter hooks for tuple symbols (symbols.Symbols supplies the rest)."""

    def unpacked_symbol(self, value, count: int):
        """`a, b = mesh.axis_names` run in a function the analysis follows: the items `[0]`,
        `[1]` of the symbol, as `a = mesh.axis_names[0]` would read them (the statement raised
        unless the value had `count` items; the value never changes, symbols.py). None when
        `value` is no symbol whose items are symbols."""
        from codemods.analysis.symbol_values import SymbolState, SymbolStatic

        if type(value) not in (SymbolState, SymbolStatic) or value.symbol is None:
            return None
        kind = self._sym_item_kind(value.kind)
        if kind is False:
            return None
        return [self._sym_made(value.plain() if type(value) is SymbolState else value,
                               self._sym_step(value.symbol, f"[{index!r}]", kind), kind) for index in range(count)]

    def mesh_axis_names(self, value):
        """`mesh.axis_names` of the very mesh this shard_map is given (the same binding), built
        from names the analysis reads as symbols: that mesh's axes (sequence_symbols.py)."""
        symbol = getattr(value, "symbol", None)
        if symbol is None or self.mesh is None or self.run is None:
            return None
        use = self.run.use
        if id(use) not in self._sym_mesh_keys:
            from codemods.analysis.symbol_proofs import mesh_names  # (symbol_proofs reads meshspec, which reads this)

            self._sym_mesh_keys[id(use)] = mesh_names(self, use)
        if str(symbol) + "[" == self._sym_mesh_keys[id(use)]:
            return self.mesh.axes
        from codemods.analysis.entry_meshes import factory_mesh  # (entry_meshes reads symbol_proofs)

        return self.mesh.axes if factory_mesh(self, use, symbol) else None  # `shard_map(make(mesh), mesh=mesh)`

    def unpacked_axis_names(self, value):
        """`AXES` where its block unpacks it whole before the body (sequence_symbols.py)."""
        return self._sym_unpacked(getattr(value, "symbol", None), self.run.use.body if self.run is not None else None)

    def _sym_unpacked(self, symbol, node):
        """The items of the tuple symbol `symbol` where its block unpacks it whole before `node`."""
        if symbol is None or node is None or not getattr(symbol, "names", False) or symbol.text != symbol.root[2]:
            return None
        kind, binder, _ = symbol.root
        function = self._sym_binders.get(binder) if kind == "function" else None
        block = self.scope.tree.body if kind == "module" else function.body if function is not None else None
        if block is None or function is not None and not any(found is node for found in ast.walk(function)):
            return None
        return unpacked_items(symbol, block, node)

    def _sym_spliced(self, expr: ast.Tuple, frame, value):
        """`(*seq_axes, "heads")` where the mesh was built from `seq_axes`: its items in place."""
        from codemods.analysis.symbol_values import SymbolStatic  # (values reads meshspec, which reads this)
        from codemods.analysis.values import TupleValue

        items = []
        for item in expr.elts:
            if type(item) is ast.Starred:
                found = group_items(self.mesh, self.eval(item.value, frame))
                if found is None:
                    return value
                items.extend(SymbolStatic(symbol=name, kind="str") for name in found)
            else:
                items.append(self.eval(item, frame))
        return TupleValue(tuple(items))
