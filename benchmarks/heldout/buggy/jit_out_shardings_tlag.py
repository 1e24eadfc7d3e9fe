import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(16, 4),)


def main(x):
    mesh = jax.make_mesh((4, 2), ('dp', 'mp'))
    with jax.set_mesh(mesh):
        embed = jax.jit(lambda v: jnp.tanh(v),
                        out_shardings=NamedSharding(mesh, P(('dp', 'mp'), None)))
        h = embed(x)
        gathered = top_level_all_gather(h, NamedSharding(mesh, P('mp', None)))
    return gathered


if __name__ == "__main__":
    print(main(*inputs()))
