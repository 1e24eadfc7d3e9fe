"""Whether a library module (or an array) has an attribute, where a script run (script_run.py;
issue 13) observes it: `hasattr(jax.lax, "ragged_all_to_all_v2")`, `getattr(np, name, None)`, or
a read under a handler that catches AttributeError (`try: jax.lax.f except AttributeError:`).

Feature detection is how real code copes with several JAX, NumPy and Python versions, so a run
that took every attribute of a library as present would follow the branch the program does not
take. The run's library values (script_values.Lib) are names, not the objects; the installed
module answers instead. It is imported only when the question is asked (JAX costs about a second)
and only for packages whose import has no effect beyond defining names (JAX, NumPy and the
standard library but the few modules that print, open windows or run on import). A submodule is
present once anything imported it, which the run does not track: it counts as present when the
package's own import loads it (`jax.lax`) or loads it on first read (`np.random`), asked of a fresh
process when this one may have imported it for another program. An attribute of any other package
or a name the real module does not resolve is unknown: the run stops (Bail) rather than guess.
Elsewhere (a call `jax.lax.psum(...)` outside such a handler) nothing is asked: a missing
attribute there raises AttributeError, which ends the program at that line.

An array's attributes are those of the NumPy or JAX array classes (and of a tracer, inside a
traced function, and of NumPy's random generators, which the run holds as host arrays too); a name
none of them has is absent.
"""
from __future__ import annotations

import importlib
import importlib.util
import subprocess
import sys
import types
import warnings

from codemods.analysis.narrow_handlers import narrow

# Importable without effects (beyond the standard library's, below).
_PACKAGES = frozenset({"jax", "jaxlib", "numpy", "ml_dtypes", "opt_einsum"})
# Standard modules whose import prints, opens a window or a browser, or changes the terminal.
_EFFECTS = frozenset({"this", "antigravity", "__hello__", "__phello__", "idlelib", "turtle", "turtledemo", "tkinter",
                      "readline", "rlcompleter", "__main__", "site", "sitecustomize", "usercustomize", "pydoc_data"})
_UNKNOWN = object()
_RESOLVED: dict[str, object] = {}
_LOADED: dict[str, frozenset] = {}  # package -> the modules its own import loads (when this process imported it)
_FRESH: dict[tuple, bool | None] = {}  # (module, name) -> what a fresh process answered


def asked(run) -> bool:
    """Whether the run's next attribute read decides presence: inside `hasattr` or a
    defaulted `getattr`, or under a handler that may catch AttributeError."""
    return run.__dict__.get("probing", False) or bool(getattr(run, "guarded", 0)) and not narrow(run, (AttributeError,))


def probe(run, read):
    """`read()` (an attribute read for `hasattr` / `getattr(obj, name, default)`) with presence asked."""
    before = run.__dict__.get("probing", False)
    run.__dict__["probing"] = True
    try:
        return read()
    finally:
        run.__dict__["probing"] = before


def library_presence(dotted: str, name: str) -> bool | None:
    """Whether the library object named `dotted` has the attribute `name`: True, False, or None
    (unknown)."""
    found = _resolve(dotted)
    if found is _UNKNOWN:
        return None
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            value = getattr(found, name, _UNKNOWN)
    except Exception:  # (a module `__getattr__` raising another error: not a plain absence)
        return None
    if isinstance(value, types.ModuleType):  # (a submodule: present once imported, by whoever)
        if getattr(value, "__name__", None) in _LOADED.get(dotted.partition(".")[0], ()):
            return True  # (the package's own import loads it)
        return _fresh(dotted, name)
    if value is not _UNKNOWN:
        return True
    if isinstance(found, types.ModuleType) and _submodule(f"{dotted}.{name}"):
        return None
    return False


