"""`jax.__version__` and `jax.__version_info__` read in a script run (script_run.py; issue 13).

Pasted compatibility sections pick a spelling by the JAX they meet (`JAX_VERSION =
tuple(getattr(jax, "__version_info__", (0, 4, 35)))`, then `if JAX_VERSION >= (0, 9, 0):`). The run
executes the program on the JAX the user targets (`--target-jax`, else the installed one), the
same model version guards use (version_tests.py), so these reads give that release's values: the
string "0.10.2" and the tuple of ints (0, 10, 2) (jax.version computes the tuple from the string's
digit parts; both exist, under `jax` and `jax.version`, in every release since 0.4.14). Only a
release the name tables know (jax_names.RELEASES) is answered: for any other target (a version
between releases, one newer than the tables) the value is unknown and the caller goes on as before.
"""
from __future__ import annotations

from codemods import jaxapi

_HOLDERS = frozenset({"jax", "jax.version"})


def version_read(run, holder: str, name: str) -> object:
    """The value of `<holder>.<name>` on the run's target JAX, or None when it is not a version
    read or the target is not a known release."""
    if holder not in _HOLDERS or name not in ("__version__", "__version_info__"):
        return None
    target = getattr(run, "target", None)
    if target is None or not _released(target):
        return None
    return jaxapi.format_version(target) if name == "__version__" else tuple(target)


def _released(target: jaxapi.Version) -> bool:
    from codemods import jax_names  # (read on the first question: most runs ask none)

    return jaxapi.format_version(target) in jax_names.RELEASES
