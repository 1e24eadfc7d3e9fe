"""SCF convergence check as a CLI script: HOMO energies over k-points from argparse flags."""
import argparse

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def parse_args(argv=None):
    p = argparse.ArgumentParser()
    p.add_argument("--mesh", default="2,4")
    p.add_argument("--kpt-axis", default="kpoints")
    p.add_argument("--band-axis", default="bands")
    p.add_argument("--iters", type=int, default=3)
    return p.parse_args(argv)


def inputs():
    h = np.diag(np.linspace(-2, 2, 8)).astype(np.float32)[None].repeat(4, 0)
    return (h + 0.01,)


def scf(hk, args):
    def it(_, m):
        return 0.5 * (m + jnp.tanh(m))
    hk = jax.lax.fori_loop(0, args.iters, it, hk)
    eps = jnp.diagonal(hk, axis1=1, axis2=2)
    eps_all = jax.lax.all_gather(eps, args.kpt_axis, axis=0, tiled=True, to="reduced")
    homo = jnp.min(jax.lax.pmin(eps_all, args.kpt_axis), axis=0)
    return homo


def main(h, argv=()):
    args = parse_args(list(argv))
    shape = tuple(int(s) for s in args.mesh.split(","))
    mesh = jax.make_mesh(shape, (args.kpt_axis, args.band_axis))
    h = jax.device_put(h, NamedSharding(mesh, P(args.kpt_axis, None, args.band_axis)))
    f = jax.shard_map(lambda x: scf(x, args), mesh=mesh,
                      in_specs=P(args.kpt_axis, None, args.band_axis), out_specs=P(args.band_axis))
    return f(h)


if __name__ == "__main__":
    print(main(*inputs()))
