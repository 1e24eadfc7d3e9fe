"""Environment variables in a script run (script_run.py; issue 13).

A script run stands for `python prog.py` with no command-line arguments (argparse defaults),
and with none of the program's own settings exported: `os.environ.get("AXIS", "data")` gives its
default, `"AXIS" in os.environ` is False. But the environment is not empty: a real process has
PATH and HOME, its shell, locale and launcher set more, and `import jax` itself sets
TF_CPP_MIN_LOG_LEVEL and TPU_SKIP_MDS_QUERY when they are unset. A variable of that kind the
program did not store (`PROVIDED`) is unknown: read, it is a value the run passes along but never
tests (Opaque: a branch on it stops the run), and `os.environ["PATH"]` stops the run at once.
What the program stores (`os.environ["XLA_FLAGS"] = ...`, `setdefault`) is read back, and what it
pops is unset again.

Whether such a variable was set when the process started is a choice the run does not know but
Python's answer to is one of two (unknown_choices.py): where the program tests it (`"XLA_FLAGS"
in os.environ`, `os.environ.get(k) is None` of what it read, `os.environ[k]` in a branch that
needs it set), the run is made once with it unset and once with it set to a text it does not
know, and what they find is reported only when both find the same. An `env_default(k, v)` helper
that sets a default only where none is set, and puts back what it found at shutdown, is then
followed whatever the process was given.
"""
from __future__ import annotations

from codemods.analysis.host_exprs import Raised
from codemods.analysis.host_objects import Bail
from codemods.analysis.script_values import Lib, Opaque

# Set in ordinary runs by the system, the shell, a launcher or a library the program imports (JAX
# sets TF_CPP_MIN_LOG_LEVEL and TPU_SKIP_MDS_QUERY, checked on 0.10.2): whether and to what is
# not known from the program.
PROVIDED = frozenset({"PATH", "HOME", "USER", "LOGNAME", "USERNAME", "SHELL", "PWD", "OLDPWD", "LANG", "LANGUAGE",
                      "TERM", "TMPDIR", "TMP", "TEMP", "HOSTNAME", "DISPLAY", "EDITOR", "PAGER", "MAIL", "TZ", "COLUMNS",
                      "LINES", "SHLVL", "USERPROFILE", "APPDATA", "LOCALAPPDATA", "COMPUTERNAME", "SYSTEMROOT",
                      "WINDIR", "COMSPEC", "PATHEXT", "LD_LIBRARY_PATH", "LD_PRELOAD", "DYLD_LIBRARY_PATH", "VIRTUAL_ENV",
                      "RANK", "LOCAL_RANK", "WORLD_SIZE", "LOCAL_WORLD_SIZE", "NODE_RANK", "MASTER_ADDR", "MASTER_PORT",
                      "CI", "OMP_NUM_THREADS", "MKL_NUM_THREADS", "OPENBLAS_NUM_THREADS", "NO_COLOR", "FORCE_COLOR"})
PROVIDED_PREFIXES = ("LC_", "XDG_", "SSH_", "PYTHON", "CONDA", "JAX_", "XLA_", "TF_", "TPU_", "LIBTPU", "MEGASCALE",
                     "CLOUD_", "GOOGLE_", "GCE_", "CUDA", "NCCL_", "NVIDIA_", "ROCM", "HIP_", "CUDNN", "SLURM_", "PBS_",
                     "OMPI_", "PMI_", "PMIX_", "MPI", "KUBERNETES_", "GITHUB_", "COLAB_", "KAGGLE_", "HF_", "WANDB_",
                     "TORCH", "NEURON_", "AWS_", "AZURE_")


def provided(key: str) -> bool:
    """A variable the run's environment may hold though the program never set it."""
    return key in PROVIDED or key.startswith(PROVIDED_PREFIXES)


CALLS = frozenset({"os.environ.get", "os.getenv", "os.environ.setdefault", "os.environ.pop", "os.environ.copy"})


def is_environ(value: object) -> bool:
    return type(value) is Lib and value.name == "os.environ"


def maybe_none(run, value: object) -> bool:
    """A variable read with a None default whose being set at the start is still open."""
    key = _read_key(run, value)
    return key is not None and key not in _started(run)


def read_text(run, value: object) -> bool:
    """What `os.environ.get(k)` gave for a variable the environment may hold: its text or None."""
    return _read_key(run, value) is not None


def none_test(run, value: object) -> bool:
    """`value is None` of what `os.environ.get(k)` read of a variable the environment may hold:
    whether it was set at the start, chosen (unknown_choices.py)."""
    return not _set_at_start(run, _read_key(run, value))


def variables(run) -> dict:
    """What the program has stored in its environment so far (nothing else is set)."""
    return run.__dict__.setdefault("_environment", {})


