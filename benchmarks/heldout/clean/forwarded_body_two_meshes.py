"""One per-shard body wrapped for two layouts; both are legal."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def wrap(fn, mesh, spec, out):
    return jax.shard_map(fn, mesh=mesh, in_specs=spec, out_specs=out)


def row_totals(x):
    s = jax.lax.psum(x, 'i')
    return jax.lax.all_gather(s, 'j', axis=1, tiled=True, to='reduced')


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x):
    mesh = jax.make_mesh((2, 4), ('i', 'j'))
    a = jax.device_put(x, NamedSharding(mesh, P('i', 'j')))
    b = jax.device_put(x, NamedSharding(mesh, P(None, 'j')))
    out = P(None, None, reduced={'j'})
    return wrap(row_totals, mesh, P('i', 'j'), out)(a), wrap(row_totals, mesh, P(None, 'j'), out)(b)


if __name__ == "__main__":
    print(main(*inputs()))
