"""Tuple assignment swaps a reduced and a varying value; the constant meets the varying one."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x):
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(x, NamedSharding(mesh, P("i", "j")))

    def body(b):
        keep, scale = jax.lax.all_gather(b, "i", to="reduced", tiled=True), b
        keep = keep * 0.5
        return keep, scale

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"),
                         out_specs=(P("i", "j"), P(None, "j", reduced={"i"})))(x)


if __name__ == "__main__":
    print(main(*inputs()))