def unset(run) -> set:
    """Variables the program has popped or deleted (set or not at the start)."""
    return run.__dict__.setdefault("_environment_unset", set())


def _started(run) -> dict:
    """Provided variables whose being set at the start the run has chosen: key -> its text
    (an Opaque) or None."""
    return run.__dict__.setdefault("_environment_start", {})


def _read_key(run, value: object) -> str | None:
    return next((key for found, key in run.__dict__.get("_maybe_unset", ()) if found is value), None)


def _set_at_start(run, key: str) -> bool:
    from codemods.analysis.unknown_choices import choose

    started = _started(run)
    if key not in started:
        started[key] = Opaque() if choose(run, 2) else None  # (first unset, as a clean environment has it)
    return started[key] is not None


def current(run, key: str, view: tuple | None = None) -> tuple:
    """(known, set, its value): whether the variable is set now, as far as the run knows; `view`,
    (stored, unset) of a copy of the environment (environment_copies.py), for what the copy holds."""
    stored, removed = view if view is not None else (variables(run), unset(run))
    if key in stored:
        return True, True, stored[key]
    if key in removed or not provided(key):
        return True, False, None
    started = _started(run)
    if key in started:
        return True, started[key] is not None, started[key]
    return False, False, None


def call(run, name: str, args: list, kwargs: dict) -> object:
    stored = variables(run)
    if name in ("os.environ.get", "os.getenv"):
        return read(run, args, kwargs)
    if name == "os.environ.copy" and not args and not kwargs:
        from codemods.analysis.environment_copies import EnvironCopy

        return EnvironCopy(dict(stored), set(unset(run)))
    if name == "os.environ.setdefault":
        if len(args) != 2 or kwargs or not all(type(arg) is str for arg in args):
            raise Bail
        known, is_set, value = current(run, args[0])
        stored[args[0]] = (value if is_set else args[1]) if known else Opaque()
        unset(run).discard(args[0])
        return stored[args[0]]
    if name == "os.environ.pop":  # (a test runner restoring what it set: `os.environ.pop(key, None)`)
        if not 1 <= len(args) <= 2 or kwargs or type(args[0]) is not str:
            raise Bail
        known, is_set, value = current(run, args[0])
        if not known:
            raise Bail  # (whether it was set is not known, and after the pop it is not)
        stored.pop(args[0], None)
        unset(run).add(args[0])
        if is_set:
            return value
        if len(args) == 2:
            return args[1]
        raise Raised(KeyError(args[0]))
    raise Bail  # (the whole environment, `items()`: not known)


def read(run, args: list, kwargs: dict, view: tuple | None = None) -> object:
    """`os.environ.get(key, default)` (or the `get` of a copy: `view` as for `current`)."""
    values = [*args, *(kwargs.values())]
    if not 1 <= len(args) <= 2 or set(kwargs) - {"default"} or len(values) > 2 or not isinstance(args[0], str):
        raise Bail
    default = values[1] if len(values) == 2 else None
    known, is_set, value = current(run, args[0], view)
    if known:
        return value if is_set else default
    found = Opaque()
    if default is None:  # (set or not: a string or None, so `found is None` is not known until chosen)
        run.__dict__.setdefault("_maybe_unset", []).append((found, args[0]))
    return found


def item(run, key: object, view: tuple | None = None) -> object:
    if type(key) is not str:
        raise Bail
    known, is_set, value = current(run, key, view)
    if not known or not is_set:
        raise Bail  # (KeyError, or a value from the environment the run was given)
    return value


def contains(run, key: object, view: tuple | None = None) -> bool:
    if type(key) is not str:
        raise Bail
    known, is_set, _ = current(run, key, view)
    return is_set if known else _set_at_start(run, key)


def store(run, key: object, value: object) -> None:
    if type(key) is not str or type(value) is not str and not _text(run, value):
        raise Bail  # (os.environ takes str only: the program raises)
    variables(run)[key] = value
    unset(run).discard(key)


def _text(run, value: object) -> bool:
    """An Opaque the run knows to be a str: a variable's text, read where it was set (put back
    by a helper that saved it)."""
    if any(value is found for found in _started(run).values()) or any(value is found for found in variables(run).values()):
        return True
    key = _read_key(run, value)
    return key is not None and key in _started(run) and _started(run)[key] is not None


def delete(run, key: object) -> None:
    """`del os.environ[key]`: KeyError where it is not set."""
    if type(key) is not str:
        raise Bail
    known, is_set, _ = current(run, key)
    if not known:
        raise Bail
    if not is_set:
        raise Raised(KeyError(key))
    variables(run).pop(key, None)
    unset(run).add(key)
