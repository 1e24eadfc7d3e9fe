"""Two-phase reduction: the phase helper moves REDUCE_AXIS in the environment between the phases."""
import os

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def _enter_phase(n):
    os.environ["REDUCE_AXIS"] = ("data", "model")[n]


def inputs():
    return (np.arange(32, dtype=np.float32).reshape(8, 4),)


def main(x):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(x, NamedSharding(mesh, P(("data", "model"))))

    def body(x):
        _enter_phase(0)
        partial = jax.lax.psum(x, os.environ.get("REDUCE_AXIS", "data"))
        _enter_phase(1)
        return jax.lax.all_gather(partial, os.environ.get("REDUCE_AXIS", "data"), to="reduced", tiled=True)

    out = jax.shard_map(body, mesh=mesh, in_specs=P(("data", "model")), out_specs=P(None, reduced={"model"}))(x)
    return float(np.asarray(out).sum())


if __name__ == "__main__":
    print(main(*inputs()))
