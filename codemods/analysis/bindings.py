"""The binding table: which local name stands for which JAX object, from Python's `ast` or
from the text alone, and which JAX objects a module's code reaches through them.

Kept free of LibCST so the engine's filters (and a warm, cached run) never import it.
"""
from __future__ import annotations

import ast
import re
from functools import lru_cache

from codemods import jaxapi


def resolve_dotted(bindings: dict[str, str | None], name: str, shadowed: frozenset[str] = frozenset()) -> str | None:
    head, _, rest = name.partition(".")
    if head in shadowed or head not in bindings:
        return None
    base = bindings[head]
    if base is None:
        return None
    return jaxapi.canonical(f"{base}.{rest}" if rest else base)


# The binding table is computed on Python's `ast`, about ten times cheaper than LibCST: the
# engine uses it to skip LibCST entirely for files that reference no API a rule looks at.

def ast_dotted(node: ast.expr) -> str | None:
    """`a.b.c` in an `ast` tree -> 'a.b.c'; anything but names and attributes -> None."""
    parts = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if not isinstance(node, ast.Name):
        return None
    parts.append(node.id)
    return ".".join(reversed(parts))


def bindings_of(tree: ast.Module) -> dict[str, str | None]:
    """Local name -> canonical dotted name (None: bound to something that is not an import).

    Module-level statements are read in order, into if/try blocks (import shims: the first
    import of a name wins, and a fallback like `shard_map = None` in an except block does not
    undo it); a module-level def, class or non-alias assignment makes the name local, so a
    user's own `def pvary` is never mistaken for JAX's and `P = ParamSpec("P")` is no spec.
    Imports inside functions count for names the module level leaves unbound.
    """
    cached = getattr(tree, "_shardfix_bindings", None)
    if cached is not None:  # the engine's filters and the rules' import table share one tree
        return cached
    bindings: dict[str, str | None] = {}
    seen: set[int] = set()
    for stmt, in_handler in _module_statements(tree.body, False):
        seen.add(id(stmt))
        if isinstance(stmt, (ast.Import, ast.ImportFrom)):
            _bind_import(bindings, stmt)
        elif isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            bindings[stmt.name] = None
        elif isinstance(stmt, ast.Assign):
            alias = None
            if isinstance(stmt.value, (ast.Name, ast.Attribute)):
                dotted_value = ast_dotted(stmt.value)
                alias = resolve_dotted(bindings, dotted_value) if dotted_value else None
            for target in stmt.targets:
                if isinstance(target, ast.Name) and not (in_handler and alias is None and bindings.get(target.id)):
                    bindings[target.id] = alias
    module_level = set(bindings)
    for node in _nested_statements(tree.body):
        if isinstance(node, (ast.Import, ast.ImportFrom)) and id(node) not in seen:
            _bind_import(bindings, node, only_new=True)
    tree._shardfix_bindings = bindings
    tree._shardfix_nested_only = frozenset(set(bindings) - module_level)
    return bindings


def nested_only_names(tree: ast.Module) -> frozenset[str]:
    """Names `bindings_of` took from imports inside functions (or classes) only: they are bound
    where those imports are written, not in the rest of the module."""
    bindings_of(tree)
    return tree._shardfix_nested_only


def _bind_import(bindings: dict[str, str | None], node: ast.Import | ast.ImportFrom, only_new: bool = False) -> None:
    def bind(name: str, target: str) -> None:
        if name not in bindings or (not only_new and bindings[name] is None):
            bindings[name] = jaxapi.canonical(target)

    if isinstance(node, ast.Import):
        for alias in node.names:
            if alias.asname:
                bind(alias.asname, alias.name)
            else:
                head = alias.name.split(".")[0]
                bind(head, head)
    elif not node.level and node.module:
        for alias in node.names:
            if alias.name != "*":
                bind(alias.asname or alias.name, f"{node.module}.{alias.name}")


def _nested_statements(body: list[ast.stmt]):
    """Every statement at any depth; expressions are not entered (imports are statements, and
    a module has far fewer statements than nodes)."""
    pending = list(body)
    while pending:
        stmt = pending.pop()
        yield stmt
        for block in ("body", "orelse", "finalbody"):
            inner = getattr(stmt, block, None)
            if isinstance(inner, list):
                pending.extend(inner)
        for handler in getattr(stmt, "handlers", ()):
            pending.extend(handler.body)
        for case in getattr(stmt, "cases", ()):
            pending.extend(case.body)


