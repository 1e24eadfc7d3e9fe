"""Optimizer-state helpers shared by the trainers."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def run_sharded(fn, mesh, specs, out):
    return jax.shard_map(fn, mesh=mesh, in_specs=specs, out_specs=out)


def gather_moments(mu):
    axes = ('dp', 'mp')
    mu = jax.lax.all_gather(mu, 'dp', axis=0, tiled=True, to='reduced')
    return jax.lax.all_gather(mu, axes, axis=1, tiled=True, to='reduced')


def inputs():
    return (np.full((8, 8), 0.1, np.float32),)


def main(mu):
    mesh = jax.make_mesh((2, 4), ('dp', 'mp'))
    mu = jax.device_put(mu, NamedSharding(mesh, P('dp', 'mp')))
    return run_sharded(gather_moments, mesh, P('dp', 'mp'), P())(mu)


if __name__ == "__main__":
    print(main(*inputs()))
