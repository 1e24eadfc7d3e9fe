"""ruff's command-line habits and "errors, not silence", driven through the real command."""
from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest

PVARY = "import jax\n\n\ndef f(x):\n    return jax.lax.pvary(x, 'i')\n"
PVARY_FIXED = "import jax\n\n\ndef f(x):\n    return jax.lax.pcast(x, 'i', to='varying')\n"


def write(root: Path, name: str, content: str) -> Path:
    path = root / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(content, encoding="utf-8", newline="")
    return path


def out(result) -> str:
    return result.stdout.decode() + result.stderr.decode()


def codes_by_path(result) -> dict[str, list[tuple[int, str]]]:
    found: dict[str, list[tuple[int, str]]] = {}
    for record in json.loads(result.stdout)["findings"]:
        found.setdefault(record["path"], []).append((record["line"], record["code"]))
    return found


def test_unreadable_subdirectory_is_an_error_naming_it(tmp_path, shardfix):
    write(tmp_path, "clean.py", "x = 1\n")
    secret = write(tmp_path, "secret/bad.py", PVARY).parent
    os.chmod(secret, 0)
    try:
        # Root reads everything; without the DAC capabilities it meets the permission bits.
        prefix = []
        if os.geteuid() == 0:
            if shutil.which("setpriv") is None:
                pytest.skip("running as root without setpriv to drop the override capabilities")
            prefix = ["setpriv", "--bounding-set=-dac_override,-dac_read_search", "--"]
        import subprocess
        import sys

        env = {**os.environ, "NO_COLOR": "1"}
        result = subprocess.run([*prefix, sys.executable, "-m", "codemods", "check", "--no-cache", "."],
                                cwd=tmp_path, capture_output=True, env=env, timeout=300)
    finally:
        os.chmod(secret, 0o755)
    assert result.returncode == 2, out(result)
    assert "secret: cannot read directory: Permission denied" in result.stderr.decode()
    assert "All checks passed" not in out(result)
    assert "Traceback" not in out(result)


@pytest.mark.parametrize("toml, message", [
    ('target-jax = 0.10', 'target-jax must be a string like "0.10", got a float 0.1'),
    ('target-jax = "0.8.2x"', "not a JAX version: '0.8.2x'"),
    ('target-jax = "0.x"', "not a JAX version: '0.x'"),
    ('select = "SF201"', "select must be a list of rule codes"),
    ('extend-select = ["SF999"]', "unknown rule code or prefix: SF999"),
    ('unsafe-fixes = "yes"', "unsafe-fixes must be a boolean"),
    ('per-file-ignores = ["tests/*"]', "per-file-ignores must be a table"),
])
def test_config_values_are_checked_with_the_type_named(tmp_path, shardfix, toml, message):
    write(tmp_path, "pyproject.toml", f"[tool.shardfix]\n{toml}\n")
    write(tmp_path, "m.py", PVARY)
    result = shardfix("check", ".", cwd=tmp_path)
    assert result.returncode == 2
    assert message in result.stderr.decode()
    assert "Traceback" not in out(result) and not result.stdout


def test_bad_versions_and_formats_on_the_command_line(tmp_path, shardfix):
    write(tmp_path, "m.py", PVARY)
    for args, message in [(("check", "--target-jax", "0.x", "."), "not a JAX version: '0.x'"),
                          (("check", "--target-jax", "0.8.2x", "."), "not a JAX version: '0.8.2x'"),
                          (("rules", "--format", "yaml"), "'yaml' is not one of"),
                          (("check", "--format", "yaml", "."), "'yaml' is not one of"),
                          (("check", "--config", "missing.toml", "."), "missing.toml: --config names no readable file")]:
        result = shardfix(*args, cwd=tmp_path)
        assert result.returncode == 2, args
        assert message in result.stderr.decode(), (args, out(result))
        assert not result.stdout, args
    assert shardfix("check", "--target-jax", "0.8.2", ".", cwd=tmp_path).returncode == 1


def test_check_diff_and_format_diff_print_the_diff_and_write_nothing(tmp_path, shardfix):
    path = write(tmp_path, "pkg/m.py", PVARY)
    for args in (("check", "--diff", "."), ("check", "--output-format", "diff", "."), ("check", "--format", "diff", ".")):
        result = shardfix(*args, cwd=tmp_path)
        assert result.returncode == 1, args
        text = result.stdout.decode()
        assert "--- a/pkg/m.py\n+++ b/pkg/m.py\n" in text, args
        assert "+    return jax.lax.pcast(x, 'i', to='varying')\n" in text, args
        assert path.read_text() == PVARY
    assert shardfix("check", "--fix", "--diff", ".", cwd=tmp_path).returncode == 2


def test_check_fix_writes_and_reports_what_remains(tmp_path, shardfix):
    path = write(tmp_path, "m.py", PVARY)
    result = shardfix("check", "--fix", ".", cwd=tmp_path)
    assert result.returncode == 0, out(result)
    assert path.read_text() == PVARY_FIXED
    assert "Fixed 1 finding" in result.stdout.decode()
    again = shardfix("check", "--fix", "--output-format", "json", ".", cwd=tmp_path)
    assert again.returncode == 0 and json.loads(again.stdout)["findings"] == []
    assert path.read_text() == PVARY_FIXED