def _module_statements(body: list[ast.stmt], in_handler: bool):
    """Module-level statements in source order, into if/try/with blocks."""
    for stmt in body:
        yield stmt, in_handler
        if isinstance(stmt, (ast.If, ast.Try, ast.With)):
            yield from _module_statements(stmt.body, in_handler)
            for handler in getattr(stmt, "handlers", []):
                yield from _module_statements(handler.body, True)
            yield from _module_statements(getattr(stmt, "orelse", []), in_handler)
            yield from _module_statements(getattr(stmt, "finalbody", []), in_handler)


# Each anchored at a line start. They are searched in the text with a newline put in front, as
# "\n" + the pattern without `^`: a pattern that starts with a literal lets the regex engine jump
# from newline to newline instead of trying every position (three times faster on large files).
_IMPORT = re.compile(r"^[ \t]*import[ \t]+([^\n#;]+)", re.MULTILINE)
_FROM_IMPORT = re.compile(r"^[ \t]*from[ \t]+([\w.]+)[ \t]+import[ \t]+(\([^)]*\)|[^\n#;]+)", re.MULTILINE)
_ALIAS = re.compile(r"^([A-Za-z_]\w*)[ \t]*=[ \t]*([A-Za-z_][\w.]*)[ \t]*(?:#.*)?$", re.MULTILINE)
_IMPORT_AFTER_NEWLINE, _FROM_IMPORT_AFTER_NEWLINE, _ALIAS_AFTER_NEWLINE = (
    re.compile("\n" + pattern.pattern[1:], re.MULTILINE) for pattern in (_IMPORT, _FROM_IMPORT, _ALIAS)
)


def quick_bindings(text: str) -> dict[str, str | None]:
    """The import table from the text alone, without parsing: a superset of `bindings_of`.

    Every import line counts and nothing shadows, so a chain `bindings_of` resolves is
    resolved here too; it decides cheaply which files are worth parsing at all.
    """
    bindings: dict[str, str | None] = {}
    # Every line start, the first one included, follows a newline; so does one after an old Mac
    # line end ("\r"), which the patterns would not see as one.
    lines = "\n" + (text.replace("\r", "\n") if "\r" in text else text)
    for match in _IMPORT_AFTER_NEWLINE.finditer(lines):
        for item in match.group(1).split(","):
            words = item.split()
            if len(words) == 3 and words[1] == "as":
                bindings.setdefault(words[2], jaxapi.canonical(words[0]))
            elif len(words) == 1:
                head = words[0].split(".")[0]
                bindings.setdefault(head, head)
    for match in _FROM_IMPORT_AFTER_NEWLINE.finditer(lines):
        module = match.group(1)
        if module.startswith("."):
            continue
        names = re.sub(r"#[^\n]*", "", match.group(2)).strip("()\\ \t\n")
        for item in names.split(","):
            words = item.split()
            if len(words) == 3 and words[1] == "as":
                bindings.setdefault(words[2], jaxapi.canonical(f"{module}.{words[0]}"))
            elif len(words) == 1 and words[0] != "*":
                bindings.setdefault(words[0], jaxapi.canonical(f"{module}.{words[0]}"))
    for match in _ALIAS_AFTER_NEWLINE.finditer(lines):
        resolved = resolve_dotted(bindings, match.group(2))
        if resolved:
            bindings.setdefault(match.group(1), resolved)
    return bindings


_PART = re.compile(r"\s*\)*\s*\.\s*([A-Za-z_][A-Za-z0-9_]*)")
# The `_PART`s that follow a name, captured without consuming them (a name inside a chain may
# start a chain of its own: `jax. lax` holds `lax` too).
_TAIL = r"(?=((?:\s*\)*\s*\.\s*[A-Za-z_][A-Za-z0-9_]*)*))"
_IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_WORD = re.compile(r"\w+")
# Above this many names one combined pattern beats a fast literal search per name.
_SEPARATE_SEARCH_LIMIT = 12


