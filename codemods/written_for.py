"""Which JAX the checked code was written for, read the way ruff reads `requires-python`:
`--from-jax`, else `from-jax` in the settings file, else the project's own declaration of jax
(`[project] dependencies` and optional dependencies of its pyproject.toml, `requirements*.txt`
beside it).

A declaration counts only through the newest release it admits: `jax==0.6.2` is 0.6.2 and
`jax>=0.5,<0.8` is "below 0.8". A declaration that admits every later release (`jax>=0.5`, a bare
`jax`, a URL), one under an environment marker, or one that cannot be parsed makes the answer
unknown, and so does a dynamic dependency list the file does not show: an unknown never lets a
rule report (migrations by default need proof read from the code itself).
"""
from __future__ import annotations

import re
from codemods.dataclass_code import dataclass
from pathlib import Path

from codemods import jaxapi


@dataclass(frozen=True)
class WrittenFor:
    """Code written for JAX `version` at most (or, `exclusive`, for releases below it)."""

    version: tuple[int, ...]
    exclusive: bool = False

    def before(self, version: jaxapi.Version) -> bool:
        """Every JAX the code may be written for is older than `version`."""
        return self.version < version or (self.exclusive and self.version == version)

    def describe(self) -> str:
        text = ".".join(str(part) for part in self.version)
        return f"below {text}" if self.exclusive else text

    def _rank(self) -> tuple:
        return self.version, not self.exclusive


@dataclass(frozen=True)
class Known:
    """The answer and where it came from (`--verbose` prints both)."""

    written_for: WrittenFor | None
    origin: str

    def describe(self) -> str:
        what = self.written_for.describe() if self.written_for is not None else "unknown"
        return f"{what} ({self.origin})"


def resolve(option: jaxapi.Version | None, configured: jaxapi.Version | None, config_source: Path | None,
            anchor: Path) -> Known:
    if option is not None:
        return Known(WrittenFor(option), "--from-jax")
    if configured is not None:
        return Known(WrittenFor(configured), f"from-jax in {config_source}")
    return declared(project_root(anchor))


def project_root(anchor: Path) -> Path:
    """The directory of the nearest pyproject.toml above `anchor`, else `anchor`'s directory."""
    here = anchor.absolute()
    if here.is_file() or not here.exists():
        here = here.parent
    for directory in (here, *here.parents):
        if (directory / "pyproject.toml").is_file():
            return directory
    return here


def declared(root: Path) -> Known:
    """The newest JAX the project's declarations of jax admit; unknown unless every one is bounded."""
    sources: list[tuple[str, list[str]]] = []
    pyproject = root / "pyproject.toml"
    if pyproject.is_file():
        import tomllib  # only when there is a file to read (config.py)

        try:
            project = tomllib.loads(pyproject.read_text(encoding="utf-8")).get("project", {})
        except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
            return Known(None, f"{pyproject} cannot be read")
        if not isinstance(project, dict):
            return Known(None, f"{pyproject}: [project] is not a table")
        dynamic = project.get("dynamic", [])
        if isinstance(dynamic, list) and {"dependencies", "optional-dependencies"} & set(dynamic):
            return Known(None, f"{pyproject} declares its dependencies dynamically")
        lists = [project.get("dependencies", [])]
        extras = project.get("optional-dependencies", {})
        lists += list(extras.values()) if isinstance(extras, dict) else [None]
        if not all(isinstance(x, list) and all(isinstance(s, str) for s in x) for x in lists):
            return Known(None, f"{pyproject}: dependencies that are not lists of strings")
        sources.append((f"{pyproject.name} [project]", [s for x in lists for s in x]))
    for path in sorted(root.glob("requirements*.txt")):
        lines = _requirement_lines(path, set())
        if lines is None:
            return Known(None, f"{path.name} cannot be read, or includes a file that cannot")
        sources.append((path.name, lines))
    found: list[tuple[WrittenFor, str]] = []
    for where, requirements in sources:
        for text in requirements:
            if not _names_jax(text):
                continue
            bound = upper_bound(text)
            if bound is None:
                return Known(None, f"{where}: `{text.strip()}` admits any newer JAX or cannot be read")
            found.append((bound, f"{where}: `{text.strip()}`"))
    if not found:
        return Known(None, f"no declaration of jax in {root}")
    bound, origin = max(found, key=lambda item: item[0]._rank())
    return Known(bound, origin)


