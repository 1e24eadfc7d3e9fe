"""Reduce-then-gather where the two phases read one variable with different fallbacks."""
import os

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def inputs():
    return (np.arange(32, dtype=np.float32).reshape(8, 4),)


def main(x):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(x, NamedSharding(mesh, P(("data", "model"))))

    def body(x):
        # PHASE_AXIS pins both phases to one axis when set; unset, reduce over data and gather over model
        partial = jax.lax.psum(x, os.environ.get("PHASE_AXIS", "data"))
        return jax.lax.all_gather(partial, os.environ.get("PHASE_AXIS", "model"), to="reduced", tiled=True)

    out = jax.shard_map(body, mesh=mesh, in_specs=P(("data", "model")), out_specs=P(None, reduced={"model"}))(x)
    return float(np.asarray(out).sum())


if __name__ == "__main__":
    print(main(*inputs()))
