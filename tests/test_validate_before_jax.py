"""`--validate-cmd CMD --before-jax X` (issue 17): the user's own tests run on the old JAX before
the rewrite and on the installed JAX after it; "passed before, fails after" refuses the rewrite."""
from __future__ import annotations

import os
import sys
import textwrap
from pathlib import Path

import pytest

from codemods.validate import envs

MODEL = """\
import jax


def replicate(x):
    devs = jax.devices()
    return jax.device_put_replicated(x, devs)
"""
TEST_MODEL = """\
import numpy as np

from pkg.model import replicate


def test_replicate():
    out = np.asarray(replicate(np.arange(3.0)))
    assert out.shape == (8, 3) and (out == np.arange(3.0)).all()
"""
# A test only the old JAX passes: it shows which JAX each side really ran on.
TEST_PINNED = """\
import jax


def test_pinned_to_the_old_jax():
    assert jax.__version__ == "0.6.2", "ran on jax " + jax.__version__
"""
CMD = "python -m pytest -q -p no:cacheprovider tests"


def _project(root: Path, pinned: bool) -> Path:
    project = root / "proj"
    (project / "pkg").mkdir(parents=True)
    (project / "tests").mkdir()
    (project / "pkg" / "__init__.py").write_text("")
    (project / "pkg" / "model.py").write_text(MODEL)
    (project / "tests" / "test_model.py").write_text(TEST_MODEL)
    if pinned:
        (project / "tests" / "test_pinned.py").write_text(TEST_PINNED)
    return project


def _old_jax() -> None:
    try:
        envs.python_for("0.6.2", create=False)
    except envs.EnvError:
        pytest.skip("no cached environment with jax 0.6.2 (`shardfix validate --select SF202` makes one)")


@pytest.mark.parametrize("argv, expected", [
    (["python", "-m", "pytest", "-q"], ["OLD", "-m", "pytest", "-q"]),
    (["/usr/bin/python3.11", "run.py"], ["OLD", "run.py"]),
    (["pytest", "tests"], ["OLD", "-m", "pytest", "tests"]),
    (["make", "test"], ["make", "test"]),  # its own `python` is found first on PATH
    (["python-config"], ["python-config"]),
])
def test_the_command_is_started_with_the_old_python(argv, expected):
    assert envs.command_on(Path("OLD"), argv) == expected


def test_the_old_python_finds_its_own_jax_first_and_pytest_from_here(tmp_path):
    env = envs.environment_on(Path("/envs/jax-0.6.2/bin/python"), {"PATH": "/usr/bin", "PYTHONPATH": "/proj"},
                              tmp_path / "site")
    assert env["PATH"].split(os.pathsep)[0] == "/envs/jax-0.6.2/bin"
    assert env["PYTHONPATH"].split(os.pathsep) == ["/proj", str(tmp_path / "site")]
    hook = (tmp_path / "site" / "sitecustomize.py").read_text()
    assert "addsitedir" in hook  # appended after the environment's own site-packages


def test_before_jax_needs_validate_cmd_and_a_version(tmp_path, shardfix):
    (tmp_path / "m.py").write_text(MODEL)
    alone = shardfix("apply", "m.py", "--before-jax", "0.6.2", cwd=tmp_path)
    assert alone.returncode == 2 and b"--before-jax needs --validate-cmd" in alone.stderr
    bad = shardfix("apply", "m.py", "--validate-cmd", CMD, "--before-jax", "0.6.2/../x", cwd=tmp_path)
    assert bad.returncode == 2 and b"not a JAX version" in bad.stderr and b"Traceback" not in bad.stderr
    assert (tmp_path / "m.py").read_text() == MODEL


def test_an_env_that_cannot_be_made_is_a_clear_error_and_nothing_is_written(tmp_path, shardfix):
    project = _project(tmp_path, pinned=False)
    offline = {"SHARDFIX_JAX_ENVS": str(tmp_path / "envs"), "PIP_INDEX_URL": "http://127.0.0.1:9/simple",
               "PIP_CONFIG_FILE": os.devnull, "PIP_RETRIES": "0", "PIP_TIMEOUT": "1",
               "PATH": os.path.dirname(sys.executable)}  # no uv: venv + pip
    done = shardfix("apply", "pkg", "--validate-cmd", CMD, "--before-jax", "0.6.2", cwd=project, env=offline)
    err = done.stderr.decode()
    assert done.returncode == 2, err
    assert "--before-jax 0.6.2: cannot install jax 0.6.2" in err and "Traceback" not in err
    assert (project / "pkg" / "model.py").read_text() == MODEL


def test_old_tests_pass_on_the_old_jax_and_the_rewrite_on_the_installed_one(tmp_path, shardfix):
    _old_jax()
    project = _project(tmp_path, pinned=False)
    done = shardfix("apply", "pkg", "--validate-cmd", CMD, "--before-jax", "0.6.2", cwd=project)
    out = done.stdout.decode()
    assert done.returncode == 0, out + done.stderr.decode()
    assert "before (jax 0.6.2): passed: exit 0" in out
    assert "after (jax 0.10.2): passed: exit 0" in out and "no regression" in out
    model = (project / "pkg" / "model.py").read_text()
    assert "device_put_replicated" not in model and "jax.device_put(" in model


def test_passed_on_the_old_jax_and_failed_on_the_new_one_refuses_the_rewrite(tmp_path, shardfix):
    _old_jax()
    project = _project(tmp_path, pinned=True)
    done = shardfix("apply", "pkg", "--validate-cmd", "pytest -q -p no:cacheprovider tests", "--before-jax", "0.6.2",
                    cwd=project)
    out = done.stdout.decode()
    assert done.returncode == 1, out + done.stderr.decode()
    assert "before (jax 0.6.2): passed: exit 0" in out and "after (jax 0.10.2): failed: exit 1" in out
    assert "tests/test_pinned.py::test_pinned_to_the_old_jax" in out and "broke" in out
    assert "ran on jax 0.10.2" in out
    assert "nothing written" in out
    assert (project / "pkg" / "model.py").read_text() == MODEL
