"""Write codemods/jax_names.py: which public names each JAX module has, release by release, read
from the source of every JAX release (a git clone of github.com/jax-ml/jax with its tags) without
importing any of them.

    python benchmarks/jax_names.py GIT_DIR
    python benchmarks/jax_names.py GIT_DIR --check

For each module and release the module's `__init__.py` (or `.py`) is parsed and its top-level
bindings collected: imports, definitions and assignments, less what `del` removes; a name in the
module's `_deprecations` table is present while it still maps to an object (the deprecation
`__getattr__` returns it with a warning) and absent once it maps to None. What the parse cannot
be sure of is written as unknown, never as absent: names bound under a condition or in a `try`,
a submodule the module does not bind itself (present once anything imported it), and every name
of a module with a `__getattr__` of its own or a `from ... import *`.
`--check` compares the written table's answers for the newest release with the installed JAX
(which must be that release: `hasattr` on each name of `dir()` and of the table) and prints each
difference.
"""
from __future__ import annotations

import argparse
import ast
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from codemods.jaxapi import NEWEST_KNOWN  # noqa: E402 (the tables stop at the newest release checked)

OLDEST = (0, 4, 35)  # the oldest JAX the migration tables cover (docs/migrations.md)
MODULES = ("jax", "jax.lax", "jax.numpy", "jax.sharding", "jax.experimental", "jax.experimental.shard_map",
           "jax.random", "jax.tree_util", "jax.tree", "jax.nn", "jax.debug")


def releases(git: str) -> list[tuple[tuple[int, int, int], str]]:
    found = {}
    for tag in subprocess.run(["git", "-C", git, "tag"], capture_output=True, text=True, check=True).stdout.split():
        match = re.fullmatch(r"jax-v(\d+)\.(\d+)\.(\d+)", tag)  # (0.9.0.1, a rebuild, has 0.9.0's names)
        if match and OLDEST <= (version := tuple(int(part) for part in match.groups())) <= NEWEST_KNOWN:
            found[version] = tag
    return sorted(found.items())


def _show(git: str, tag: str, path: str) -> str | None:
    done = subprocess.run(["git", "-C", git, "show", f"{tag}:{path}"], capture_output=True, text=True)
    return done.stdout if done.returncode == 0 else None


def _submodules(git: str, tag: str, directory: str) -> set[str]:
    listing = subprocess.run(["git", "-C", git, "ls-tree", "--name-only", f"{tag}:{directory}"],
                             capture_output=True, text=True).stdout.split()
    return {entry[:-3] if entry.endswith(".py") else entry for entry in listing
            if entry.endswith(".py") and entry != "__init__.py" or "." not in entry}


def _type_checking(test: ast.expr) -> bool | None:
    """True for `if TYPE_CHECKING:`, False for `if not TYPE_CHECKING:`, else None."""
    negated = type(test) is ast.UnaryOp and type(test.op) is ast.Not
    inner = test.operand if negated else test
    named = inner.id if type(inner) is ast.Name else inner.attr if type(inner) is ast.Attribute else None
    return None if named != "TYPE_CHECKING" else not negated


