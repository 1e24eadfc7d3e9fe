"""Builds the sharded centering step used by the embedding trainer."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

AXIS = "replica"
FEATURES = "feat"


def centering_step(mesh):
    def center(e):
        c = jax.lax.pmean(jnp.mean(e, axis=0, keepdims=True), AXIS)
        c = jax.lax.all_gather(c, axis_name=AXIS, axis=0, tiled=True, to="reduced")
        return c

    mapped = jax.shard_map(center, mesh=mesh, in_specs=P(AXIS, FEATURES),
                           out_specs=P(None, FEATURES, reduced={AXIS}))
    return jax.jit(mapped)


def inputs():
    return (np.arange(128, dtype=np.float32).reshape(16, 8) % 7,)


def main(e):
    mesh = jax.make_mesh((4, 2), (AXIS, FEATURES))
    e = jax.device_put(e, NamedSharding(mesh, P(AXIS, FEATURES)))
    return centering_step(mesh)(e)


if __name__ == "__main__":
    print(main(*inputs()))
