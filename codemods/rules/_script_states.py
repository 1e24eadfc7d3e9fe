"""The state rules' findings from a state run (analysis/state_runs.py): the first operation JAX
rejects inside a shard_map body when the module runs from its `if __name__ == "__main__":` block,
reported by the rule of its kind at that line when the rule's own reading of the code found
nothing there. No fix: the states were read by running the code (through whatever configuration
chose the axes and specs), not from the text a rewrite would change."""
from __future__ import annotations

from collections.abc import Iterator

from codemods.analysis.state_runs import state_stop
from codemods.context import FileContext
from codemods.model import Finding
from codemods.rules import _typerules as tr
from codemods.rules._diagnosis import Judge, Kind, Problem

_HOW = "found by running the script from its `if __name__ == \"__main__\":` block"


def stopped_at(ctx: FileContext) -> Problem | None:
    """The problem the state run stopped at (shared by every state rule)."""
    stop = state_stop(ctx, Judge(ctx.target))
    return stop.problem if stop is not None else None


def script_state_findings(ctx: FileContext, code: str, kind: Kind, seen_lines: set[int]) -> list[Finding]:
    problem = stopped_at(ctx)
    if problem is None or problem.kind is not kind:
        return []
    site = problem.site
    span = ctx.span(site.call)
    if span.line in seen_lines:
        return []
    if kind is Kind.REDUCED_WITH_REPLICATED:
        reduced = tuple(axis for axis, state in site.value.named if state.value == "reduced")
        operation = _operation(ctx, site)
        message = (f"{operation} combines `{tr.arg_display(ctx, problem)}`, which is "
                   f"{tr.state_text(site.value, reduced)}, with {site.partner}: JAX raises \"{problem.error}\" "
                   f"({_HOW}); compute it before the value becomes reduced, or keep the value varying")
        evidence = ((f"`{tr.arg_display(ctx, problem)}`", tr.state_text(site.value, reduced)),
                    (operation, f"with {site.partner}"), ("how", _HOW))
        return [Finding(code, message, span, None, evidence)]
    message = (f"{tr.consumer_display(problem)} over {tr.axes_display(site.axes)} of `{tr.arg_display(ctx, problem)}`, "
               f"which is {tr.state_text(site.value, site.axes)}: JAX raises \"{problem.error}\" ({_HOW})")
    if problem.cast:
        message += f"; pcast it to varying on {tr.axes_display(problem.cast)} first"
    return [Finding(code, message, span, None, (*tr.evidence(ctx, problem), ("how", _HOW)))]


def _operation(ctx: FileContext, site) -> str:
    if site.transfer is not None:  # pmean
        return f"{site.short_name}(...) over {tr.axes_display(site.axes)}"
    text = " ".join(ctx.text(site.call).split())
    return f"`{text}`" if len(text) <= 60 else f"`{text[:57]}...`"


def with_script_states(ctx: FileContext, code: str, kind: Kind, read) -> Iterator[Finding]:
    """A state rule's findings from its reading of the code, then the script run's of that kind
    on any other line (what running the script shows)."""
    lines = set()
    for finding in read:  # (a body line that raises whenever traced, even where this script's call fails first)
        lines.add(finding.span.line)
        yield finding
    yield from script_state_findings(ctx, code, kind, lines)
