import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

AXIS = "zero"
CLIP = 1.0


def clipped_full_update(updates):
    full = jax.tree.map(lambda u: jax.lax.all_gather(u, AXIS, to="reduced", tiled=True), updates)
    return jax.tree.map(lambda u: jnp.clip(u, -CLIP, CLIP), full)


def inputs():
    return ({"a": np.linspace(-2, 2, 16, dtype=np.float32), "b": np.ones((8, 2), np.float32) * 3},)


def main(updates):
    mesh = jax.make_mesh((8,), (AXIS,))
    updates = jax.device_put(updates, NamedSharding(mesh, P(AXIS)))
    f = jax.shard_map(clipped_full_update, mesh=mesh, in_specs=P(AXIS), out_specs=P(reduced={AXIS}))
    return f(updates)
