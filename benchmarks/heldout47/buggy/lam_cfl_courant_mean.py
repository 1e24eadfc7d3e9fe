"""Courant number diagnostics of the regional model, for choosing the next time step."""
import argparse
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def parse_args(argv=None):
    p = argparse.ArgumentParser()
    p.add_argument("--decomp", nargs=2, default=["y", "x"])
    p.add_argument("--dt", type=float, default=30.0)
    p.add_argument("--dx", type=float, default=2500.0)
    return p.parse_args(argv)


def courant(u, v, args):
    c = (jnp.abs(u) + jnp.abs(v)) * args.dt / args.dx
    row_max = jax.lax.pmax(c.max(axis=1), args.decomp[1])
    return jax.lax.pmean(row_max, tuple(args.decomp))


def inputs():
    rng = np.random.default_rng(42)
    return (20 * rng.standard_normal((8, 16)).astype(np.float32), 10 * rng.standard_normal((8, 16)).astype(np.float32))


def main(u, v):
    args = parse_args([])
    mesh = jax.make_mesh((2, 4), tuple(args.decomp))
    spec = P(*args.decomp)
    u = jax.device_put(u, NamedSharding(mesh, spec))
    v = jax.device_put(v, NamedSharding(mesh, spec))
    fn = jax.shard_map(functools.partial(courant, args=args), mesh=mesh, in_specs=(spec, spec), out_specs=P())
    return fn(u, v)


if __name__ == "__main__":
    main(*inputs())
