"""FSDP-style linear layer: the weight is gathered over FSDP_AXES, which a single-host run leaves empty."""
import os

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

DATA = os.environ.get("MESH_DATA_AXIS", "data")
MODEL = os.environ.get("MESH_MODEL_AXIS", "model")
# comma-separated; empty (the default) means the weight is not sharded at all
FSDP_AXES = tuple(a for a in os.environ.get("FSDP_AXES", "").split(",") if a)


def inputs():
    rng = np.random.default_rng(0)
    return rng.normal(size=(8, 4)).astype(np.float32), rng.normal(size=(4, 4)).astype(np.float32)


def main(x, w):
    mesh = jax.make_mesh((2, 4), (DATA, MODEL))
    x = jax.device_put(x, NamedSharding(mesh, P(DATA)))
    w = jax.device_put(w, NamedSharding(mesh, P(FSDP_AXES)))

    def layer(x, w):
        w_full = jax.lax.all_gather(w, FSDP_AXES, to="reduced", tiled=True)
        scaled = w_full * 0.5
        return jnp.tanh(x @ scaled)

    return jax.shard_map(layer, mesh=mesh, in_specs=(P(DATA), P(FSDP_AXES)), out_specs=P(DATA))(x, w)


if __name__ == "__main__":
    print(main(*inputs()))
