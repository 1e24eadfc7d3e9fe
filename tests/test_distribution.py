"""The wheel as a user installs it: built from the sources, installed in a fresh virtual
environment that cannot see the checkout, then `explain` and `validate` run from elsewhere."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SOURCES = ("pyproject.toml", "setup.py", "MANIFEST.in", "README.md", "CHANGELOG.md", "codemods", "fixtures")

pytestmark = pytest.mark.slow


def _clean_env() -> dict:
    env = {key: value for key, value in os.environ.items() if key not in ("PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV")}
    return {**env, "NO_COLOR": "1", "COLUMNS": "200"}


@pytest.fixture(scope="module")
def installed(tmp_path_factory):
    """(venv python, venv shardfix, the wheel) for a wheel built from a copy of the sources."""
    pytest.importorskip("setuptools")
    work = tmp_path_factory.mktemp("dist")
    source = work / "src"
    source.mkdir()
    for name in SOURCES:
        origin = ROOT / name
        if origin.is_dir():
            shutil.copytree(origin, source / name, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
        else:
            shutil.copy2(origin, source / name)
    env = _clean_env()
    # No build isolation: the test extra provides setuptools, and the test needs no network.
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q", "-w",
                    str(work / "dist"), str(source)], check=True, env=env, cwd=work, capture_output=True, timeout=600)
    (wheel,) = (work / "dist").glob("shardfix-*.whl")
    venv = work / "venv"
    # System site-packages give it JAX and the dependencies without a download; shardfix itself
    # comes from the wheel (the venv's site-packages come first).
    subprocess.run([sys.executable, "-m", "venv", "--system-site-packages", str(venv)], check=True, timeout=600)
    python = venv / "bin" / "python"
    subprocess.run([str(python), "-m", "pip", "install", "--no-deps", "-q", str(wheel)], check=True, env=env,
                   capture_output=True, timeout=600)
    return python, venv / "bin" / "shardfix", wheel


def test_the_wheel_carries_the_fixtures(installed):
    _, _, wheel = installed
    names = set(zipfile.ZipFile(wheel).namelist())
    for case in (ROOT / "fixtures").glob("SF*/*/case.toml"):
        relative = case.relative_to(ROOT / "fixtures").as_posix()
        assert f"codemods/fixtures/{relative}" in names
        assert f"codemods/fixtures/{Path(relative).parent.as_posix()}/before.py" in names


def test_installed_explain_and_validate_need_no_checkout(installed, tmp_path):
    python, shardfix, _ = installed
    env = _clean_env()
    where = subprocess.run([str(python), "-c", "import codemods; print(codemods.__file__)"], cwd=tmp_path, env=env,
                           capture_output=True, text=True, check=True).stdout.strip()
    assert Path(where).is_relative_to(python.parent.parent), where
    explained = subprocess.run([str(shardfix), "explain", "SF101"], cwd=tmp_path, env=env, capture_output=True,
                               text=True, timeout=300)
    assert explained.returncode == 0, explained.stderr
    assert "From the fixtures (validated on 8 CPU devices)" in explained.stdout
    assert "SF101/" in explained.stdout and "after.py" in explained.stdout
    validated = subprocess.run([str(shardfix), "validate", "--select", "SF101"], cwd=tmp_path, env=env,
                               capture_output=True, text=True, timeout=1800)
    assert validated.returncode == 0, validated.stdout + validated.stderr
    cases = len(list((ROOT / "fixtures" / "SF101").glob("*/case.toml")))
    assert f"{cases} passed, 0 failed, 0 skipped" in validated.stdout, validated.stdout


def test_release_workflow_builds_on_a_tag_and_publishes_with_trusted_publishing():
    yaml = pytest.importorskip("yaml")
    workflow = yaml.safe_load((ROOT / ".github" / "workflows" / "release.yml").read_text())
    triggers = workflow[True] if True in workflow else workflow["on"]  # YAML 1.1 reads `on` as true
    assert triggers["push"]["tags"] == ["v*"]
    build, publish = workflow["jobs"]["build"], workflow["jobs"]["publish"]
    assert any("python -m build" in step.get("run", "") for step in build["steps"])
    assert publish["needs"] == "build" and publish["permissions"] == {"id-token": "write"}
    assert any(step.get("uses", "").startswith("pypa/gh-action-pypi-publish@") for step in publish["steps"])
    assert not any("password" in step.get("with", {}) for step in publish["steps"])  # no stored token
