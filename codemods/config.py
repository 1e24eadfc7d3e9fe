"""Settings from `[tool.shardfix]` in the nearest pyproject.toml (or the file `--config` names),
overridden by the CLI.

Every value is checked against the type it must have and a wrong one is an error naming that
type: TOML reads `target-jax = 0.10` as the float 0.1, so a silent conversion would check
against the wrong JAX.
"""
from __future__ import annotations

import re
from codemods.dataclass_code import dataclass
from pathlib import Path

from codemods import jaxapi


class ConfigError(Exception):
    pass


KNOWN_KEYS = {"select", "extend-select", "ignore", "exclude", "extend-exclude", "per-file-ignores", "target-jax",
              "from-jax", "unsafe-fixes", "report-unused-suppressions"}

# What a user may write for a JAX version: 0, 0.10 or 0.8.2 (no suffixes, no letters).
_USER_VERSION = re.compile(r"\d+(\.\d+){0,2}")


@dataclass
class Settings:
    select: tuple[str, ...] | None = None  # None: every rule
    extend_select: tuple[str, ...] = ()
    ignore: tuple[str, ...] = ()
    exclude: tuple[str, ...] = ()
    # (glob relative to the config's directory, codes ignored in the files it matches)
    per_file_ignores: tuple[tuple[str, tuple[str, ...]], ...] = ()
    target_jax: jaxapi.Version | None = None
    from_jax: jaxapi.Version | None = None  # the JAX the checked code was written for
    unsafe_fixes: bool = False
    report_unused_suppressions: bool = False
    source: Path | None = None  # the file these came from

    @property
    def root(self) -> Path:
        """The directory per-file-ignores patterns are relative to."""
        return self.source.parent.absolute() if self.source is not None else Path.cwd()


def parse_user_version(text: str) -> jaxapi.Version:
    """A version the user wrote: digits and up to two dots, else ValueError saying so."""
    if not _USER_VERSION.fullmatch(text):
        raise ValueError(f"not a JAX version: {text!r} (expected digits and dots, e.g. \"0.10\" or \"0.8.2\")")
    return jaxapi.parse_version(text)


def find_pyproject(start: Path) -> Path | None:
    here = start.absolute()
    if here.is_file() or not here.exists():
        here = here.parent
    for directory in (here, *here.parents):
        candidate = directory / "pyproject.toml"
        if candidate.is_file():
            return candidate
    return None


def _type_name(value: object) -> str:
    return {bool: "a boolean", int: "an integer", float: "a float", str: "a string", list: "an array",
            dict: "a table"}.get(type(value), type(value).__name__)


def _strings(value, key: str, path: Path, what: str) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ConfigError(f"{path}: {key} must be a list of {what} (e.g. [\"SF201\"]), got {_type_name(value)}"
                          + (f" {value!r}" if not isinstance(value, (list, dict)) else ""))
    return tuple(value)


def _codes(value, key: str, path: Path) -> tuple[str, ...]:
    return tuple(v.strip().upper() for v in _strings(value, key, path, "rule codes"))


def load(start: Path, explicit: Path | None = None) -> Settings:
    """The settings for files under `start`; `explicit` (from `--config`) wins over discovery.

    A pyproject.toml holds them under [tool.shardfix]; any other file (e.g. shardfix.toml) at
    its top level."""
    if explicit is not None:
        if not explicit.is_file():
            raise ConfigError(f"{explicit}: --config names no readable file")
        path = explicit
    else:
        path = find_pyproject(start)
        if path is None:
            return Settings()
    import tomllib  # only when there is a file to read: a run without one never pays for it

    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as exc:
        raise ConfigError(f"{path}: cannot read: {exc}") from None
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"{path}: invalid TOML: {exc}") from None
    if path.name == "pyproject.toml":
        table, prefix = data.get("tool", {}).get("shardfix"), "[tool.shardfix] "
        if table is None:
            return Settings(source=path)
    else:
        table, prefix = data, ""
    if not isinstance(table, dict):
        raise ConfigError(f"{path}: [tool.shardfix] must be a table")
    return _settings(table, path, prefix)


def _settings(table: dict, path: Path, prefix: str) -> Settings:
    settings = Settings(source=path)
    unknown = sorted(set(table) - KNOWN_KEYS)
    if unknown:
        raise ConfigError(f"{path}: unknown {prefix}key(s): {', '.join(unknown)} (known: {', '.join(sorted(KNOWN_KEYS))})")
    if "select" in table:
        settings.select = _codes(table["select"], f"{prefix}select", path)
    if "extend-select" in table:
        settings.extend_select = _codes(table["extend-select"], f"{prefix}extend-select", path)
    if "ignore" in table:
        settings.ignore = _codes(table["ignore"], f"{prefix}ignore", path)
    for key in ("exclude", "extend-exclude"):
        if key in table:
            settings.exclude += _strings(table[key], f"{prefix}{key}", path, "glob patterns")
    if "per-file-ignores" in table:
        value = table["per-file-ignores"]
        if not isinstance(value, dict):
            raise ConfigError(f"{path}: {prefix}per-file-ignores must be a table of glob = [\"CODE\", ...], "
                              f"got {_type_name(value)}")
        settings.per_file_ignores = tuple(
            (pattern, _codes(codes, f"{prefix}per-file-ignores.{pattern!r}", path)) for pattern, codes in value.items())
    for key, attribute in (("target-jax", "target_jax"), ("from-jax", "from_jax")):
        if key not in table:
            continue
        value = table[key]
        if not isinstance(value, str):
            raise ConfigError(f"{path}: {prefix}{key} must be a string like \"0.10\", got {_type_name(value)} "
                              f"{value!r} (TOML reads an unquoted 0.10 as the number 0.1)")
        try:
            setattr(settings, attribute, parse_user_version(value))
        except ValueError as exc:
            raise ConfigError(f"{path}: {prefix}{key}: {exc}") from None
    for key, attribute in (("unsafe-fixes", "unsafe_fixes"), ("report-unused-suppressions", "report_unused_suppressions")):
        if key in table:
            if not isinstance(table[key], bool):
                raise ConfigError(f"{path}: {prefix}{key} must be a boolean (true or false), got {_type_name(table[key])}")
            setattr(settings, attribute, table[key])
    return settings
