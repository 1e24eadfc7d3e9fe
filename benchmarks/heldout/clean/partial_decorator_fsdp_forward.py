from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((8,), ('fsdp',))


@partial(jax.shard_map, mesh=mesh, in_specs=(P('fsdp', None), P('fsdp', None)),
         out_specs=P('fsdp', None))
def forward(x, w):
    w_full = jax.lax.all_gather(w, 'fsdp', axis=0, tiled=True)
    return jax.nn.relu(x @ w_full)


def inputs():
    return (np.arange(128, dtype=np.float32).reshape(16, 8) / 128.0,
            np.arange(32, dtype=np.float32).reshape(8, 4) / 32.0)


def main(x, w):
    x = jax.device_put(x, NamedSharding(mesh, P('fsdp', None)))
    w = jax.device_put(w, NamedSharding(mesh, P('fsdp', None)))
    return forward(x, w)


if __name__ == "__main__":
    print(main(*inputs()))
