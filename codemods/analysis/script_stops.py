"""Running the module as a script to its first gather JAX rejects (script_run.py; issue 13):
the run, made again under trial device counts when it stopped on the unknown one
(device_counts.py)."""
from __future__ import annotations

import ast

from codemods.analysis import caught_stops
from codemods.analysis.device_counts import outcome, over_counts, same_stop, set_count
from codemods.analysis.host_exprs import Break, Continue, Raised, Return
from codemods.analysis.host_objects import Bail
from codemods.analysis.released_runs import released
from codemods.analysis.script_run import ScriptRun
from codemods.analysis.script_values import GatherStop
from codemods.analysis.unknown_choices import over_choices, set_plan


def has_main(tree: ast.Module) -> bool:
    return any(type(stmt) is ast.If and any(type(n) is ast.Constant and n.value == "__main__" for n in ast.walk(stmt.test))
               for stmt in tree.body)


def script_stop(ctx) -> GatherStop | None:
    """Where running the module as a script first meets a gather JAX rejects, and why; None
    when the run stops at anything it does not model, or meets none."""
    def attempt(count: int | None) -> tuple:
        return over_choices(lambda plan: attempt_planned(count, plan), same_stop)

    def attempt_planned(count: int | None, plan) -> tuple:
        run = ScriptRun(ctx.tree, ctx.target)
        set_count(run, count)
        set_plan(run, plan)
        stop, early, escaped = None, False, None
        try:
            caught_stops.run_module(run)  # (a stop the program catches and raises again: caught_stops.py)
        except GatherStop as found:
            stop = found.with_traceback(None) if found.call is not None else None  # (no frames kept)
        except (Bail, Raised, Break, Continue, Return, RecursionError, Exception) as unknown:  # (a case the run misreads: unknown)
            early, escaped = True, unknown
        finally:
            result, escaped = outcome(run, stop, early, escaped), None  # (its frames would hold this one)
            released(run)
        return result

    return ctx.cached("script_run.stop", lambda: over_counts(attempt) if has_main(ctx.tree) else None)
