"""SF207: jax.make_mesh without axis_types in code written before jax 0.9.0."""
from __future__ import annotations

from collections.abc import Iterator

from codemods import api_history
from codemods.context import FileContext
from codemods.model import Finding, RuleDoc
from codemods.rules._api_changes import ApiChanges
from codemods.rules.base import Rule


class MakeMeshAxisTypes(Rule):
    code = "SF207"
    name = "make-mesh-axis-types"
    summary = 'jax.make_mesh without axis_types in code written for jax < 0.9.0 (the default became Explicit)'
    triggers = (b'make_mesh',)
    apis = api_history.apis_of(code)
    doc = RuleDoc(
        what='Finds `jax.make_mesh(shape, names)` without `axis_types` in code known to be written for a JAX older than 0.9.0: the user says so (`--from-jax 0.8.1`, or `from-jax = "0.8.1"` in the config), the project declares jax so that no 0.9.0 or later is admitted (`jax==0.6.2`, `jax<0.9`, `jax~=0.8.1` in `[project]` dependencies or a root `requirements*.txt`), or the module itself uses an API JAX removed by 0.9.0 (a deprecated API that still works proves nothing). Without any of these nothing is reported; a module with a version guard is judged by its own code only, and one using reduced values (which need Explicit axes) is never reported.',
        why='Since jax 0.9.0 `make_mesh` makes Explicit axes by default (Auto before); with Explicit axes `shard_map` rejects inputs not already sharded like `in_specs`: "in_specs passed to shard_map: P(\'batch\', None) does not match the specs of the input: P(None, None)".',
        example="mesh = jax.make_mesh((2, 4), ('i', 'j'))",
        use_instead="mesh = jax.make_mesh((2, 4), ('i', 'j'), axis_types=(jax.sharding.AxisType.Auto,) * 2)",
        fix_safety='Safe: Auto axes are what the old default made. The keyword works from jax 0.5 on.',
        versions='reported for --target-jax >= 0.9.0, in code written for jax < 0.9.0 (see `--from-jax`).',
    )

    def check(self, ctx: FileContext) -> Iterator[Finding]:
        return ApiChanges(ctx, self.code).findings()
