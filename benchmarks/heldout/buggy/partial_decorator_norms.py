from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def inputs():
    return (np.arange(16, dtype=np.float32),)


def main(p):
    mesh = jax.make_mesh((8,), ('fsdp',))
    p = jax.device_put(p, NamedSharding(mesh, P('fsdp')))

    @partial(jax.shard_map, mesh=mesh, in_specs=P('fsdp'), out_specs=P())
    def param_norm(p):
        n2 = jax.lax.psum(jnp.sum(p * p), 'fsdp')
        return jax.lax.all_gather(n2, 'fsdp', to='reduced')

    return param_norm(p)


if __name__ == "__main__":
    print(main(*inputs()))