_NAME = re.compile(r"\s*([A-Za-z0-9][A-Za-z0-9._-]*)")


def _names_jax(text: str) -> bool:
    match = _NAME.match(text)
    return bool(match) and re.sub(r"[-_.]+", "-", match.group(1)).lower() == "jax"


def _requirement_lines(path: Path, seen: set[Path]) -> list[str] | None:
    """The requirement lines of a requirements file, following `-r`/`-c` includes; None when a
    file cannot be read. An editable or URL line that may install jax comes back unparsable."""
    if path.resolve() in seen:
        return []
    seen.add(path.resolve())
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return None
    lines: list[str] = []
    for line in re.sub(r"\\\r?\n", "", text).splitlines():
        line = re.split(r"(?:^|\s)#", line, maxsplit=1)[0].strip()
        include = re.match(r"(?:-r|--requirement|-c|--constraint)[\s=]+(\S+)", line)
        if include:
            included = _requirement_lines(path.parent / include.group(1), seen)
            if included is None:
                return None
            lines += included
        elif re.match(r"(-e|--editable)\b", line) or (not line.startswith("-") and "://" in line):
            if "jax" in line.lower():
                lines.append("jax @ " + line)  # maybe jax from a checkout or a URL: no version to read
        elif line and not line.startswith("-"):
            lines.append(re.split(r"\s--?[a-z]", line, maxsplit=1)[0])
    return lines


def upper_bound(requirement: str) -> WrittenFor | None:
    """The newest release `requirement` (a PEP 508 line naming jax) admits; None when it admits
    every later one, holds a marker or a URL, or cannot be parsed."""
    from packaging.requirements import InvalidRequirement, Requirement
    from packaging.version import InvalidVersion, Version

    try:
        parsed = Requirement(requirement)
    except InvalidRequirement:
        return None
    if parsed.url or parsed.marker is not None:
        return None
    bounds: list[WrittenFor] = []
    lower: list[tuple[int, ...]] = []
    for spec in parsed.specifier:
        wildcard = spec.version.endswith(".*")
        try:
            version = Version(spec.version[:-2] if wildcard else spec.version)
        except InvalidVersion:
            return None
        release = tuple(version.release) + (0,) * (3 - len(version.release))
        if spec.operator in ("==", "===") and wildcard:
            bounds.append(WrittenFor(_next(version.release, len(version.release) - 1), exclusive=True))
        elif spec.operator in ("==", "===", "<="):
            bounds.append(WrittenFor(release))
        elif spec.operator == "<":
            bounds.append(WrittenFor(release, exclusive=True))
        elif spec.operator == "~=":
            if len(version.release) < 2:
                return None
            bounds.append(WrittenFor(_next(version.release, len(version.release) - 2), exclusive=True))
            lower.append(release)
        elif spec.operator in (">=", ">"):
            lower.append(release)
    if not bounds:
        return None
    bound = min(bounds, key=WrittenFor._rank)
    # An empty set (`jax>=0.9,<0.8`) says nothing about the code.
    if any(low > bound.version or (low == bound.version and bound.exclusive) for low in lower):
        return None
    return bound


def _next(release: tuple[int, ...], index: int) -> tuple[int, ...]:
    """The first release after every one that starts with `release[:index + 1]`."""
    bumped = tuple(release[:index]) + (release[index] + 1,)
    return bumped + (0,) * (3 - len(bumped))
