"""Loss axes come from LOSS_AXES (default: the data axis only); the batch is split over data."""
import os

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

LOSS_AXES = tuple(os.environ.get("LOSS_AXES", "data,model").split(","))


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(16, 4),)


def main(batch):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    batch = jax.device_put(batch, NamedSharding(mesh, P("data")))

    def step(b):
        loss = jnp.mean((b - 1.0) ** 2)
        return jax.lax.pmean(loss, LOSS_AXES)

    return jax.shard_map(step, mesh=mesh, in_specs=P("data"), out_specs=P())(batch)


if __name__ == "__main__":
    print(main(*inputs()))
