"""The typer-free `check` (codemods/cli_fast.py) must read a command line exactly as the typer
app does, and leave every command line it does not read to typer."""
from __future__ import annotations

import pytest
from typer.testing import CliRunner

from codemods import cli, cli_fast

# Command lines the fast path reads: each must give the values typer gives.
READ = [
    [], ["."], ["a.py", "b/"], ["-"], ["--no-cache", "--jobs", "1", "--exit-zero", "/tmp/x"],
    ["--select", "SF1,SF201", "--ignore=SF104", "--extend-select", "SF900", "x.py"],
    ["--exclude", "a/*", "--exclude=b", "x"], ["--output-format", "json", "-o", "out.json"], ["--format=sarif"],
    ["-q", "--verbose", "--no-color", "--statistics", "--show-fixes", "--force-exclude", "--no-prefilter"],
    ["--unsafe-fixes"], ["--no-unsafe-fixes"], ["--report-unused-suppressions"], ["--no-report-unused-suppressions"],
    ["--target-jax", "0.8.2", "--from-jax=0.4.30", "--config", "pyproject.toml", "--stdin-filename", "m.py", "-"],
    ["--shard", "2/4", "-j", "0", "--file-timeout", "2.5"], ["--file-timeout=0", "a", "--jobs=12", "b"],
    ["--select", "", "--exclude", ""], ["--select=-x"],
]
# Command lines left to typer (help, fixes, short forms typer reads its own way, values it
# converts or rejects in its own way, options given twice, unknown options).
LEFT = [
    ["--help"], ["-h"], ["--fix"], ["--diff"], ["--output-format", "diff"], ["--format=diff", "."], ["--output-format", "diff", "--fix"], ["-qo", "x"], ["-j4"],
    ["-o=x"], ["--jobs", "-1"], ["--jobs", "1.5"], ["--jobs", " 2"], ["--file-timeout", "1e3"], ["--file-timeout", "-1"],
    ["--output-format", "JSON"], ["--output-format", "nope"], ["--select", "a", "--select", "b"], ["-q", "--quiet"],
    ["--unsafe-fixes", "--no-unsafe-fixes"], ["--quiet=1"], ["--select"], ["--select", "--no-cache"], ["--", "a"],
    ["--nope"], ["-x"], [""], ["--output", ""], ["--config="],
]


def _typer_reads(args: list[str], monkeypatch) -> dict:
    seen: dict = {}

    def record(paths, **options):
        seen.update(options, paths=paths)

    monkeypatch.setattr(cli, "check_report", record)
    result = CliRunner().invoke(cli.app, ["check", *args])
    assert result.exit_code == 0, result.output
    return seen


@pytest.mark.parametrize("args", READ, ids=" ".join)
def test_a_command_line_it_reads_gives_typers_values(args, monkeypatch):
    ours = cli_fast.parse_check(args)
    assert ours is not None
    theirs = _typer_reads(args, monkeypatch)
    assert {k: (type(v), v) for k, v in ours.items()} == {k: (type(v), v) for k, v in theirs.items()}


@pytest.mark.parametrize("args", LEFT, ids=" ".join)
def test_any_other_command_line_goes_to_typer(args):
    assert cli_fast.parse_check(args) is None


def test_shell_completion_goes_to_typer(monkeypatch):
    monkeypatch.setenv("_SHARDFIX_COMPLETE", "bash_complete")
    assert cli_fast.parse_check(["."]) is None
    assert not cli_fast.try_check(["check", "."])


def test_other_commands_go_to_typer():
    assert not cli_fast.try_check(["diff", "."])
    assert not cli_fast.try_check([])
