"""A finished script run's scopes emptied (script_run.script_stop, state_runs.state_stop)."""
from __future__ import annotations

from codemods.analysis.host_exprs import Env
from codemods.analysis.script_generators import close_all
from codemods.analysis.script_values import UClass, UFunc


def released(run) -> None:
    """Empty every scope a finished run made: its functions hold the scopes that hold them (a
    cycle the collector would otherwise free, with the module's whole run, long after the file
    is checked; tests/test_collection.py)."""
    close_all(run)  # (suspended generators' threads end: script_generators.py)
    run.__dict__.pop("_continued", None)  # (iterators read by several consumers: shared_iterators.py)
    seen: set[int] = set()
    pending: list = [run.module_env, *(env for _, env in run.frames), *run.__dict__.pop("made_envs", [])]
    while pending:
        item = pending.pop()
        if id(item) in seen:
            continue
        seen.add(id(item))
        if type(item) is Env:
            pending += [item.parent, *item.vars.values()] if item.parent is not None else [*item.vars.values()]
            item.vars.clear()
        elif type(item) is UFunc:
            pending.append(item.env)
        elif type(item) is UClass:
            pending += list(item.attrs.values())
        elif type(item) in (dict, list, tuple):
            pending += list(item.values()) if type(item) is dict else list(item)
    run.frames.clear()
