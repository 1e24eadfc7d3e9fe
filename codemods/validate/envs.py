"""Python environments holding one old JAX each, for cross-version validation.

An environment is made on first use (with uv when it is on PATH, else `python -m venv` and pip:
`jax==X jaxlib==X numpy`), under the user cache directory (platformdirs), and reused afterwards.
It is built in a `.partial` directory that is renamed only once the install succeeded, so an
interrupted build is never mistaken for a usable one.
"""
from __future__ import annotations

import os
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


def python_for(version: str, root: Path | None = None, create: bool = True) -> Path:
    """The Python of the environment holding jax==`version` (made when missing and `create`)."""
    try:
        jaxapi.parse_version(version)
    except ValueError as exc:
        raise EnvError(str(exc)) from None
    root = root or envs_root()
    env = root / f"jax-{version}"
    if _python(env).exists():
        return _python(env)
    if not create:
        raise EnvError(f"no environment for jax {version} in {root}")
    partial = root / f"jax-{version}{PARTIAL}"
    shutil.rmtree(partial, ignore_errors=True)
    try:
        root.mkdir(parents=True, exist_ok=True)
        for command in _install_commands(partial, version):
            done = subprocess.run(command, capture_output=True, text=True, timeout=1800)
            if done.returncode != 0:
                detail = (done.stderr or done.stdout).strip().splitlines()
                raise EnvError(f"cannot install jax {version} ({' '.join(command[:3])} ...): "
                               f"{detail[-1] if detail else f'exit {done.returncode}'}")
        partial.rename(env)
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
