from functools import partial

import jax
from jax import lax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((4, 2), ('fsdp', 'tp'))


@partial(jax.shard_map, mesh=mesh, in_specs=(P('fsdp', 'tp'), P('fsdp')), out_specs=P())
def global_sq_norm(w, b):
    sq = lax.psum(jnp.sum(w * w), 'tp') + jnp.sum(b * b)
    return lax.psum(sq, axis_name=('fsdp', 'tp'))


def inputs():
    return (np.arange(32, dtype=np.float32).reshape(8, 4), np.arange(8, dtype=np.float32))


def main(w, b):
    w = jax.device_put(w, NamedSharding(mesh, P('fsdp', 'tp')))
    b = jax.device_put(b, NamedSharding(mesh, P('fsdp')))
    return global_sq_norm(w, b)


if __name__ == "__main__":
    print(main(*inputs()))