class _Bindings:
    def __init__(self) -> None:
        self.sure: set[str] = set()
        self.unsure: set[str] = set()
        self.open = False  # names the parse cannot bound (a star import, a `__getattr__` of its own)
        self.deprecated: dict[str, bool] = {}  # name -> whether it still maps to an object
        self.deprecation_getattr = False

    def block(self, body: list[ast.stmt], sure: bool) -> None:
        for stmt in body:
            self.statement(stmt, sure)

    def bind(self, name: str, sure: bool) -> None:
        if sure:
            self.sure.add(name)
            self.unsure.discard(name)
        elif name not in self.sure:  # (a conditional rebinding keeps a name bound before)
            self.unsure.add(name)

    def statement(self, stmt: ast.stmt, sure: bool) -> None:
        kind = type(stmt)
        if kind is ast.Import:
            for alias in stmt.names:
                self.bind(alias.asname or alias.name.partition(".")[0], sure)
        elif kind is ast.ImportFrom:
            for alias in stmt.names:
                if alias.name == "*":
                    self.open = True
                else:
                    self.bind(alias.asname or alias.name, sure)
        elif kind in (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef):
            self.bind(stmt.name, sure)
        elif kind in (ast.Assign, ast.AnnAssign, ast.AugAssign):
            targets = stmt.targets if kind is ast.Assign else [stmt.target]
            for target in targets:
                for node in ast.walk(target):
                    if type(node) is ast.Name:
                        self.bind(node.id, sure)
            if kind is ast.Assign and any(type(t) is ast.Name and t.id == "_deprecations" for t in targets):
                self.deprecations(stmt.value)
            if any(type(t) is ast.Name and t.id == "__getattr__" for t in targets):
                self.deprecation_getattr = type(stmt.value) is ast.Call and "_deprecations" in ast.unparse(stmt.value)
                self.open = self.open or not self.deprecation_getattr
        elif kind is ast.Delete:
            for target in stmt.targets:
                if type(target) is ast.Name and sure:
                    self.sure.discard(target.id)
                    self.unsure.discard(target.id)
                elif type(target) is ast.Name and target.id in self.sure:  # (deleted under a condition)
                    self.sure.discard(target.id)
                    self.unsure.add(target.id)
        elif kind is ast.If:
            checking = _type_checking(stmt.test)
            if checking is None:
                self.block(stmt.body, False)
                self.block(stmt.orelse, False)
            else:
                self.block(stmt.orelse if checking else stmt.body, sure)
        elif kind is ast.Try:
            for part in (stmt.body, *(handler.body for handler in stmt.handlers), stmt.orelse):
                self.block(part, False)
            self.block(stmt.finalbody, sure)
        elif kind in (ast.With, ast.For, ast.While):
            self.block(stmt.body, False)
        if kind is ast.FunctionDef and stmt.name == "__getattr__":
            self.open = True

    def deprecations(self, value: ast.expr) -> None:
        if type(value) is not ast.Dict:
            self.open = True
            return
        for key, entry in zip(value.keys, value.values):
            if type(key) is not ast.Constant or type(entry) is not ast.Tuple or len(entry.elts) != 2:
                self.open = True
                continue
            self.deprecated[key.value] = not (type(entry.elts[1]) is ast.Constant and entry.elts[1].value is None)


def module_names(git: str, tag: str, module: str) -> tuple[set[str], set[str], bool] | None:
    """(present names, unknown names, open) of `module` at `tag`; None when it does not exist."""
    path = module.replace(".", "/")
    text, package = _show(git, tag, f"{path}/__init__.py"), True
    if text is None:
        text, package = _show(git, tag, f"{path}.py"), False
    if text is None:
        return None
    bindings = _Bindings()
    bindings.block(ast.parse(text).body, True)
    present = {name for name in bindings.sure if not name.startswith("_")}
    unknown = {name for name in bindings.unsure if not name.startswith("_")} - present
    for name, kept in bindings.deprecated.items():
        if bindings.deprecation_getattr and not name.startswith("_") and name not in bindings.sure:
            if kept:  # (the deprecation `__getattr__` returns it, with a warning)
                present.add(name)
            unknown.discard(name)
    if package:  # (a submodule it does not bind: present once anything imported it)
        unknown |= {name for name in _submodules(git, tag, path) if not name.startswith("_")} - present
    return present, unknown, bindings.open


def _ranges(versions: list[tuple], held: list[bool]) -> str:
    """Half-open ranges `a-b` (a <= v < b; `a-` open-ended) of the versions where `held`."""
    parts, start = [], None
    for version, value in zip(versions + [None], held + [False]):
        if value and start is None:
            start = version
        elif not value and start is not None:
            parts.append(f"{_text(start)}-{_text(version) if version else ''}")
            start = None
    return ",".join(parts)


def _text(version: tuple) -> str:
    return ".".join(str(part) for part in version)


