"""`shardfix validate`: run the fixture cases, or a project's tests before and after a rewrite.

JAX is never imported in this process: the fixture programs and the user's command run in
subprocesses with JAX on 8 CPU devices.
"""
from .project import (
    CommandRun,
    ProjectValidation,
    TestChange,
    TestOutcome,
    compare_command,
    render_project_validation,
    to_markdown,
)
from .runner import (
    Case,
    CaseResult,
    discover_cases,
    jax_available,
    render_table,
    run_cases,
)

__all__ = [
    "Case",
    "CaseResult",
    "CommandRun",
    "ProjectValidation",
    "TestChange",
    "TestOutcome",
    "compare_command",
    "discover_cases",
    "jax_available",
    "render_project_validation",
    "render_table",
    "run_cases",
    "to_markdown",
]
