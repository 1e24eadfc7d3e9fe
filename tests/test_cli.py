"""The `shardfix` command as a user runs it: real subprocesses on temporary trees."""
from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

PVARY = "import jax\n\n\ndef f(x):\n    return jax.lax.pvary(x, 'i')  # keep me\n"
PVARY_FIXED = "import jax\n\n\ndef f(x):\n    return jax.lax.pcast(x, 'i', to='varying')  # keep me\n"
CLEAN = "import jax\n\n\ndef f(x):\n    return jax.lax.pcast(x, 'i', to='varying')\n"


def write(root: Path, name: str, content: str | bytes) -> Path:
    path = root / name
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(content, str):
        path.write_text(content, encoding="utf-8", newline="")
    else:
        path.write_bytes(content)
    return path


def test_check_exit_codes_and_output(tmp_path, shardfix):
    write(tmp_path, "clean.py", CLEAN)
    result = shardfix("check", "clean.py", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert b"All checks passed" in result.stdout

    write(tmp_path, "bad.py", PVARY)
    result = shardfix("check", ".", cwd=tmp_path)
    assert result.returncode == 1
    line = result.stdout.decode().splitlines()[0]
    assert line.startswith("bad.py:5:12: SF201 ")
    assert "pcast" in line


def test_syntax_error_is_one_line_exit_2_and_other_files_still_checked(tmp_path, shardfix):
    write(tmp_path, "broken.py", "import jax\ndef f(:\n    jax.lax.pvary(x, 'i')\n")
    write(tmp_path, "bad.py", PVARY)
    result = shardfix("check", ".", cwd=tmp_path)
    assert result.returncode == 2
    err = result.stderr.decode()
    assert "broken.py" in err and "syntax error" in err
    assert "Traceback" not in err
    assert "bad.py:5:12: SF201" in result.stdout.decode()


def test_diff_writes_nothing_and_exits_1(tmp_path, shardfix):
    path = write(tmp_path, "pkg/bad.py", PVARY)
    result = shardfix("diff", ".", cwd=tmp_path)
    assert result.returncode == 1
    out = result.stdout.decode()
    assert "--- a/pkg/bad.py" in out and "+++ b/pkg/bad.py" in out
    assert "-    return jax.lax.pvary(x, 'i')  # keep me" in out
    assert "+    return jax.lax.pcast(x, 'i', to='varying')  # keep me" in out
    assert path.read_text() == PVARY


def test_diff_output_applies_with_git_apply(tmp_path, shardfix):
    import subprocess

    write(tmp_path, "pkg/bad.py", PVARY)
    write(tmp_path, "other.py", PVARY.replace("def f", "def g"))
    subprocess.run(["git", "init", "-q"], cwd=tmp_path, check=True)
    patch = shardfix("diff", ".", "--no-color", cwd=tmp_path).stdout
    subprocess.run(["git", "apply"], cwd=tmp_path, input=patch, check=True)
    assert (tmp_path / "pkg/bad.py").read_text() == PVARY_FIXED


def test_apply_fixes_in_place_and_is_idempotent(tmp_path, shardfix):
    path = write(tmp_path, "bad.py", PVARY)
    os.chmod(path, 0o640)
    result = shardfix("apply", ".", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert path.read_text() == PVARY_FIXED
    assert oct(path.stat().st_mode & 0o777) == oct(0o640)
    assert "bad.py" in result.stdout.decode()
    again = shardfix("apply", ".", cwd=tmp_path)
    assert again.returncode == 0
    assert path.read_text() == PVARY_FIXED
    assert not [p for p in tmp_path.iterdir() if "shardfix-tmp" in p.name]


@pytest.mark.parametrize("name, before, after", [
    ("crlf.py", PVARY.replace("\n", "\r\n").encode(), PVARY_FIXED.replace("\n", "\r\n").encode()),
    ("cr.py", PVARY.replace("\n", "\r").encode(), PVARY_FIXED.replace("\n", "\r").encode()),  # old Mac
    ("bom.py", b"\xef\xbb\xbf" + PVARY.encode(), b"\xef\xbb\xbf" + PVARY_FIXED.encode()),
    ("latin1.py", b"# -*- coding: latin-1 -*-\n# caf\xe9\n" + PVARY.encode(),
     b"# -*- coding: latin-1 -*-\n# caf\xe9\n" + PVARY_FIXED.encode()),
    ("tabs.py", PVARY.replace("    ", "\t").encode(), PVARY_FIXED.replace("    ", "\t").encode()),
    ("nonewline.py", PVARY.rstrip("\n").encode(), PVARY_FIXED.rstrip("\n").encode()),
])
def test_apply_keeps_every_other_byte(tmp_path, shardfix, name, before, after):
    path = write(tmp_path, name, before)
    result = shardfix("apply", name, cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert path.read_bytes() == after


def test_apply_reports_remaining_findings_with_exit_1(tmp_path, shardfix):
    # A reference that is not a call cannot be rewritten automatically.
    path = write(tmp_path, "ref.py", "import jax\n\ncast = jax.lax.pvary\n")
    result = shardfix("apply", ".", cwd=tmp_path)
    assert result.returncode == 1
    assert "ref.py:3:8: SF201" in result.stdout.decode()
    assert path.read_text() == "import jax\n\ncast = jax.lax.pvary\n"


@pytest.mark.parametrize("content, reason", [
    (b"# -*- coding: klingon -*-\nimport jax\njax.lax.pvary\n", "klingon"),
    (b"import jax\nx = '\xff\xfe'\njax.lax.pvary(x, 'i')\n", "utf-8"),
    (b"import jax\x00\njax.lax.pvary(x, 'i')\n", "NUL"),
])
def test_undecodable_files_are_reported_not_damaged(tmp_path, shardfix, content, reason):
    path = write(tmp_path, "weird.py", content)
    write(tmp_path, "bad.py", PVARY)
    result = shardfix("apply", ".", cwd=tmp_path)
    assert result.returncode == 2
    err = result.stderr.decode()
    assert "weird.py" in err and reason in err and "Traceback" not in err
    assert path.read_bytes() == content
    assert (tmp_path / "bad.py").read_text() == PVARY_FIXED


def test_missing_path_is_an_error(tmp_path, shardfix):
    result = shardfix("check", "nope.py", cwd=tmp_path)
    assert result.returncode == 2
    assert b"nope.py" in result.stderr and b"Traceback" not in result.stderr


def test_stdin_mode(tmp_path, shardfix):
    result = shardfix("apply", "-", cwd=tmp_path, stdin=PVARY.encode())
    assert result.returncode == 0
    assert result.stdout == PVARY_FIXED.encode()
    result = shardfix("check", "-", "--stdin-filename", "mod.py", cwd=tmp_path, stdin=PVARY.encode())
    assert result.returncode == 1
    assert result.stdout.decode().startswith("mod.py:5:12: SF201")
    result = shardfix("diff", "-", cwd=tmp_path, stdin=PVARY.encode())
    assert result.returncode == 1 and b"+    return jax.lax.pcast" in result.stdout


def test_walk_skips_vcs_venvs_build_gitignored_and_excluded(tmp_path, shardfix):
    for name in (".git/x.py", "venv/lib/x.py", "__pycache__/x.py", "build/x.py", "dist/x.py",
                 "ignored/x.py", "gen/skip_me.py", "env2/x.py"):
        write(tmp_path, name, PVARY)
    write(tmp_path, "env2/pyvenv.cfg", "home = /usr\n")
    write(tmp_path, ".gitignore", "ignored/\n")
    write(tmp_path, "src/found.py", PVARY)
    result = shardfix("check", ".", "--exclude", "gen/*", cwd=tmp_path)
    assert result.returncode == 1
    paths = {line.split(":")[0] for line in result.stdout.decode().splitlines() if ": SF" in line}
    assert paths == {"src/found.py"}


def test_select_ignore_and_pyproject_settings(tmp_path, shardfix):
    write(tmp_path, "bad.py", PVARY)
    assert shardfix("check", ".", "--ignore", "SF201", cwd=tmp_path).returncode == 0
    assert shardfix("check", ".", "--select", "SF1", cwd=tmp_path).returncode == 0
    assert shardfix("check", ".", "--select", "SF2", cwd=tmp_path).returncode == 1
    write(tmp_path, "pyproject.toml", '[tool.shardfix]\nignore = ["SF201"]\n')
    assert shardfix("check", ".", cwd=tmp_path).returncode == 0
    # The command line wins over the file.
    assert shardfix("check", ".", "--ignore", "SF101", cwd=tmp_path).returncode == 1
    write(tmp_path, "pyproject.toml", '[tool.shardfix]\ntarget-jax = "0.8.1"\n')
    assert shardfix("check", ".", cwd=tmp_path).returncode == 0  # pvary is right for 0.8.1
    assert shardfix("check", ".", "--target-jax", "0.10", cwd=tmp_path).returncode == 1
    write(tmp_path, "pyproject.toml", '[tool.shardfix]\nexclude = ["bad.py"]\n')
    assert shardfix("check", ".", cwd=tmp_path).returncode == 0


def test_bad_configuration_and_options_exit_2(tmp_path, shardfix):
    write(tmp_path, "bad.py", PVARY)
    write(tmp_path, "pyproject.toml", '[tool.shardfix]\nselect = "SF2\n')
    result = shardfix("check", ".", cwd=tmp_path)
    assert result.returncode == 2 and b"pyproject.toml" in result.stderr
    write(tmp_path, "pyproject.toml", '[tool.shardfix]\ncolour = true\n')
    assert shardfix("check", ".", cwd=tmp_path).returncode == 2
    (tmp_path / "pyproject.toml").unlink()
    assert shardfix("check", ".", "--select", "XY9", cwd=tmp_path).returncode == 2
    assert shardfix("check", ".", "--target-jax", "banana", cwd=tmp_path).returncode == 2


@pytest.mark.parametrize("comment", ["# shardfix: ignore[SF201]", "# shardfix: ignore", "# noqa: SF201", "# noqa"])
def test_inline_suppression(tmp_path, shardfix, comment):
    write(tmp_path, "s.py", f"import jax\n\n\ndef f(x):\n    return jax.lax.pvary(x, 'i')  {comment}\n")
    assert shardfix("check", ".", cwd=tmp_path).returncode == 0


def test_suppression_of_another_code_does_not_hide(tmp_path, shardfix):
    write(tmp_path, "s.py", "import jax\n\n\ndef f(x):\n    return jax.lax.pvary(x, 'i')  # noqa: SF101\n")
    assert shardfix("check", ".", cwd=tmp_path).returncode == 1


def test_json_format(tmp_path, shardfix):
    write(tmp_path, "bad.py", PVARY)
    result = shardfix("check", ".", "--format", "json", cwd=tmp_path)
    assert result.returncode == 1
    report = json.loads(result.stdout)
    [record] = report["findings"]
    assert record == {
        **record,
        "code": "SF201", "path": "bad.py", "line": 5, "column": 12, "end_line": 5, "end_column": 33,
        "fix_available": True, "fix_safety": "safe",
    }
    assert "pcast" in record["message"]


def test_rules_and_explain(shardfix):
    listing = shardfix("rules").stdout.decode()
    assert "SF201" in listing and "removed-api" in listing
    explained = shardfix("explain", "SF201")
    assert explained.returncode == 0
    text = explained.stdout.decode()
    for section in ("What it does", "Why is this bad?", "Example", "Use instead", "Fix safety"):
        assert section in text
    assert shardfix("explain", "SF999").returncode == 2


def test_version_and_help(shardfix):
    assert shardfix("--version").stdout.decode().startswith("shardfix ")
    helped = shardfix("check", "--help").stdout.decode()
    assert "Examples" in helped


def test_cache_shards_and_jobs_give_identical_findings(tmp_path, shardfix):
    for index in range(12):
        write(tmp_path, f"pkg/m{index}.py", PVARY.replace("def f", f"def f{index}"))
    write(tmp_path, "pkg/clean.py", CLEAN)
    cache = tmp_path / "cache"
    env = {"SHARDFIX_CACHE_DIR": str(cache)}

    def findings(*args):
        result = shardfix("check", "pkg", "--format", "json", *args, cwd=tmp_path, env=env)
        assert result.returncode == 1, result.stderr
        return json.loads(result.stdout)["findings"]

    cold = findings("--no-cache")
    assert len(cold) == 12
    assert findings() == cold  # fills the cache
    assert list(cache.iterdir())
    assert findings() == cold  # served from it
    assert findings("--jobs", "2", "--no-cache") == cold
    shards = [findings("--shard", f"{k}/3", "--no-cache") if k else None for k in (1, 2, 3)]
    merged = sorted((r for shard in shards for r in shard), key=lambda r: (r["path"], r["line"]))
    assert merged == cold
    assert all(shards)  # every slice got some files


def test_cache_sees_edits(tmp_path, shardfix):
    path = write(tmp_path, "m.py", CLEAN)
    env = {"SHARDFIX_CACHE_DIR": str(tmp_path / "cache")}
    assert shardfix("check", "m.py", cwd=tmp_path, env=env).returncode == 0
    path.write_text(PVARY + "\n")  # size changes with the content
    assert shardfix("check", "m.py", cwd=tmp_path, env=env).returncode == 1


def test_merge_reports_of_shards_equals_a_single_run(tmp_path, shardfix):
    for index in range(8):
        write(tmp_path, f"m{index}.py", PVARY)
    single = shardfix("check", ".", "--format", "sarif", "--no-cache", cwd=tmp_path).stdout
    for k in (1, 2):
        out = shardfix("check", ".", "--format", "sarif", "--shard", f"{k}/2", "--no-cache", cwd=tmp_path).stdout
        (tmp_path / f"s{k}.sarif").write_bytes(out)
    merged = shardfix("merge-reports", "s1.sarif", "s2.sarif", cwd=tmp_path)
    assert merged.returncode == 0, merged.stderr
    assert json.loads(merged.stdout) == json.loads(single)


def test_validate_cmd_reports_and_guards_apply(tmp_path, shardfix):
    import sys

    path = write(tmp_path, "m.py", PVARY)
    # A project test that the rewrite breaks (it pins the old spelling) and one it fixes.
    write(tmp_path, "tests/test_m.py",
          "import pathlib\n\n"
          "def test_new_spelling():\n    assert 'pcast' in pathlib.Path('m.py').read_text()\n\n"
          "def test_pinned_old_spelling():\n    assert 'pvary' in pathlib.Path('m.py').read_text()\n")
    cmd = f"{sys.executable} -m pytest -q -p no:cacheprovider tests"
    shown = shardfix("diff", "m.py", "--validate-cmd", cmd, cwd=tmp_path)
    assert shown.returncode == 1
    report = shown.stderr.decode()
    assert "test_new_spelling" in report and "fixed" in report and "broke" in report
    assert path.read_text() == PVARY
    refused = shardfix("apply", "m.py", "--validate-cmd", cmd, cwd=tmp_path)
    assert refused.returncode == 1
    assert "nothing written" in refused.stdout.decode()
    assert path.read_text() == PVARY
    forced = shardfix("apply", "m.py", "--validate-cmd", cmd, "--force", cwd=tmp_path)
    assert forced.returncode == 0, forced.stderr
    assert path.read_text() == PVARY_FIXED