def test_config_file_extend_select_and_per_file_ignores(tmp_path, shardfix):
    # Only SF1 rules selected, SF201 added back; tests/ ignore SF201.
    write(tmp_path, "ci/shardfix.toml",
          'select = ["SF1"]\nextend-select = ["SF201"]\n\n[per-file-ignores]\n"../tests/*" = ["SF201"]\n"gen_*.py" = ["SF2"]\n')
    write(tmp_path, "src/m.py", PVARY)
    write(tmp_path, "src/gen_api.py", PVARY)
    write(tmp_path, "tests/test_m.py", PVARY)
    write(tmp_path, "pyproject.toml", '[tool.shardfix]\nselect = ["SF101"]\n')  # --config wins over it
    result = shardfix("check", "--config", "ci/shardfix.toml", "--output-format", "json", ".", cwd=tmp_path)
    assert result.returncode == 1, out(result)
    assert codes_by_path(result) == {"src/m.py": [(5, "SF201")]}
    # --extend-select on the command line adds to the pyproject's select.
    result = shardfix("check", "--extend-select", "SF2", "--output-format", "json", "src/m.py", cwd=tmp_path)
    assert codes_by_path(result) == {"src/m.py": [(5, "SF201")]}
    assert shardfix("check", "src/m.py", cwd=tmp_path).returncode == 0  # SF101 only


def test_file_level_and_case_insensitive_suppressions(tmp_path, shardfix):
    write(tmp_path, "lower.py", PVARY.replace("'i')\n", "'i')  # noqa: sf201\n"))
    write(tmp_path, "whole.py", "# shardfix: noqa\n" + PVARY)
    write(tmp_path, "whole_code.py", "# SHARDFIX: NOQA: SF2\n" + PVARY)
    write(tmp_path, "other_code.py", "# shardfix: noqa: SF101\n" + PVARY)
    inline = "x = 1  # shardfix: noqa\n"  # not on a line of its own: not file-level
    write(tmp_path, "inline.py", inline + PVARY)
    result = shardfix("check", "--output-format", "json", ".", cwd=tmp_path)
    assert codes_by_path(result) == {"other_code.py": [(6, "SF201")], "inline.py": [(6, "SF201")]}


def test_unused_suppressions_are_opt_in_and_only_certain_ones(tmp_path, shardfix):
    write(tmp_path, "m.py", PVARY.replace("'i')\n", "'i')  # noqa: SF201\n")
          + "\n\ndef g(x):\n    return x  # noqa: SF201, E501\n"
          + "\n\ndef h(x):\n    return x  # shardfix: ignore\n"
          + "\n\ndef k(x):\n    return x  # noqa\n"  # may be another linter's: never reported
          + "\n\ndef n(x):\n    return x  # noqa: E501\n")
    assert shardfix("check", ".", cwd=tmp_path).returncode == 0
    expected = {"m.py": [(9, "SF900"), (13, "SF900")]}
    for args in (("--report-unused-suppressions",), ("--extend-select", "SF900")):
        result = shardfix("check", *args, "--output-format", "json", ".", cwd=tmp_path)
        assert result.returncode == 1, out(result)
        assert codes_by_path(result) == expected, args
        messages = [r["message"] for r in json.loads(result.stdout)["findings"]]
        assert messages == ["unused suppression for SF201", "unused suppression comment (it silences nothing)"]
    write(tmp_path, "pyproject.toml", "[tool.shardfix]\nreport-unused-suppressions = true\n")
    assert codes_by_path(shardfix("check", "--output-format", "json", ".", cwd=tmp_path)) == expected
    # A rule that did not run proves nothing about its suppressions.
    assert shardfix("check", "--select", "SF1", ".", cwd=tmp_path).returncode == 0


def test_force_exclude_applies_excludes_to_named_files(tmp_path, shardfix):
    write(tmp_path, "pyproject.toml", '[tool.shardfix]\nexclude = ["vendored/*", "gen_*.py"]\n')
    write(tmp_path, "vendored/m.py", PVARY)
    write(tmp_path, "pkg/gen_x.py", PVARY)
    write(tmp_path, "pkg/ok.py", PVARY_FIXED)
    named = ("vendored/m.py", "pkg/gen_x.py", "pkg/ok.py")
    assert shardfix("check", *named, cwd=tmp_path).returncode == 1  # named: checked (ruff's default)
    result = shardfix("check", "--force-exclude", *named, cwd=tmp_path)
    assert result.returncode == 0, out(result)
    assert "(1 file checked)" in result.stdout.decode()
    fixed = shardfix("apply", "--force-exclude", *named, cwd=tmp_path)
    assert fixed.returncode == 0 and (tmp_path / "vendored/m.py").read_text() == PVARY


def test_quiet_and_verbose(tmp_path, shardfix):
    write(tmp_path, "pyproject.toml", '[tool.shardfix]\ntarget-jax = "0.8.2"\n')
    write(tmp_path, "m.py", PVARY)
    quiet = shardfix("check", "-q", ".", cwd=tmp_path)
    assert quiet.returncode == 1
    assert quiet.stdout.decode().splitlines() == [quiet.stdout.decode().splitlines()[0]]
    assert quiet.stdout.decode().startswith("m.py:5:12: SF201")
    verbose = shardfix("check", "--verbose", ".", cwd=tmp_path)
    err = verbose.stderr.decode()
    assert f"settings: {tmp_path / 'pyproject.toml'}" in err
    assert "target JAX: 0.8.2" in err and "checked m.py" in err


def test_a_form_feed_does_not_shift_which_line_a_noqa_silences(tmp_path, shardfix):
    """Python ends lines at \\r and \\n only; a form feed (common between sections of old code)
    must not move a suppression onto another line."""
    source = ("import jax\n\x0c\n\ndef f(x):\n    return jax.lax.pvary(x, 'i')  # noqa: SF201\n\n\n"
              "def g(x):\n    return jax.lax.pvary(x, 'j')\n")
    (tmp_path / "ff.py").write_text(source, encoding="utf-8", newline="")
    result = shardfix("check", "--output-format", "json", "ff.py", cwd=tmp_path)
    import json

    assert [f["line"] for f in json.loads(result.stdout)["findings"]] == [9], result.stdout
