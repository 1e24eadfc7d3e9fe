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


CALLS = frozenset({"os.environ.get", "os.getenv", "os.environ.setdefault", "os.environ.pop"})


def is_environ(value: object) -> bool:
    return type(value) is Lib and value.name == "os.environ"


def maybe_none(run, value: object) -> bool:
    """A variable read with a None default that the environment may or may not hold."""
    return any(value is found for found in run.__dict__.get("_maybe_unset", ()))


def variables(run) -> dict:
    """What the program has stored in its environment so far (nothing else is set)."""
    return run.__dict__.setdefault("_environment", {})


def call(run, name: str, args: list, kwargs: dict) -> object:
    stored = variables(run)
    if name in ("os.environ.get", "os.getenv"):
        values = [*args, *(kwargs.values())]
        if not 1 <= len(args) <= 2 or set(kwargs) - {"default"} or len(values) > 2 or not isinstance(args[0], str):
            raise Bail
        default = values[1] if len(values) == 2 else None
        if args[0] in stored or not provided(args[0]):
            return stored.get(args[0], default)
        found = Opaque()
        if default is None:  # (set or not: a string or None, so `found is None` is not known)
            run.__dict__.setdefault("_maybe_unset", []).append(found)
        return found
    if name == "os.environ.setdefault":
        if len(args) != 2 or kwargs or not all(type(arg) is str for arg in args):
            raise Bail
        return stored.setdefault(args[0], Opaque() if provided(args[0]) else args[1])
    if name == "os.environ.pop":  # (a test runner restoring what it set: `os.environ.pop(key, None)`)
        if not 1 <= len(args) <= 2 or kwargs or type(args[0]) is not str:
            raise Bail
        if args[0] in stored:
            return stored.pop(args[0])
        if provided(args[0]):
            raise Bail  # (whether it was set is not known, and after the pop it is not)
        if len(args) == 2:
            return args[1]
        raise Raised(KeyError(args[0]))
    raise Bail  # (the whole environment, `os.environ.copy()`, `items()`: not known)


def item(run, key: object) -> object:
    if type(key) is not str or key not in variables(run):
        raise Bail  # (KeyError, or a value from the environment the run was given)
    return variables(run)[key]


def contains(run, key: object) -> bool:
    if type(key) is not str:
        raise Bail
    return True if key in variables(run) else Opaque() if provided(key) else False


def store(run, key: object, value: object) -> None:
    if type(key) is not str or type(value) is not str:
        raise Bail  # (os.environ takes str only: the program raises)
    variables(run)[key] = value
