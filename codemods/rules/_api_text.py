"""How the SF2xx fixes spell JAX names and write replacement text in the module being fixed:
through the module's own imports where it has them, else with an added `import jax`."""
from __future__ import annotations

import ast
import re

from codemods.context import FileContext
from codemods.imports import module_level_names
from codemods.model import Edit
from codemods.spelling import add_import_jax

API = re.compile(r"<([\w.]+)>")


def spell(ctx: FileContext, dotted: str) -> tuple[str, list[Edit]]:
    """Source text naming the JAX object `dotted` the way this module imports it (the longest
    module-level binding of it or of one of its parents), and the import edits that needs."""
    module_level = ctx.cached("spelling:module-level", lambda: module_level_names(ctx.tree))
    parts = dotted.split(".")
    for size in range(len(parts), 0, -1):
        prefix = ".".join(parts[:size])
        for local, bound in ctx.imports.bindings.items():
            if bound == prefix and local in module_level:
                return ".".join([local, *parts[size:]]), []
    return dotted, [add_import_jax(ctx)]


def render(ctx: FileContext, template: str, args: tuple[str, ...] = (), quote: str = "'", axes: str = "") -> tuple[str, list[Edit]]:
    edits: list[Edit] = []

    def api(match: re.Match) -> str:
        text, needed = spell(ctx, match.group(1))
        edits.extend(e for e in needed if e not in edits)
        return text

    text = API.sub(api, template)
    text = text.replace("{q}", quote).replace("{n}", axes)
    for index, arg in enumerate(args):
        text = text.replace(f"{{{index}}}", arg)
    return text, edits


def quote_in(ctx: FileContext, within: ast.AST) -> str:
    """The quote character of the first string literal in `within` (`'` when there is none)."""
    for node in ast.walk(within):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            first = ctx.text(node)[:1]
            if first in ("'", '"'):
                return first
    return "'"


def template_name(template: str) -> str:
    """The JAX name a replacement template writes (`<jax.shard_map>` -> `jax.shard_map`)."""
    found = API.fullmatch(template)
    return found.group(1) if found else ""
