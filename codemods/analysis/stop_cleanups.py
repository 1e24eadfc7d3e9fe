"""The clean-up Python runs while JAX's error at a stop leaves a block (caught_stops.py; issue 13).

A job's `run()` is `setup(); try: execute() except Exception: log; raise finally: shutdown()`,
and its steps run under `with profile("step"):` of a generator manager whose `yield` sits in
`try: ... finally: log(...)`. When JAX raises in the step, Python runs each such `finally` block
and throws the error into each generator at its `yield` on the way out; the handler that logs
and re-raises then sees the program in that state. The run does the same: the final block runs
(and the generator resumes with the error) as the stop passes. Only when that clean-up ends as
Python's would (the block ends normally; the generator lets the same error go) is the stop
clean; otherwise (the clean-up raises, returns, stops at anything the run does not model, or
swallows the error) it stays marked uncleaned, as before: reported when it ends the program,
the run stopped (Bail) where the program catches it.
"""
from __future__ import annotations

from codemods.analysis.host_exprs import Break, Continue, Raised, Return
from codemods.analysis.host_objects import Bail
from codemods.analysis.script_values import GatherStop


def final_block(run, body: list, env, stop: GatherStop) -> None:
    """`finally:` left by the stop: run it, and mark the stop unclean unless it ran to its end."""
    if not _cleaned(run, lambda: run.block(body, env), lambda raised: False):
        stop.__dict__["uncleaned"] = True


def thrown_in(run, manager, stop: GatherStop) -> None:
    """A generator's manager left by the stop: `__exit__` throws it in at the `yield`."""
    from codemods.analysis.caught_stops import StopError

    error = StopError(stop)
    manager.gen.thrown = error

    ended = []

    def resume() -> None:
        manager.gen.step()
        ended.append(True)
        raise Bail

    if not _cleaned(run, resume, lambda raised: raised.error is error):
        stop.__dict__["uncleaned"] = True
    if ended:
        raise Bail  # (it swallowed the error and the program goes on, or yielded again: RuntimeError)


def _cleaned(run, step, same) -> bool:
    judge, states = run.judge, run.states
    run.judge = None  # (the clean-up's own collectives are not judged: the stop is the program's error)
    try:
        step()
    except Raised as raised:
        return same(raised)
    except (Bail, GatherStop, Return, Break, Continue, RecursionError, Exception):
        return False
    finally:
        run.judge, run.states = judge, states
    return True
