import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

DP, TP = 'data', 'tensor'


def build(mesh):
    smap = jax.shard_map
    mapper = smap(mesh=mesh, in_specs=(P(DP, TP), P(TP, None)), out_specs=P(DP, None))

    def row_parallel(x, w):
        return jax.lax.psum(x @ w, TP)

    return mapper(row_parallel)


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8) / 64.0, np.eye(8, dtype=np.float32))


def main(x, w):
    mesh = jax.make_mesh((2, 4), (DP, TP))
    x = jax.device_put(x, NamedSharding(mesh, P(DP, TP)))
    w = jax.device_put(w, NamedSharding(mesh, P(TP, None)))
    return build(mesh)(x, w)


if __name__ == "__main__":
    print(main(*inputs()))
