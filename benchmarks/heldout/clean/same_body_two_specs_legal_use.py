import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def global_sum(x):
    return jax.lax.psum(jnp.sum(x), ('data', 'model'))


def inputs():
    return (np.arange(64, dtype=np.float32),)


def main(x):
    mesh = jax.make_mesh((2, 4), ('data', 'model'))
    flat = P(('data', 'model'))
    x = jax.device_put(x, NamedSharding(mesh, flat))
    return jax.shard_map(global_sum, mesh=mesh, in_specs=flat, out_specs=P())(x)


if __name__ == "__main__":
    print(main(*inputs()))
