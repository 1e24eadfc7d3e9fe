"""The `shardfix` command's options, shared by its subcommands (typer reads them from the
annotations of each command's parameters)."""
from __future__ import annotations

from pathlib import Path
from typing import Annotated, Optional

import typer

from codemods.cli_run import Format


# Options shared by check, diff and apply.
PathsArg = Annotated[Optional[list[Path]], typer.Argument(help="Files or directories to check; '-' reads standard input.", show_default=False)]
SelectOpt = Annotated[Optional[str], typer.Option("--select", help="Comma-separated rule codes or prefixes to enable (e.g. SF1,SF201).")]
IgnoreOpt = Annotated[Optional[str], typer.Option("--ignore", help="Comma-separated rule codes or prefixes to disable.")]
ExcludeOpt = Annotated[Optional[list[str]], typer.Option("--exclude", help="Glob of paths to skip (repeatable).")]
TargetOpt = Annotated[Optional[str], typer.Option("--target-jax", help="JAX version the fixes are spelled for (default: installed JAX, else newest known).")]
FormatOpt = Annotated[Format, typer.Option("--output-format", "--format", help="Report format (--format is an alias).")]
ConfigOpt = Annotated[Optional[Path], typer.Option("--config", help="Read settings from this file: a pyproject.toml ([tool.shardfix]) or a shardfix.toml (top level). Default: the nearest pyproject.toml.")]
ExtendSelectOpt = Annotated[Optional[str], typer.Option("--extend-select", help="Rule codes or prefixes to enable on top of --select / the config.")]
ForceExcludeOpt = Annotated[bool, typer.Option("--force-exclude", help="Apply excludes to files named on the command line too (pre-commit passes every file by name).")]
QuietOpt = Annotated[bool, typer.Option("--quiet", "-q", help="Print findings only: no summary or progress.")]
VerboseOpt = Annotated[bool, typer.Option("--verbose", help="Also print the settings used and the files checked (on standard error).")]
UnusedOpt = Annotated[Optional[bool], typer.Option("--report-unused-suppressions/--no-report-unused-suppressions", help="Report suppression comments that silence nothing as SF900 (also: --extend-select SF900).")]
OutputOpt = Annotated[Optional[Path], typer.Option("--output", "-o", help="Write the report to this file; the terminal gets the summary.")]
NoColorOpt = Annotated[bool, typer.Option("--no-color", help="Plain text output.")]
UnsafeOpt = Annotated[Optional[bool], typer.Option("--unsafe-fixes/--no-unsafe-fixes", help="Also apply fixes marked unsafe.")]
StatsOpt = Annotated[bool, typer.Option("--statistics", help="Print the number of findings per rule.")]
ExitZeroOpt = Annotated[bool, typer.Option("--exit-zero", help="Exit 0 even when there are findings (errors still exit 2).")]
StdinNameOpt = Annotated[Optional[str], typer.Option("--stdin-filename", help="The path of the file read from standard input (for messages and config).")]
NoPrefilterOpt = Annotated[bool, typer.Option("--no-prefilter", hidden=True, help="Parse every file (debugging).")]
NoCacheOpt = Annotated[bool, typer.Option("--no-cache", help="Do not read or write the results cache.")]
ShardOpt = Annotated[Optional[str], typer.Option("--shard", help="K/N: check only the K-th of N stable slices of the files (CI matrices).")]
FileTimeoutOpt = Annotated[float, typer.Option("--file-timeout", min=0, help="Seconds one file may take; a file past it is an error and the run goes on (0: no limit).")]
JobsOpt = Annotated[int, typer.Option("--jobs", "-j", min=1, help="Worker processes for parsing (1 is fastest on small trees).")]
ParseJobsOpt = Annotated[int, typer.Option("--jobs", "-j", min=0, help="Worker processes for parsing; 0 chooses from the work (more than one only when the files that need parsing are big enough to gain from it).")]
BeforeJaxOpt = Annotated[Optional[str], typer.Option("--before-jax", help="Run --validate-cmd before the rewrite on this JAX (a cached environment, made on first use) and after it on the installed JAX.")]
ShowFixesOpt = Annotated[bool, typer.Option("--show-fixes", help="List the fixes that would be applied.")]
FromJaxOpt = Annotated[Optional[str], typer.Option("--from-jax", help="The JAX the checked code was written for (default: from-jax in the config, else the newest JAX the project's declaration of jax admits, else unknown). Code known to be written for JAX < 0.9 gets axis_types on jax.make_mesh (SF207).")]
