"""psum_scatter over 'tp' leaves each device a varying slice: a sum over both axes is legal."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8), np.ones((8, 8), np.float32))


def main(x, w):
    mesh = jax.make_mesh((2, 4), ("dp", "tp"))
    x = jax.device_put(x, NamedSharding(mesh, P("dp", None)))
    w = jax.device_put(w, NamedSharding(mesh, P()))

    def body(a, b):
        h = a @ b
        shard = h
        return jax.lax.psum(jnp.sum(shard), ("dp", "tp"))

    return jax.shard_map(body, mesh=mesh, in_specs=(P("dp", None), P()), out_specs=P())(x, w)


if __name__ == "__main__":
    print(main(*inputs()))
