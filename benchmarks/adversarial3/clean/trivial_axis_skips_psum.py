"""Skip the all-reduce on an axis of size 1 (a 8x1 mesh): the later reduced gather only runs on raw shards."""
import os

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

DATA = os.environ.get("DATA_AXIS", "data")
MODEL = os.environ.get("MODEL_AXIS", "model")


def inputs():
    return jax.make_mesh((8, 1), (DATA, MODEL)), np.arange(64, dtype=np.float32).reshape(8, 8)


def main(mesh, h):
    h = jax.device_put(h, NamedSharding(mesh, P(DATA, MODEL)))

    def block(h):
        if mesh.shape[MODEL] > 1:
            h = jax.lax.psum(h, MODEL)
        return jax.lax.all_gather(h, MODEL, to="reduced", tiled=True, axis=1)

    out = jax.shard_map(block, mesh=mesh, in_specs=P(DATA, MODEL), out_specs=P(DATA, None, reduced={MODEL}))(h)
    return float(np.asarray(out).sum())


if __name__ == "__main__":
    print(main(*inputs()))
