"""Loop bodies that skip a round with `if test: continue` (axis names kept by a filter:
`for ax in mesh.axis_names: if mesh.shape[ax] == 1: continue; axes.append(ax)`), read as the
branches they are: `if test: pass else: <the rest of the body>`. Each round then runs as a
body without jumps (control.py unrolls loops over known items only when no round can jump)."""
from __future__ import annotations

import ast


def continues_as_branches(body: list[ast.stmt]) -> list[ast.stmt] | None:
    """The body with each `if test: continue` (no else, nothing else in the branch) at its top
    level turned into a branch around the statements after it; None when there is none."""
    for index, stmt in enumerate(body):
        if isinstance(stmt, ast.If) and not stmt.orelse and len(stmt.body) == 1 \
                and isinstance(stmt.body[0], ast.Continue):
            rest = continues_as_branches(body[index + 1:])
            rest = body[index + 1:] if rest is None else rest
            skip = ast.copy_location(ast.Pass(), stmt.body[0])
            branch = ast.copy_location(ast.If(test=stmt.test, body=[skip], orelse=rest), stmt)
            return body[:index] + [branch]
    return None
