import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def sharded(fn, mesh, in_specs, out_specs):
    return jax.shard_map(fn, mesh=mesh, in_specs=in_specs, out_specs=out_specs)


def reduce_scatter_grads(g):
    h = jax.lax.psum(g, 'tp')
    return jax.lax.psum_scatter(h, ('dp', 'tp'), scatter_dimension=0, tiled=True)


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(16, 4),)


def main(g):
    mesh = jax.make_mesh((2, 4), ('dp', 'tp'))
    g = jax.device_put(g, NamedSharding(mesh, P('dp', 'tp')))
    return sharded(reduce_scatter_grads, mesh, P('dp', 'tp'), P(('dp', 'tp'), None))(g)


if __name__ == "__main__":
    print(main(*inputs()))
