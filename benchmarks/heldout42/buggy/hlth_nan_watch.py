"""NaN/Inf watchdog: checks from a list of check specs, each with its own gather group."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

MESH = jax.make_mesh((2, 4), ("slice", "dev"))

CHECKS = [
    {"name": "nonfinite", "fn": lambda x: (~jnp.isfinite(x)).astype(jnp.float32), "group": ["dev"]},
    {"name": "huge", "fn": lambda x: (jnp.abs(x) > 1e4).astype(jnp.float32), "group": ["slice", "dev"]},
]


def run_checks(activations, checks=CHECKS):
    flags = None
    for check in checks:
        hits = check["fn"](activations) if flags is None else flags
        flags = jax.lax.all_gather(hits, tuple(check["group"]), axis=1, tiled=True, to="reduced")
    return flags


def inputs():
    a = jnp.linspace(-2e4, 2e4, 8 * 32, dtype=jnp.float32).reshape(8, 32)
    return (jax.device_put(a, NamedSharding(MESH, P("slice", "dev"))),)


def main(activations):
    return jax.shard_map(run_checks, mesh=MESH, in_specs=P("slice", "dev"),
                         out_specs=P(None, None, reduced={"slice", "dev"}))(activations)


if __name__ == "__main__":
    main(*inputs())