def _fresh(dotted: str, name: str) -> bool | None:
    """`hasattr` asked of a process that imported nothing but `dotted`'s modules (what this
    process imported for other programs must not answer for this one): True or None."""
    key = (dotted, name)
    if key not in _FRESH:
        code = ("import importlib, sys, warnings\nwarnings.simplefilter('ignore')\nparts = sys.argv[1].split('.')\n"
                "obj = importlib.import_module(parts[0])\nfor i in range(1, len(parts)):\n"
                "    obj = getattr(obj, parts[i]) if hasattr(obj, parts[i]) else "
                "importlib.import_module('.'.join(parts[:i + 1]))\nprint(hasattr(obj, sys.argv[2]))\n")
        try:
            done = subprocess.run([sys.executable, "-I", "-c", code, dotted, name], capture_output=True, text=True,
                                  timeout=60, check=False, stdin=subprocess.DEVNULL)
            _FRESH[key] = True if done.returncode == 0 and done.stdout.strip() == "True" else None
        except (OSError, subprocess.SubprocessError):
            _FRESH[key] = None
    return _FRESH[key]


def array_presence(host: bool, name: str) -> bool | None:
    """Whether an array (a NumPy one when `host`, else a JAX one or a tracer) may have the
    attribute `name`: False when no class of that kind has it, else None (the run's own
    reading decides)."""
    classes = _array_classes(host)
    if classes is None:
        return None
    return None if any(hasattr(kind, name) for kind in classes) else False


def _array_classes(host: bool) -> tuple | None:
    key = "<numpy arrays>" if host else "<jax arrays>"
    if key not in _RESOLVED:
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                if host:
                    numpy = importlib.import_module("numpy")
                    random = importlib.import_module("numpy.random")  # (a generator is held as a host array too)
                    kinds = (numpy.ndarray, numpy.float64, numpy.float32, numpy.int64, numpy.complex128, numpy.bool_,
                             numpy.matrix, numpy.ma.MaskedArray, random.Generator, random.RandomState, random.BitGenerator)
                else:
                    jax = importlib.import_module("jax")
                    core = importlib.import_module("jax._src.core")
                    array = importlib.import_module("jax._src.array")
                    kinds = (jax.Array, array.ArrayImpl, core.Tracer, core.ShapedArray)
        except Exception:
            kinds = None
        _RESOLVED[key] = kinds
    return _RESOLVED[key]


def _safe(parts: list[str]) -> bool:
    root = parts[0]
    if "__main__" in parts or root in _EFFECTS:
        return False
    return root in _PACKAGES or root in getattr(sys, "stdlib_module_names", ()) and not root.startswith("_")


def _submodule(dotted: str) -> bool:
    try:
        return importlib.util.find_spec(dotted) is not None
    except Exception:
        return True  # (a spec that cannot be read: may be a module)


def _resolve(dotted: str) -> object:
    """The installed object named `dotted`, importing the modules on its path; _UNKNOWN when its
    package is not one to import or the name does not resolve."""
    if dotted in _RESOLVED:
        return _RESOLVED[dotted]
    parts = dotted.split(".")
    found: object = _UNKNOWN
    if _safe(parts):
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                fresh = parts[0] not in sys.modules
                found = importlib.import_module(parts[0])
                if fresh:  # (what importing the package itself loads: its submodules present in any run)
                    _LOADED[parts[0]] = frozenset(key for key in sys.modules if key.startswith(parts[0] + "."))
                for index in range(1, len(parts)):
                    value = getattr(found, parts[index], _UNKNOWN)
                    if value is _UNKNOWN and isinstance(found, types.ModuleType):
                        prefix = ".".join(parts[:index + 1])
                        value = importlib.import_module(prefix) if _submodule(prefix) else _UNKNOWN
                    if value is _UNKNOWN:
                        break
                    found = value
                else:
                    _RESOLVED[dotted] = found
                    return found
        except Exception:  # (ImportError, or anything a module raises on import)
            pass
        found = _UNKNOWN
    _RESOLVED[dotted] = found
    return found
