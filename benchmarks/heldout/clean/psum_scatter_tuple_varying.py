import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def inputs():
    return (np.arange(1024, dtype=np.float32).reshape(256, 4),)


def main(g):
    mesh = jax.make_mesh((2, 4), ('dp', 'tp'))
    g = jax.device_put(g, NamedSharding(mesh, P(('dp', 'tp'), None)))

    def reduce_scatter(g):
        return jax.lax.psum_scatter(g, ('dp', 'tp'), scatter_dimension=0, tiled=True)

    return jax.shard_map(reduce_scatter, mesh=mesh, in_specs=P(('dp', 'tp'), None),
                         out_specs=P(('dp', 'tp'), None))(g)


if __name__ == "__main__":
    print(main(*inputs()))
