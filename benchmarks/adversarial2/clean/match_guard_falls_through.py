"""A match case whose guard fails falls through to the next case."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

CFG = {"reduce": ("data", "model"), "tensor_parallel": False}


def reduce_axes(cfg):
    match cfg:
        case {"reduce": axes, "tensor_parallel": True}:
            return axes
        case {"reduce": axes} if "model" in axes and not cfg["tensor_parallel"]:
            return tuple(a for a in axes if a != "model")
        case {"reduce": axes}:
            return axes
    return ()


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x):
    axes = reduce_axes(CFG)
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(x, NamedSharding(mesh, P("data", None)))
    return jax.shard_map(lambda v: jax.lax.psum(v.mean(0), axes), mesh=mesh,
                         in_specs=P("data", None), out_specs=P())(x)


if __name__ == "__main__":
    print(main(*inputs()))
