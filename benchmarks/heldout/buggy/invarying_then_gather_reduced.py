"""Positional tables for sequence-parallel attention."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def positions(pos):
    table = jax.lax.all_gather(pos, 'seq', axis=0, tiled=True, to='invarying')
    table = jnp.sin(table)
    table = jax.lax.all_gather(table, 'seq', axis=0, tiled=True, to='reduced')
    return table


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(16, 4) / 16.0,)


def main(pos):
    mesh = jax.make_mesh((4, 2), ('seq', 'head'))
    pos = jax.device_put(pos, NamedSharding(mesh, P('seq', 'head')))
    return jax.shard_map(positions, mesh=mesh, in_specs=P('seq', 'head'),
                         out_specs=P(None, 'head', reduced={'seq'}))(pos)


if __name__ == "__main__":
    print(main(*inputs()))
