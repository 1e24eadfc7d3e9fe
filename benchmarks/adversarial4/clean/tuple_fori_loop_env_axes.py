"""Gradient accumulation in a fori_loop; the accumulated loss is averaged over ACCUM_AXES."""
import os

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

ACCUM_AXES = tuple(os.environ.get("ACCUM_AXES", "dp").split(","))


def inputs():
    return (np.arange(128, dtype=np.float32).reshape(32, 4),)


def main(x):
    mesh = jax.make_mesh((4, 2), ("dp", "tp"))
    x = jax.device_put(x, NamedSharding(mesh, P("dp")))

    def body(b):
        micro = b.reshape(4, -1, 4)

        def accum(i, acc):
            return acc + jax.lax.pmean(jnp.mean(micro[i] ** 2), ACCUM_AXES)

        return jax.lax.fori_loop(0, 4, accum, jnp.zeros(()))

    return jax.shard_map(body, mesh=mesh, in_specs=P("dp"), out_specs=P())(x)


if __name__ == "__main__":
    print(main(*inputs()))