def referenced_apis(text: str, bindings: dict[str, str | None], wanted: frozenset[str] | None = None) -> set[str]:
    """Canonical names of the name and attribute chains in `text` that start with a bound name;
    with `wanted`, only those of them in `wanted` (what a filter needs, found much faster).

    A regular expression over the text, not a walk of the syntax tree (many times cheaper). It
    finds every chain the code holds, whitespace, line breaks and a parenthesised receiver
    (`(jax.lax).psum`) included; what it also finds in comments and strings only costs a parse.
    """
    heads = [name for name, target in bindings.items() if target is not None]
    if not heads:
        return set()
    words = [name for name in heads if _WORD.fullmatch(name)]
    others = [name for name in heads if not _WORD.fullmatch(name)]
    if any(_WORD.search(name) for name in others):
        # A name like `b.c` (from text such as `from a import b.c`) can overlap a word's match:
        # only the scan of every name at once finds what it finds.
        found = _scan(text, bindings, heads)
        return found if wanted is None else found & wanted
    if wanted is not None:
        # Names whose import cannot lead into `wanted` are not searched for at all.
        prefixes = _dotted_prefixes(wanted)
        words = [name for name in words if bindings[name] in prefixes]
        others = [name for name in others if bindings.get(name.partition(".")[0]) in prefixes]
    # A match of a name made of words is a whole word, one of the others holds no word
    # character: matches of the two kinds never overlap, so each kind is searched on its own.
    found = _scan(text, bindings, others) if others else set()
    if len(words) > _SEPARATE_SEARCH_LIMIT:
        chains = set(_combined_pattern(tuple(sorted(words))).findall(text))
    else:
        chains = {(name, tail) for name in words for tail in set(_word_pattern(name).findall(text))}
    for name, tail in chains:
        resolved = resolve_dotted(bindings, name)
        if resolved:
            found.add(resolved)
        for part in _IDENTIFIER.findall(tail):
            name = f"{name}.{part}"
            resolved = resolve_dotted(bindings, name)
            if resolved:
                found.add(resolved)
    return found if wanted is None else found & wanted


def _scan(text: str, bindings: dict[str, str | None], heads: list[str]) -> set[str]:
    """Every chain, by one alternation of all `heads` (the longest first)."""
    found: set[str] = set()
    chain_start = re.compile(r"(?<![\w.])(" + "|".join(re.escape(h) for h in sorted(heads, key=len, reverse=True))
                             + r")\b")
    for match in chain_start.finditer(text):
        name = match.group(1)
        resolved = resolve_dotted(bindings, name)
        if resolved:
            found.add(resolved)
        position = match.end()
        while True:
            part = _PART.match(text, position)
            if part is None:
                break
            name = f"{name}.{part.group(1)}"
            position = part.end()
            resolved = resolve_dotted(bindings, name)
            if resolved:
                found.add(resolved)
    return found


@lru_cache(maxsize=1024)
def _word_pattern(name: str) -> re.Pattern[str]:
    """`name` as a whole word not after a dot, and the chain after it. The pattern starts with
    the literal name, which the regex engine finds by a fast search; the look-behind (which
    sees the character in front of the name) comes after it for that reason."""
    escaped = re.escape(name)
    return re.compile(escaped + r"(?<![\w.]" + escaped + r")(?!\w)" + _TAIL)


@lru_cache(maxsize=64)
def _combined_pattern(names: tuple[str, ...]) -> re.Pattern[str]:
    """All `names` (words) in one pattern, as a trie: one try per position, not one per name."""
    return re.compile(r"(?<![\w.])(" + _trie(names) + r")(?!\w)" + _TAIL)


def _trie(names) -> str:
    tree: dict = {}
    for name in names:
        node = tree
        for char in name:
            node = node.setdefault(char, {})
        node[""] = {}

    def alternation(node: dict) -> str:
        branches = [re.escape(char) + alternation(child) for char, child in sorted(node.items()) if char]
        if not branches:
            return ""
        body = branches[0] if len(branches) == 1 else "(?:" + "|".join(branches) + ")"
        return f"(?:{body})?" if "" in node else body

    return alternation(tree)


@lru_cache(maxsize=16)  # jaxapi's tables are complete once it is imported
def _dotted_prefixes(wanted: frozenset[str]) -> frozenset[str]:
    """Every name an import must be bound to for one of its chains to resolve into `wanted`:
    the spellings of `wanted` and their dotted prefixes (`jax`, `jax.lax` for `jax.lax.psum`)."""
    prefixes = set()
    for spelling in jaxapi.spellings(wanted):
        parts = spelling.split(".")
        prefixes.update(".".join(parts[:end]) for end in range(1, len(parts) + 1))
    return frozenset(prefixes)
