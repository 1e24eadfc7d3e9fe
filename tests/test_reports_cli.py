"""Report formats and their edges as a user meets them: JUnit against the common XSD, merging
shard reports, patches of non-UTF-8 files, symlinks, NO_COLOR, exit codes."""
from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from test_cli import write

DATA = Path(__file__).resolve().parent / "data"
PVARY = "import jax\n\n\ndef f(x):\n    return jax.lax.pvary(x, 'i')\n"


def test_junit_is_valid_against_the_ant_junit_xsd(tmp_path, shardfix):
    xmlschema = pytest.importorskip("xmlschema")
    write(tmp_path, "two.py", PVARY + "\n\ndef g(x):\n    return jax.lax.pvary(x, 'j')\n")
    write(tmp_path, "clean.py", "x = 1\n")
    write(tmp_path, "broken.py", "import jax\ndef f(:\n    jax.lax.pvary(x, 'i')\n")
    result = shardfix("check", "--output-format", "junit", ".", cwd=tmp_path)
    assert result.returncode == 2
    schema = xmlschema.XMLSchema(str(DATA / "JUnit.xsd"))
    schema.validate(result.stdout.decode())  # raises with the reason when invalid
    report = schema.to_dict(result.stdout.decode())
    (suite,) = report["testsuite"]
    cases = suite["testcase"]
    assert (suite["@tests"], suite["@failures"], suite["@errors"]) == (4, 2, 1)
    assert [(c["@classname"], c["@name"]) for c in cases] == [
        ("broken.py", "broken.py"), ("clean.py", "clean.py"), ("two.py", "SF201 at 5:12"), ("two.py", "SF201 at 9:12")]
    assert [c["failure"]["@type"] for c in cases if "failure" in c] == ["SF201", "SF201"]


def test_merge_reports_rejects_a_shard_twice_and_a_missing_one(tmp_path, shardfix):
    for i in range(6):
        write(tmp_path, f"src/m{i}.py", PVARY)
    for fmt in ("json", "sarif"):
        for k in (1, 2, 3):
            result = shardfix("check", "--no-cache", "--output-format", fmt, "--shard", f"{k}/3", "-o", f"s{k}.{fmt}", "src",
                              cwd=tmp_path)
            assert result.returncode in (0, 1), result.stderr
        single = shardfix("check", "--no-cache", "--output-format", fmt, "src", cwd=tmp_path).stdout
        merged = shardfix("merge-reports", "--expect", "3", f"s1.{fmt}", f"s2.{fmt}", f"s3.{fmt}", cwd=tmp_path)
        assert merged.returncode == 0, merged.stderr
        assert json.loads(merged.stdout) == json.loads(single)
        twice = shardfix("merge-reports", f"s1.{fmt}", f"s2.{fmt}", f"s1.{fmt}", cwd=tmp_path)
        assert twice.returncode == 2 and "shard 1/3 given twice" in twice.stderr.decode(), fmt
        missing = shardfix("merge-reports", "--expect", "3", f"s1.{fmt}", f"s3.{fmt}", cwd=tmp_path)
        assert missing.returncode == 2 and "missing shard(s): 2/3" in missing.stderr.decode(), fmt
    # Reports without shard labels still cannot count a file twice.
    write(tmp_path, "whole.json", shardfix("check", "--output-format", "json", "src", cwd=tmp_path).stdout)
    doubled = shardfix("merge-reports", "whole.json", "whole.json", cwd=tmp_path)
    assert doubled.returncode == 2 and "given twice" in doubled.stderr.decode()


def test_latin1_patch_applies_with_git(tmp_path, shardfix):
    source = ("# -*- coding: latin-1 -*-\nimport jax\n\n\ndef f(x):\n"
              "    # d\u00e9j\u00e0 vu\n    return jax.lax.pvary(x, '\u00e9')\n").encode("latin-1")
    path = write(tmp_path, "m.py", source)
    subprocess.run(["git", "init", "-q"], cwd=tmp_path, check=True)
    for args in (("diff", "."), ("check", "--diff", ".")):
        patch = shardfix(*args, cwd=tmp_path).stdout
        assert "d\u00e9j\u00e0".encode("latin-1") in patch  # the file's own bytes, not UTF-8
        subprocess.run(["git", "apply", "--check"], cwd=tmp_path, input=patch, check=True)
    subprocess.run(["git", "apply"], cwd=tmp_path, input=patch, check=True)
    assert path.read_bytes() == source.replace(b"pvary(x, '\xe9')", b"pcast(x, '\xe9', to='varying')")


def test_bom_patch_applies_with_git(tmp_path, shardfix):
    source = ("\ufeff" + PVARY).encode("utf-8")
    path = write(tmp_path, "m.py", source)
    subprocess.run(["git", "init", "-q"], cwd=tmp_path, check=True)
    # A short file: the first line (with the BOM) is context of the hunk.
    patch = shardfix("diff", ".", cwd=tmp_path).stdout
    subprocess.run(["git", "apply"], cwd=tmp_path, input=patch, check=True)
    assert path.read_bytes() == source.replace(b"pvary(x, 'i')", b"pcast(x, 'i', to='varying')")


def test_check_and_apply_agree_on_symlinks(tmp_path, shardfix):
    target = write(tmp_path, "real/m.py", PVARY)
    (tmp_path / "link.py").symlink_to(target)
    (tmp_path / "tree").mkdir()
    (tmp_path / "tree" / "link.py").symlink_to(target)
    for command in ("check", "apply"):
        named = shardfix(command, "link.py", cwd=tmp_path)
        assert named.returncode == 2, command
        assert "link.py: is a symbolic link" in named.stderr.decode() and "real/m.py" in named.stderr.decode()
        walked = shardfix(command, "tree", cwd=tmp_path)
        assert walked.returncode == 0, command  # a tree's links are skipped by both
    assert target.read_text() == PVARY


def test_no_color_leaves_no_escape_codes(tmp_path, shardfix):
    write(tmp_path, "m.py", PVARY)
    write(tmp_path, "broken.py", "import jax\ndef f(:\n    jax.lax.pvary(x, 'i')\n")
    import os
    import sys

    # FORCE_COLOR makes rich colour a pipe, as a terminal would be; NO_COLOR must still win.
    env = {**os.environ, "NO_COLOR": "1", "FORCE_COLOR": "1", "TERM": "xterm-256color"}
    for args in (("check", "."), ("diff", "."), ("explain", "SF201"), ("rules",), ("check", "--target-jax", "x", ".")):
        result = subprocess.run([sys.executable, "-m", "codemods", *args, "--no-cache"] if args[0] == "check" else
                                [sys.executable, "-m", "codemods", *args], cwd=tmp_path, env=env, capture_output=True)
        assert result.stdout or result.stderr
        assert b"\x1b" not in result.stdout + result.stderr, args


def test_pr_exits_2_on_errors(tmp_path, shardfix):
    write(tmp_path, "m.py", PVARY)
    result = shardfix("pr", "--dry-run", ".", cwd=tmp_path)  # not a git checkout
    assert result.returncode == 2
    assert "git" in result.stderr.decode() and "Traceback" not in result.stderr.decode()
