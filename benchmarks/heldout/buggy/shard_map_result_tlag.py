import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(16, 4),)


def main(x):
    mesh = jax.make_mesh((2, 4), ('i', 'j'))
    with jax.set_mesh(mesh):
        x = jax.device_put(x, NamedSharding(mesh, P(('i', 'j'), None)))
        part = jax.shard_map(lambda b: jnp.sin(b), mesh=mesh, in_specs=P(('i', 'j'), None),
                             out_specs=P(('i', 'j'), None))(x)
        merged = top_level_all_gather(part, P('j', None))
    return merged


if __name__ == "__main__":
    print(main(*inputs()))
