"""The bundled fixture cases (fixtures/<CODE>/<case>/ and fixtures/<CODE>/clean/*.py)."""
from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from pathlib import Path

from codemods import jaxapi
from codemods.engine import Options
from codemods.written_for import WrittenFor

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
_DIRECTIVE = re.compile(r"#\s*shardfix-test:\s*target-jax=(\S+)")


@dataclass(frozen=True)
class GoldenCase:
    code: str
    name: str
    directory: Path

    @property
    def config(self) -> dict:
        return tomllib.loads((self.directory / "case.toml").read_text(encoding="utf-8"))

    def options(self) -> Options:
        config = self.config
        target, written = config.get("target-jax"), config.get("from-jax")
        return Options(target=jaxapi.parse_version(target) if target else jaxapi.NEWEST_KNOWN,
                       written_for=WrittenFor(jaxapi.parse_version(written)) if written else None,
                       unsafe_fixes=bool(config.get("unsafe-fixes", False)))

    @property
    def fixes(self) -> bool:
        """False for a rule that only reports (case.toml `fix = false`, no after.py)."""
        return self.config.get("fix", True) is not False

    def __str__(self) -> str:
        return f"{self.code}/{self.name}"


def golden_cases() -> list[GoldenCase]:
    return [GoldenCase(d.parent.name, d.name, d) for d in sorted(FIXTURES.glob("SF*/*"))
            if (d / "before.py").is_file()]


def clean_files() -> list[Path]:
    return sorted(FIXTURES.glob("SF*/clean/*.py"))


def clean_options(path: Path) -> Options:
    match = _DIRECTIVE.search(path.read_text(encoding="utf-8"))
    return Options(target=jaxapi.parse_version(match.group(1)) if match else jaxapi.NEWEST_KNOWN)
