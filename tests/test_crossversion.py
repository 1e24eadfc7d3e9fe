"""Cross-version validation (issue 17): before.py on the JAX it was written for, after.py on the
installed JAX, same values and gradients; environments per JAX version, cached and listed."""
from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from codemods.validate import envs
from codemods.validate.crossversion import run_case
from codemods.validate.runner import discover_cases

HAS_JAX = importlib.util.find_spec("jax") is not None
REPO = Path(__file__).resolve().parents[1]

PROGRAM = """
import jax
import jax.numpy as jnp
import numpy as np


def inputs():
    return (np.arange(8, dtype=np.float32) / 8,)


def main(x):
    return jnp.sin(x) * {scale}


def loss(x):
    return jnp.sum(jnp.sin(x) ** 2) * {grad_scale}
"""


def _env_with_installed_jax(root: Path, version: str) -> None:
    """An environment directory whose Python is this one (it has the installed JAX)."""
    bin_dir = root / f"jax-{version}" / "bin"
    bin_dir.mkdir(parents=True)
    (bin_dir / "python").symlink_to(sys.executable)


def _case(root: Path, written_for: str, before: str, after: str):
    case = root / "fixtures" / "SF203" / "case"
    case.mkdir(parents=True)
    (case / "case.toml").write_text(f'summary = "x"\nwritten-for = "{written_for}"\n', encoding="utf-8")
    (case / "before.py").write_text(before, encoding="utf-8")
    (case / "after.py").write_text(after, encoding="utf-8")
    return discover_cases(root / "fixtures")[0]


def test_list_envs_skips_unfinished_and_orders_by_version(tmp_path):
    for name in ("jax-0.10.2", "jax-0.4.35", "jax-0.9.2"):
        _env_with_installed_jax(tmp_path, name[4:])
    (tmp_path / "jax-0.6.2.partial" / "bin").mkdir(parents=True)
    (tmp_path / "jax-0.6.2.partial" / "bin" / "python").write_text("")
    assert [v for v, _ in envs.list_envs(tmp_path)] == ["0.4.35", "0.9.2", "0.10.2"]


def test_a_bad_version_is_a_clear_error(tmp_path):
    with pytest.raises(envs.EnvError, match="not a JAX version"):
        envs.python_for("latest", tmp_path)
    with pytest.raises(envs.EnvError, match="no environment for jax 0.6.2"):
        envs.python_for("0.6.2", tmp_path, create=False)


def test_an_unreachable_registry_is_an_error_and_leaves_no_half_made_env(tmp_path, monkeypatch):
    monkeypatch.setenv("PIP_INDEX_URL", "http://127.0.0.1:9/simple")
    monkeypatch.setenv("PIP_CONFIG_FILE", os.devnull)
    monkeypatch.setenv("PIP_RETRIES", "0")
    monkeypatch.setenv("PIP_TIMEOUT", "1")
    monkeypatch.setenv("PATH", os.path.dirname(sys.executable))  # no uv: the venv + pip path
    with pytest.raises(envs.EnvError, match="cannot install jax 0.6.2"):
        envs.python_for("0.6.2", tmp_path)
    assert list(tmp_path.iterdir()) == []


def test_an_environment_another_run_finished_first_is_used_and_ours_removed(tmp_path, monkeypatch):
    """Two runs making the same environment at once: each builds in its own folder, and the one
    that finishes second uses the first one's environment (before, both built in one folder,
    and one run's pip could install into the Python shardfix runs in)."""
    made = []

    def install(partial, version):
        made.append(partial)
        script = ("import os, sys; root, partial = sys.argv[1], sys.argv[2]\n"
                  "for folder in (partial, os.path.join(root, 'jax-0.6.2')):\n"
                  "    os.makedirs(os.path.join(folder, 'bin'))\n"
                  "    open(os.path.join(folder, 'bin', 'python'), 'w').close()\n")
        return [[sys.executable, "-c", script, str(tmp_path), str(partial)]]

    monkeypatch.setattr(envs, "_install_commands", install)
    assert envs.python_for("0.6.2", tmp_path) == tmp_path / "jax-0.6.2" / "bin" / "python"
    assert made[0].name == f"jax-0.6.2.{os.getpid()}.partial"
    assert sorted(entry.name for entry in tmp_path.iterdir()) == ["jax-0.6.2"]


def test_cli_validate_lists_envs(tmp_path):
    _env_with_installed_jax(tmp_path, "0.8.2")
    env = dict(os.environ, SHARDFIX_JAX_ENVS=str(tmp_path))
    done = subprocess.run([sys.executable, "-m", "codemods", "validate", "--list-envs"], capture_output=True,
                          text=True, env=env, cwd=REPO)
    assert done.returncode == 0, done.stderr
    assert f"jax 0.8.2\t{tmp_path / 'jax-0.8.2'}" in done.stdout


def test_a_case_whose_env_cannot_be_made_fails_with_the_reason(tmp_path):
    case = _case(tmp_path, "0.6.2", PROGRAM.format(scale=2, grad_scale=1), PROGRAM.format(scale=2, grad_scale=1))
    (tmp_path / "envs").write_text("a file, not a directory")
    result = run_case(case, envs_root=tmp_path / "envs")
    assert result.status == "failed" and result.before.startswith("no jax 0.6.2:")


