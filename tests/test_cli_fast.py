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


# What rich prints for a line on a console that is not a terminal, and what the plain console
# prints for it, must be the same bytes: plain text, tabs, control and non-ASCII characters,
# markup and emoji codes (the last ones only matter in a str rich parses).
LINES = ["a", "", " ", "a  ", "  a", "x.py:1:2: SF201 [*] `pvary` ... use `pcast(..., to='varying')`", "tab\there",
         "cr\rx", "é", "[bold]x[/bold]", ":smile:", "a\\b", "a" * 300, "\x1b[31mred", "bell\x07", "x\ny", "wide 漢字", "\x7f"]


@pytest.mark.parametrize("line", LINES, ids=repr)
def test_the_plain_console_prints_what_rich_prints_into_a_pipe(line, monkeypatch):
    import io

    from rich.console import Console
    from rich.text import Text

    from codemods.report.plain import PlainConsole

    def rich_console(file=None):
        return Console(file=file, no_color=None, highlight=False, color_system="auto", soft_wrap=True)

    for literal in (True, False):
        expected = io.StringIO()
        rich_console(expected).print(Text(line) if literal else line)
        got = io.StringIO()
        monkeypatch.setattr("sys.stdout", got)
        plain = PlainConsole(False, rich_console)
        plain.literal(line) if literal else plain.print(line)
        monkeypatch.undo()
        assert got.getvalue() == expected.getvalue()


def test_a_plain_check_into_a_pipe_imports_neither_typer_nor_rich(tmp_path):
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    (tmp_path / "m.py").write_text("import jax\n\n\ndef body(x):\n    return jax.lax.pvary(x, 'i')\n")
    probe = ("import sys\nfrom codemods import entry\nsys.argv = ['shardfix', 'check', '--no-cache', 'm.py']\n"
             "try:\n    entry.main()\nexcept SystemExit as exc:\n    code = exc.code\n"
             "sys.stderr.write(f'exit {code} ' + ' '.join(sorted({m.split('.')[0] for m in sys.modules} & {'typer', 'rich'})))\n")
    proc = subprocess.run([sys.executable, "-c", probe], cwd=tmp_path, capture_output=True, text=True,
                          env={"PYTHONPATH": str(root), "PATH": "/usr/bin:/bin", "SHARDFIX_CACHE_DIR": str(tmp_path / "c")})
    assert proc.stdout.startswith("m.py:5:12: SF201 [*] ")
    assert proc.stdout.endswith("Found 1 finding (1 fixable) (1 file checked).\n")
    assert proc.stderr.endswith("exit 1 "), proc.stderr
