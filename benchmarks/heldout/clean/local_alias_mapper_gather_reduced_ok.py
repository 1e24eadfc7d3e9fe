import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

DP, TP = 'data', 'tensor'


def build(mesh):
    smap = jax.shard_map
    mapper = smap(mesh=mesh, in_specs=P(DP, TP), out_specs=P(None, TP, reduced={DP}))

    def unshard(w):
        w = jax.lax.all_gather(w, DP, axis=0, tiled=True, to='reduced')
        return jnp.tanh(w) * w

    return mapper(unshard)


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8) / 64.0,)


def main(w):
    mesh = jax.make_mesh((2, 4), (DP, TP))
    w = jax.device_put(w, NamedSharding(mesh, P(DP, TP)))
    return build(mesh)(w)


if __name__ == "__main__":
    print(main(*inputs()))