@pytest.mark.skipif(not HAS_JAX, reason="needs JAX")
def test_same_results_pass_and_different_values_or_gradients_fail(tmp_path):
    _env_with_installed_jax(tmp_path / "envs", "0.10.2")
    same = run_case(_case(tmp_path / "a", "0.10.2", PROGRAM.format(scale=2, grad_scale=1),
                          PROGRAM.format(scale="2.0", grad_scale="1.0")), envs_root=tmp_path / "envs")
    assert (same.status, same.before, same.after, same.grad) == \
        ("passed", "ran on jax 0.10.2", "same as before", "same as before")
    values = run_case(_case(tmp_path / "b", "0.10.2", PROGRAM.format(scale=2, grad_scale=1),
                            PROGRAM.format(scale=3, grad_scale=1)), envs_root=tmp_path / "envs")
    assert values.status == "failed" and values.after.startswith("differs from before")
    grads = run_case(_case(tmp_path / "c", "0.10.2", PROGRAM.format(scale=2, grad_scale=1),
                           PROGRAM.format(scale=2, grad_scale=2)), envs_root=tmp_path / "envs")
    assert grads.status == "failed" and grads.after == "same as before" and grads.grad.startswith("differs")
    broken = run_case(_case(tmp_path / "d", "0.10.2", "raise SystemExit(3)\n", PROGRAM.format(scale=2, grad_scale=1)),
                      envs_root=tmp_path / "envs")
    assert broken.status == "failed" and broken.before.startswith("jax 0.10.2: failed")


def _old_jax(version: str) -> Path:
    try:
        return envs.python_for(version, create=False)
    except envs.EnvError:
        pytest.skip(f"no cached environment with jax {version} (make one: shardfix validate on a written-for case)")


@pytest.mark.skipif(not HAS_JAX, reason="needs JAX")
def test_a_migration_missing_axis_types_is_caught_on_the_real_old_jax(tmp_path):
    """The SF207 case without its fix: on jax 0.6.2 make_mesh's axes are Auto and shard_map shards
    the input itself; on the installed JAX they are Explicit and the same after.py fails."""
    _old_jax("0.6.2")
    fixture = REPO / "fixtures" / "SF207" / "exp_shard_map_062"
    after = (fixture / "after.py").read_text(encoding="utf-8").replace(
        ", axis_types=(jax.sharding.AxisType.Auto,) * 1", "")
    case = _case(tmp_path, "0.6.2", (fixture / "before.py").read_text(encoding="utf-8"), after)
    result = run_case(case)
    assert result.before == "ran on jax 0.6.2"
    assert result.status == "failed" and "in_specs" in result.after + result.output
    good = run_case(_case(tmp_path / "good", "0.6.2", (fixture / "before.py").read_text(encoding="utf-8"),
                          (fixture / "after.py").read_text(encoding="utf-8")))
    assert good.status == "passed", good.output[-2000:]


@pytest.mark.slow
@pytest.mark.skipif(not HAS_JAX, reason="needs JAX")
def test_bundled_cross_version_fixtures_all_pass():
    """Every `written-for` fixture: before.py on its JAX, after.py on the installed one, same
    results. A JAX version whose environment cannot be made here (no registry) is skipped."""
    cases = [case for case in discover_cases(REPO / "fixtures") if "written-for" in case.toml]
    assert len(cases) >= 36
    unavailable = set()
    for version in sorted({case.toml["written-for"] for case in cases}):
        try:
            envs.python_for(version)
        except envs.EnvError:
            unavailable.add(version)
    runnable = [case for case in cases if case.toml["written-for"] not in unavailable]
    if not runnable:
        pytest.skip(f"no environment could be made for jax {', '.join(sorted(unavailable))}")
    failed = [r for r in (run_case(case) for case in runnable) if r.status != "passed"]
    assert not failed, "\n\n".join(f"{r.label}: {r.before} / {r.after} / {r.grad}\n{r.output[-2000:]}" for r in failed)


def test_every_migration_rule_and_sf105_is_proven_from_two_old_versions():
    """Issue 17: every SF2xx rule and SF105 (whose fix claims to keep the old meaning) has at least
    two cross-version cases from at least two old JAX versions; a rule that fixes has two such
    cases with a fix."""
    from codemods.rules import all_rules

    cases = [case for case in discover_cases(REPO / "fixtures") if "written-for" in case.toml]
    codes = sorted(rule.code for rule in all_rules() if rule.code.startswith("SF2") or rule.code == "SF105")
    assert {"SF105", "SF201", "SF202", "SF207"} <= set(codes)
    for code in codes:
        mine = [case for case in cases if case.code == code]
        fixing = [case for case in mine if case.fixes]
        chosen = fixing if fixing else mine  # SF204 only reports
        versions = {case.toml["written-for"] for case in chosen}
        assert len(chosen) >= 2 and len(versions) >= 2, (code, [case.name for case in mine])
        assert all(envs.check_version(version) is None for version in versions)
