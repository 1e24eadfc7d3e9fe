"""A config assembled with dict(zip(keys, values)) from two parallel lists."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

KEYS = ["sync_axes", "momentum"]
VALUES = [("data",), 0.9]
DEFAULT_SYNC = ("data", "model")


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(g):
    cfg = dict(zip(KEYS, VALUES))
    axes = cfg.get("sync_axes", DEFAULT_SYNC)
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    g = jax.device_put(g, NamedSharding(mesh, P("data", None)))
    return jax.shard_map(lambda v: jax.lax.pmean(v * cfg["momentum"], axes), mesh=mesh,
                         in_specs=P("data", None), out_specs=P())(g)


if __name__ == "__main__":
    print(main(*inputs()))
