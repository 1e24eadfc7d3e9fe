import os
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "fixtures"
_CACHE = Path(tempfile.mkdtemp(prefix="shardfix-test-cache-"))


def run_shardfix(*args: str, cwd: Path | None = None, stdin: bytes | None = None, env: dict | None = None):
    """The real command, as a user runs it: a subprocess of `python -m codemods`."""
    full_env = {**os.environ, "NO_COLOR": "1", "COLUMNS": "200", "SHARDFIX_CACHE_DIR": str(_CACHE), **(env or {})}
    full_env.pop("FORCE_COLOR", None)
    return subprocess.run([sys.executable, "-m", "codemods", *args], cwd=cwd, input=stdin,
                          capture_output=True, env=full_env, timeout=300)


@pytest.fixture
def shardfix():
    return run_shardfix
