"""Separation rule on a bounded arena: neighbours are clamped to the walls before distances."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

BOUNDS = 1.0
RULES = []


def rule(fn):
    RULES.append(fn)
    return fn


@rule
def separation(pos, agent_axis):
    others = jax.lax.all_gather(pos, agent_axis, axis=1, tiled=True, to="reduced")
    others = jnp.clip(others, -BOUNDS, BOUNDS)
    return -jnp.max(jnp.abs(others), axis=1)


def forces(pos, agent_axis="agents"):
    return sum(r(pos, agent_axis) for r in RULES)


def inputs():
    rng = np.random.default_rng(55)
    return (rng.uniform(-1.5, 1.5, (4, 16, 2)).astype(np.float32),)


def main(pos):
    mesh = jax.make_mesh((2, 4), ("flock", "agents"))
    pos = jax.device_put(pos, NamedSharding(mesh, P("flock", "agents", None)))
    fn = jax.shard_map(forces, mesh=mesh, in_specs=P("flock", "agents", None),
                       out_specs=P("flock", None))
    return fn(pos)


if __name__ == "__main__":
    print(main(*inputs()))
