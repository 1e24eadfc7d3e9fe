"""Hostile input: each case gives a one-line message with the path and the right exit code,
and the other files are still processed (issue: reliability)."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

import pytest

from codemods import engine
from test_cli import PVARY, PVARY_FIXED, write


def _lines(result):
    return result.stderr.decode().strip().splitlines()


def test_empty_file_is_clean(tmp_path, shardfix):
    write(tmp_path, "empty.py", "")
    assert shardfix("check", ".", cwd=tmp_path).returncode == 0


def test_huge_file(tmp_path, shardfix):
    body = "".join(f"value_{i} = {i}\n" for i in range(50_000))
    write(tmp_path, "huge.py", PVARY + body)
    # No time budget: the answer must not depend on how loaded the machine is.
    result = shardfix("apply", "--file-timeout", "0", "huge.py", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert (tmp_path / "huge.py").read_text() == PVARY_FIXED + body


@pytest.mark.parametrize("nested", [
    "-" * 1000 + "x",             # 1,000 unary operators
    "not " * 1000 + "x",
    "(" * 1000 + "x" + ")" * 1000,  # beyond what Python's parser accepts
])
def test_deep_nesting_never_escapes_as_a_traceback(tmp_path, shardfix, nested):
    write(tmp_path, "deep.py", f"import jax\n\ny = jax.lax.pvary({nested}, 'i')\n")
    write(tmp_path, "bad.py", PVARY)
    result = shardfix("apply", ".", cwd=tmp_path)
    assert b"Traceback" not in result.stderr and b"RecursionError" not in result.stdout
    assert result.returncode in (0, 2)
    if result.returncode == 2:
        assert len(_lines(result)) >= 1 and all("deep.py" in line for line in _lines(result) if "error" in line)
    assert (tmp_path / "bad.py").read_text() == PVARY_FIXED


def test_symlink_loop_and_outside_link(tmp_path, shardfix):
    tree = tmp_path / "tree"
    write(tree, "pkg/bad.py", PVARY)
    (tree / "pkg" / "loop").symlink_to(tree, target_is_directory=True)
    outside = write(tmp_path, "outside/victim.py", PVARY)
    (tree / "pkg" / "link.py").symlink_to(outside)
    result = shardfix("apply", "tree", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert (tree / "pkg/bad.py").read_text() == PVARY_FIXED
    assert outside.read_text() == PVARY  # never written through the link


def test_explicit_symlink_is_reported_not_written_through(tmp_path, shardfix):
    outside = write(tmp_path, "victim.py", PVARY)
    (tmp_path / "link.py").symlink_to(outside)
    result = shardfix("apply", "link.py", cwd=tmp_path)
    assert result.returncode == 2
    assert "link.py" in result.stderr.decode() and "symbolic link" in result.stderr.decode()
    assert outside.read_text() == PVARY


def test_py_directory(tmp_path, shardfix):
    write(tmp_path, "weird.py/inner.py", PVARY)
    result = shardfix("apply", "weird.py", cwd=tmp_path)
    assert result.returncode == 0
    assert (tmp_path / "weird.py/inner.py").read_text() == PVARY_FIXED


def test_path_that_vanishes_mid_run(tmp_path):
    path = write(tmp_path, "gone.py", PVARY)
    path.unlink()
    result, _ = engine.process_file(path, engine.Options(), fix=True)
    assert result.error and "\n" not in result.error


def test_read_only_file_is_reported(tmp_path, shardfix):
    path = write(tmp_path, "ro.py", PVARY)
    os.chmod(tmp_path, 0o555)  # the directory: no temp file can be created next to it
    try:
        result = shardfix("apply", "ro.py", cwd=tmp_path)
    finally:
        os.chmod(tmp_path, 0o755)
    if os.geteuid() == 0:
        pytest.skip("root writes anywhere")
    assert result.returncode == 2 and b"ro.py" in result.stderr
    assert path.read_text() == PVARY


def test_python_312_syntax_is_a_clear_message(tmp_path, shardfix):
    write(tmp_path, "new.py", "import jax\ntype Vector = list[float]\njax.lax.pvary(1, 'i')\n")
    write(tmp_path, "bad.py", PVARY)
    result = shardfix("check", ".", cwd=tmp_path)
    assert result.returncode == 2
    assert "new.py" in result.stderr.decode() and "syntax error" in result.stderr.decode()
    assert b"Traceback" not in result.stderr
    assert b"bad.py:5:12: SF201" in result.stdout


def _temp_files(directory):
    return sorted(p for p in directory.iterdir() if p.name.endswith(".shardfix-tmp"))


def test_killing_apply_while_it_writes_never_leaves_a_mixed_file(tmp_path):
    """SIGKILL while files are being written: the writer pauses 1 s between writing each temp
    file and renaming it over the original (a variable only this test sets), and the kill comes
    once the N-th temp file exists, so N-1 files are written and the N-th is half done, however
    loaded the machine. Every file is then entirely old or entirely new, and the next run
    removes the temp file the killed one left."""
    files = [write(tmp_path, f"pkg/m{i}.py", PVARY + f"# {i}\n" + "x = 1\n" * 200) for i in range(5)]
    old = {p: p.read_bytes() for p in files}
    new = {p: (PVARY_FIXED + f"# {p.stem[1:]}\n" + "x = 1\n" * 200).encode() for p in files}
    env = {**os.environ, "SHARDFIX_CACHE_DIR": str(tmp_path / "cache"), "SHARDFIX_TEST_WRITE_DELAY": "1"}
    for writing in (1, 2, 3):
        for p in files:
            p.write_bytes(old[p])
        for p in _temp_files(tmp_path / "pkg"):
            p.unlink()
        proc = subprocess.Popen([sys.executable, "-m", "codemods", "apply", "--file-timeout", "0", "pkg"],
                                cwd=tmp_path, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        seen: set = set()
        deadline = time.monotonic() + 120
        while len(seen) < writing and proc.poll() is None and time.monotonic() < deadline:
            seen.update(_temp_files(tmp_path / "pkg"))
            time.sleep(0.005)
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        assert len(seen) == writing, "apply ended before the kill"
        left = _temp_files(tmp_path / "pkg")
        assert len(left) == 1, "the kill did not land while a file was being written"
        assert sum(p.read_bytes() == new[p] for p in files) == writing - 1
        for p in files:
            assert p.read_bytes() in (old[p], new[p])
    done = subprocess.run([sys.executable, "-m", "codemods", "apply", "pkg"], cwd=tmp_path,
                          env={**env, "SHARDFIX_TEST_WRITE_DELAY": ""}, capture_output=True)
    assert done.returncode == 0, done.stderr
    assert all(p.read_bytes() == new[p] for p in files)
    assert not [p for p in (tmp_path / "pkg").iterdir() if p.suffix != ".py"]
