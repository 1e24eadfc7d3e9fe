"""Settings from `[tool.shardfix]` in the nearest pyproject.toml, overridden by the CLI."""
from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from pathlib import Path

from codemods import jaxapi


class ConfigError(Exception):
    pass


KNOWN_KEYS = {"select", "ignore", "exclude", "extend-exclude", "target-jax", "unsafe-fixes"}


@dataclass
class Settings:
    select: tuple[str, ...] | None = None  # None: every rule
    ignore: tuple[str, ...] = ()
    exclude: tuple[str, ...] = ()
    target_jax: jaxapi.Version | None = None
    unsafe_fixes: bool = False
    source: Path | None = None  # the pyproject.toml these came from
    notes: list[str] = field(default_factory=list)


def find_pyproject(start: Path) -> Path | None:
    here = start.absolute()
    if here.is_file() or not here.exists():
        here = here.parent
    for directory in (here, *here.parents):
        candidate = directory / "pyproject.toml"
        if candidate.is_file():
            return candidate
    return None


def _codes(value, key: str, path: Path) -> tuple[str, ...]:
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ConfigError(f"{path}: [tool.shardfix] {key} must be a list of rule codes")
    return tuple(v.strip().upper() for v in value)


def load(start: Path) -> Settings:
    path = find_pyproject(start)
    if path is None:
        return Settings()
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as exc:
        raise ConfigError(f"{path}: cannot read: {exc}") from None
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"{path}: invalid TOML: {exc}") from None
    table = data.get("tool", {}).get("shardfix")
    if table is None:
        return Settings(source=path)
    if not isinstance(table, dict):
        raise ConfigError(f"{path}: [tool.shardfix] must be a table")
    settings = Settings(source=path)
    unknown = sorted(set(table) - KNOWN_KEYS)
    if unknown:
        raise ConfigError(f"{path}: unknown [tool.shardfix] key(s): {', '.join(unknown)} (known: {', '.join(sorted(KNOWN_KEYS))})")
    if "select" in table:
        settings.select = _codes(table["select"], "select", path)
    if "ignore" in table:
        settings.ignore = _codes(table["ignore"], "ignore", path)
    for key in ("exclude", "extend-exclude"):
        value = table.get(key, [])
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise ConfigError(f"{path}: [tool.shardfix] {key} must be a list of glob patterns")
        settings.exclude += tuple(value)
    if "target-jax" in table:
        try:
            settings.target_jax = jaxapi.parse_version(str(table["target-jax"]))
        except ValueError as exc:
            raise ConfigError(f"{path}: [tool.shardfix] target-jax: {exc}") from None
    if "unsafe-fixes" in table:
        if not isinstance(table["unsafe-fixes"], bool):
            raise ConfigError(f"{path}: [tool.shardfix] unsafe-fixes must be true or false")
        settings.unsafe_fixes = table["unsafe-fixes"]
    return settings
