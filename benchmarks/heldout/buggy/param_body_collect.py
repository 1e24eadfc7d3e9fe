"""Utilities: run a per-shard function on every worker."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def on_workers(body, mesh, spec):
    return jax.shard_map(body, mesh=mesh, in_specs=spec, out_specs=P())


def collect(x):
    g = jax.lax.all_gather(x, 'workers', tiled=True, to='reduced')
    g = jnp.exp(g)
    return jax.lax.all_gather(g, 'workers', tiled=True, to='invarying')


def inputs():
    return (np.arange(8, dtype=np.float32) / 8.0,)


def main(x):
    mesh = jax.make_mesh((8,), ('workers',))
    x = jax.device_put(x, NamedSharding(mesh, P('workers')))
    return on_workers(collect, mesh, P('workers'))(x)


if __name__ == "__main__":
    print(main(*inputs()))
