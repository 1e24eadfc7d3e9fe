"""Spec helpers whose result the analysis cannot be certain of: a branch with two returns, and
a rule table the script changes before the call."""
import jax
from jax.sharding import PartitionSpec as P

RULES = {"batch": None}


def spec_of(kind):
    if kind == "rows":
        return P("i")
    return P()


def rule_spec(*names):
    return P(*(RULES[name] for name in names))


def run(mesh, x):
    RULES["batch"] = "i"

    def gather(v):
        return jax.lax.all_gather(v, "i", tiled=True, to="reduced")  # none: v varies on 'i' (both specs are P('i'))

    a = jax.shard_map(gather, mesh=mesh, in_specs=spec_of("rows"), out_specs=P(reduced={"i"}))(x)
    b = jax.shard_map(gather, mesh=mesh, in_specs=rule_spec("batch"), out_specs=P(reduced={"i"}))(x)
    return a, b
