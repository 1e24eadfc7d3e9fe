"""Python environments holding one old JAX each, for cross-version validation.

An environment is made on first use (with uv when it is on PATH, else `python -m venv` and pip:
`jax==X jaxlib==X numpy`), under the user cache directory (platformdirs), and reused afterwards.
It is built in a `.partial` directory that is renamed only once the install succeeded, so an
interrupted build is never mistaken for a usable one.
"""
from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

from codemods import jaxapi

PARTIAL = ".partial"


class EnvError(Exception):
    """An environment could not be made or used; the message says why, in one line or two."""


def envs_root() -> Path:
    configured = os.environ.get("SHARDFIX_JAX_ENVS")
    if configured:
        return Path(configured)
    import platformdirs

    return Path(platformdirs.user_cache_dir("shardfix")) / "jax-envs"


def _python(env: Path) -> Path:
    return env / ("Scripts/python.exe" if os.name == "nt" else "bin/python")


def list_envs(root: Path | None = None) -> list[tuple[str, Path]]:
    """(JAX version, environment directory) of every finished environment, oldest JAX first."""
    root = root or envs_root()
    if not root.is_dir():
        return []
    found = []
    for entry in root.iterdir():
        if entry.name.startswith("jax-") and not entry.name.endswith(PARTIAL) and _python(entry).exists():
            try:
                found.append((jaxapi.parse_version(entry.name[4:]), entry))
            except ValueError:
                continue
    return [(jaxapi.format_version(version), path) for version, path in sorted(found)]


def check_version(version: str) -> None:
    """Digits and dots only: the version names a directory and a pip requirement."""
    if not re.fullmatch(r"\d+(\.\d+){1,2}", version):
        raise EnvError(f"not a JAX version: {version!r} (expected e.g. 0.6.2)")


def python_for(version: str, root: Path | None = None, create: bool = True) -> Path:
    """The Python of the environment holding jax==`version` (made when missing and `create`)."""
    check_version(version)
    root = root or envs_root()
    env = root / f"jax-{version}"
    if _python(env).exists():
        return _python(env)
    if not create:
        raise EnvError(f"no environment for jax {version} in {root}")
    # Each process builds in a folder of its own: two runs making the same environment at once
    # must not remove or move the folder the other's pip is installing into (its pip then
    # installed into the Python shardfix runs in).
    partial = root / f"jax-{version}.{os.getpid()}{PARTIAL}"
    shutil.rmtree(partial, ignore_errors=True)
    try:
        root.mkdir(parents=True, exist_ok=True)
        for command in _install_commands(partial, version):
            done = subprocess.run(command, capture_output=True, text=True, timeout=1800)
            if done.returncode != 0:
                detail = (done.stderr or done.stdout).strip().splitlines()
                raise EnvError(f"cannot install jax {version} ({' '.join(command[:3])} ...): "
                               f"{detail[-1] if detail else f'exit {done.returncode}'}")
        try:
            partial.rename(env)
        except OSError:
            if not _python(env).exists():
                raise  # (another run made it first: that one is used, ours removed below)
    except (OSError, subprocess.TimeoutExpired) as exc:
        raise EnvError(f"cannot make an environment for jax {version} in {root}: {exc}") from None
    finally:
        shutil.rmtree(partial, ignore_errors=True)
    return _python(env)


def _install_commands(env: Path, version: str) -> list[list[str]]:
    packages = [f"jax=={version}", f"jaxlib=={version}", "numpy"]
    uv = shutil.which("uv")
    if uv:
        return [[uv, "venv", "--quiet", "--python", sys.executable, str(env)],
                [uv, "pip", "install", "--quiet", "--python", str(_python(env)), *packages]]
    return [[sys.executable, "-m", "venv", str(env)],
            [str(_python(env)), "-m", "pip", "install", "--quiet", "--disable-pip-version-check", *packages]]


def describe(root: Path | None = None) -> str:
    """What `shardfix validate --list-envs` prints: one line per cached JAX environment."""
    found = list_envs(root)
    if not found:
        return f"no environments yet in {root or envs_root()} (made on first use by a `written-for` case)"
    return "\n".join(f"jax {version}\t{where}" for version, where in found)


# --------------------------------------------------------------------------- a user's command

_PYTHON = re.compile(r"python(\d+(\.\d+)?)?(\.exe)?", re.IGNORECASE)
_PYTEST = ("pytest", "py.test", "pytest.exe", "py.test.exe")

# Put on PYTHONPATH, this makes the old JAX's Python fall back on the packages of the Python
# shardfix runs in (pytest, the user's other dependencies) after its own: JAX, jaxlib, NumPy and
# their dependencies stay the old environment's.
_FALLBACK = """import site
for _path in {paths!r}:
    site.addsitedir(_path)  # appended after the environment's own, with its .pth files
"""


def command_on(python: Path, argv: list[str]) -> list[str]:
    """`argv` started with the old JAX's Python: `python ...` runs that Python, `pytest ...` runs
    `<that python> -m pytest ...`; any other program is left as it is (the caller puts the
    environment's scripts first on PATH, so a `python` it starts is the old one too)."""
    program = Path(argv[0]).name
    if _PYTHON.fullmatch(program):
        return [str(python), *argv[1:]]
    if program.lower() in _PYTEST:
        return [str(python), "-m", "pytest", *argv[1:]]
    return list(argv)


def environment_on(python: Path, env: dict[str, str], scratch: Path) -> dict[str, str]:
    """`env` changed so that programs find the old JAX's Python first and, through it, the
    packages of this Python that the old environment lacks. `scratch` receives the
    `sitecustomize.py` doing the latter."""
    import site

    scratch.mkdir(parents=True, exist_ok=True)
    fallback = [*site.getsitepackages(), site.getusersitepackages()]
    (scratch / "sitecustomize.py").write_text(_FALLBACK.format(paths=fallback), encoding="utf-8")
    changed = dict(env)
    changed["PATH"] = os.pathsep.join(part for part in (str(python.parent), env.get("PATH", "")) if part)
    changed["VIRTUAL_ENV"] = str(python.parent.parent)
    changed["PYTHONPATH"] = os.pathsep.join(part for part in (env.get("PYTHONPATH", ""), str(scratch)) if part)
    return changed
