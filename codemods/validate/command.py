"""`--validate-cmd` of `diff` and `apply`: the user's command on a copy of the tree before and
after the fixes (the tree itself is never touched), optionally with the original on an old JAX
(`--before-jax X`) and the rewrite on the installed one."""
from __future__ import annotations

from pathlib import Path

from codemods.validate import envs
from codemods.validate.project import ProjectValidation, compare_command, render_project_validation


class CommandError(Exception):
    """The comparison cannot run; str() is the message for the user (exit code 2)."""


def check_before_jax(before_jax: str | None, validate_cmd: str | None) -> None:
    """Refuse `--before-jax` that cannot be used, before any file is read."""
    if before_jax is None:
        return
    if not validate_cmd:
        raise CommandError("--before-jax needs --validate-cmd (the command it runs on that JAX)")
    try:
        envs.check_version(before_jax)
    except envs.EnvError as exc:
        raise CommandError(f"--before-jax: {exc}") from None


def compare_with_command(run, cmd: str, timeout: float, console, before_jax: str | None = None) -> ProjectValidation:
    root = Path(".").absolute()
    rewritten = {Path(r.path).absolute(): run.sources[r.path].encode(r.fixed) for r in run.changed}
    try:
        outcome = compare_command(root, rewritten, cmd, timeout=timeout, before_jax=before_jax)
    except ValueError as exc:  # a file outside the current directory, an empty command
        raise CommandError(f"--validate-cmd: {exc}") from None
    except envs.EnvError as exc:
        raise CommandError(f"--before-jax {before_jax}: {exc}") from None
    render_project_validation(outcome, console)
    return outcome


def may_write(outcome: ProjectValidation, force: bool, console) -> bool:
    """True when the rewrite may be written: nothing got worse, or --force."""
    if outcome.worse and not force:
        console.print("Validation shows something got worse: nothing written (use --force to write anyway).")
        return False
    if outcome.worse:
        console.print("Validation shows something got worse; writing anyway (--force).")
    return True