def table(git: str) -> dict:
    tags = releases(git)
    versions = [version for version, _ in tags]
    data = {}
    for module in MODULES:
        per = [module_names(git, tag, module) for _, tag in tags]
        exists = [entry is not None for entry in per]
        names = sorted(set().union(*(entry[0] | entry[1] for entry in per if entry)))
        always, changed, unknown = [], {}, {}
        for name in names:
            present = [entry is not None and name in entry[0] for entry in per]
            unsure = [entry is not None and name in entry[1] for entry in per]
            if all(present):
                always.append(name)
            elif any(present):
                changed[name] = _ranges(versions, present)
            if any(unsure):
                unknown[name] = _ranges(versions, unsure)
        data[module] = {"exists": _ranges(versions, exists), "open": _ranges(versions, [bool(e and e[2]) for e in per]),
                        "always": always, "changed": changed, "unknown": unknown}
    return {"releases": [_text(version) for version in versions], "modules": data}


def _wrapped(names: list[str], indent: str) -> list[str]:
    lines, line = [], ""
    for name in names:
        if len(indent) + len(line) + len(name) + 1 > 112:
            lines.append(indent + line.rstrip())
            line = ""
        line += name + " "
    return lines + ([indent + line.rstrip()] if line else [])


def write(data: dict, out: Path) -> None:
    lines = ['"""Which public names each JAX module has, release by release: written by',
             "benchmarks/jax_names.py from the source of every JAX release from 0.4.35 (never by hand; run it",
             "again for a new release). Read by codemods/analysis/library_members.py.",
             "",
             "Per module: `exists` and `open` (a module whose names the source does not bound: only presence",
             "is known) are version ranges; `always` names are present in every release; `changed` maps",
             "ranges to the names present in those ranges only; `unknown` maps ranges to names (a submodule",
             "the module does not import itself, a name bound under a condition) neither present nor absent",
             "there. Ranges `a-b` hold for a <= version < b (`a-`: from a on), several joined by commas.",
             'Names starting with an underscore are left out (unknown)."""',
             "",
             f"RELEASES = {tuple(data['releases'])!r}",
             "",
             "MODULES: dict[str, dict] = {"]
    for module, entry in data["modules"].items():
        lines.append(f"    {module!r}: {{")
        lines.append(f"        'exists': {entry['exists']!r}, 'open': {entry['open']!r},")
        lines.append("        'always': '''")
        lines.extend(_wrapped(entry["always"], "            "))
        lines.append("        ''',")
        for field in ("changed", "unknown"):  # (grouped by ranges: ranges -> the names they hold for)
            grouped: dict[str, list[str]] = {}
            for name, ranges in entry[field].items():
                grouped.setdefault(ranges, []).append(name)
            lines.append(f"        {field!r}: {{")
            for ranges, names in sorted(grouped.items()):
                text = " ".join(names)
                if len(text) <= 80 - len(ranges):
                    lines.append(f"            {ranges!r}: {text!r},")
                else:
                    lines.append(f"            {ranges!r}: '''")
                    lines.extend(_wrapped(names, "                "))
                    lines.append("            ''',")
            lines.append("        },")
        lines.append("    },")
    lines.append("}")
    out.write_text("\n".join(lines) + "\n", encoding="utf-8")


def check() -> int:
    """codemods/jax_names.py's answers for the newest release against the installed JAX (which
    must be that release): each difference printed."""
    import importlib
    import warnings

    from codemods import jax_names
    from codemods.jaxapi import module_has, parse_version

    newest = parse_version(jax_names.RELEASES[-1])
    differences = 0
    warnings.simplefilter("ignore")
    for module, entry in jax_names.MODULES.items():
        real = importlib.import_module(module)
        listed = set(entry["always"].split()) | {name for field in ("changed", "unknown")
                                                for names in entry[field].values() for name in names.split()}
        for name in sorted({name for name in dir(real) if not name.startswith("_")} | listed):
            said = module_has(module, name, newest)
            if said is not None and said != hasattr(real, name):
                print(f"{module}.{name}: the table says {said}, the installed JAX {not said}")
                differences += 1
    return differences


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("git")
    parser.add_argument("--check", action="store_true")
    args = parser.parse_args()
    if args.check:
        return 1 if check() else 0
    write(table(args.git), ROOT / "codemods" / "jax_names.py")
    return 0


if __name__ == "__main__":
    sys.exit(main())
