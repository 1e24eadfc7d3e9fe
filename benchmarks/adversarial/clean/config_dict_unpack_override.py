"""A base config dict extended with {**BASE, ...} and |= for a data-parallel variant."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

BASE = {"axes": ("data", "model"), "spec": P("data", "model"), "scale": 1.0}
DP_ONLY = {**BASE, "axes": ("data",)}
DP_ONLY |= {"spec": P("data")}


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x):
    cfg = DP_ONLY
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(x, NamedSharding(mesh, cfg["spec"]))

    def body(b):
        return jax.lax.psum(jnp.sum(b, axis=0), cfg["axes"]) * cfg["scale"]

    return jax.shard_map(body, mesh=mesh, in_specs=cfg["spec"], out_specs=P())(x)


if __name__ == "__main__":
    print(main(*inputs()))
