"""Whether a `try` statement's handlers can catch what JAX raises where a script run stops
(script_run.py, state_runs.py; issue 13).

A retrying step runner wraps each step in `try: return fn(self) except (IOError, TimeoutError):
...` (Metaflow's @retry, a data loader's retry on a flaky read); a stop inside (a gather or a
collective JAX rejects) ends the program only when no handler on the way out catches JAX's
exception. What JAX raises at every stop the run makes was measured on jax 0.10.2 (8 CPU devices):
a `ValueError` for the collectives, casts, shard_map entries and `top_level_all_gather`; a
`jax._src.core.ShardingTypeError` (a direct subclass of `Exception`) for a reduced value combined
with a replicated one. A handler catches such an error when one of its classes is a base of the
error's class: `ValueError`, `Exception`, `BaseException`, or a bare `except:`. Classes the run
holds as Python classes (builtin exceptions and the module's own, script_exceptions.py) are
tested; any other handler expression stops the run (Bail).
"""
from __future__ import annotations

from codemods.analysis.host_objects import Bail

# The bases of the classes JAX raises at a stop (ValueError's and ShardingTypeError's MROs).
_CATCHING = (ValueError, Exception, BaseException)


def may_catch_stop(run, handlers: list, env) -> bool:
    """Whether any of `handlers` catches the exception JAX raises at a stop."""
    for handler in handlers:
        if handler.type is None:
            return True
        given = run.eval(handler.type, env)
        for caught in given if type(given) is tuple else (given,):  # (`except (IOError, KeyError):`)
            if not (isinstance(caught, type) and issubclass(caught, BaseException)):
                raise Bail  # (a library's exception class, or a value the run does not hold)
            if caught in _CATCHING:
                return True
    return False
