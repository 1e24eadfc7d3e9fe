"""The pre-commit hooks, installed and run by pre-commit itself (`pre-commit try-repo`)."""
from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PVARY = "import jax\n\n\ndef f(x):\n    return jax.lax.pvary(x, 'i')\n"

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(shutil.which("pre-commit") is None, reason="pre-commit is not installed"),
    pytest.mark.skipif(not (ROOT / ".git").exists(), reason="try-repo needs shardfix as a git checkout"),
]


def test_check_and_fix_hooks(tmp_path):
    repo = tmp_path / "user"
    repo.mkdir()
    subprocess.run(["git", "init", "-q"], cwd=repo, check=True)
    (repo / "m.py").write_text(PVARY)
    subprocess.run(["git", "add", "m.py"], cwd=repo, check=True)
    env = {**os.environ, "PRE_COMMIT_HOME": str(tmp_path / "pre-commit-home"), "NO_COLOR": "1"}

    def hook(hook_id: str) -> subprocess.CompletedProcess:
        return subprocess.run(["pre-commit", "try-repo", str(ROOT), hook_id, "--all-files"], cwd=repo, env=env,
                              capture_output=True, text=True, timeout=900)

    checked = hook("shardfix-check")
    assert checked.returncode == 1, checked.stdout + checked.stderr
    assert "m.py:5:12: SF201" in checked.stdout
    fixed = hook("shardfix-fix")
    assert fixed.returncode == 1  # pre-commit fails a hook that changed files
    assert (repo / "m.py").read_text() == PVARY.replace("jax.lax.pvary(x, 'i')", "jax.lax.pcast(x, 'i', to='varying')")
    again = hook("shardfix-check")
    assert again.returncode == 0, again.stdout
    # pre-commit names every file; `exclude` in the user's config still applies (--force-exclude).
    (repo / "vendored").mkdir()
    (repo / "vendored" / "v.py").write_text(PVARY)
    (repo / "pyproject.toml").write_text('[tool.shardfix]\nexclude = ["vendored/*"]\n')
    subprocess.run(["git", "add", "."], cwd=repo, check=True)
    excluded = hook("shardfix-check")
    assert excluded.returncode == 0, excluded.stdout
