"""FedProx simulation launched from a command line: the proximal term averaged over all clients."""
import argparse
import shlex

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

SIM_ARGS = "--rounds 3 --mu 0.01 --mesh 2 4 --axes region client"


def parse(argv):
    p = argparse.ArgumentParser()
    p.add_argument("--rounds", type=int)
    p.add_argument("--mu", type=float)
    p.add_argument("--mesh", type=int, nargs="+")
    p.add_argument("--axes", nargs="+")
    return p.parse_args(argv)


def make_prox(args):
    region, client = args.axes

    def prox(local, global_params):
        sq = jnp.sum((local - global_params) ** 2, axis=-1)
        per_client = jax.lax.psum(sq, client)
        return 0.5 * args.mu * jax.lax.pmean(per_client.mean(), tuple(args.axes))
    return prox


def inputs():
    rng = np.random.default_rng(2645)
    return (rng.standard_normal((8, 16)).astype(np.float32), np.zeros((8, 16), np.float32))


def main(local, global_params):
    args = parse(shlex.split(SIM_ARGS))
    mesh = jax.make_mesh(tuple(args.mesh), tuple(args.axes))
    spec = P(*args.axes)
    local = jax.device_put(local, NamedSharding(mesh, spec))
    global_params = jax.device_put(global_params, NamedSharding(mesh, spec))
    fn = jax.shard_map(make_prox(args), mesh=mesh, in_specs=(spec, spec), out_specs=P())
    return fn(local, global_params)


if __name__ == "__main__":
    print(main(*inputs()))
