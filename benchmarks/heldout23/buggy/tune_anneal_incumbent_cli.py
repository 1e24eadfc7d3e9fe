"""Simulated-annealing search over tiling candidates; the incumbent is tracked per shard.

    python tune_anneal_incumbent_cli.py --cand-axis cand --rounds 16
"""
import argparse

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def get_args(argv=None):
    parser = argparse.ArgumentParser()
    parser.add_argument("--cand-axis", default="cand")
    parser.add_argument("--rounds", type=int, default=16)
    parser.add_argument("--t0", type=float, default=1.0)
    return parser.parse_args([] if argv is None else argv)


def incumbent(pool, axis):
    return jax.lax.pmin(pool, axis)


def summarize(costs, axis):
    pool = jax.lax.all_gather(costs, axis, to="reduced", tiled=True)
    return incumbent(pool, axis)


def anneal_fn(args):
    temps = args.t0 * 0.8 ** jnp.arange(args.rounds)

    def body(costs, noise):
        def step(best, inputs):
            temp, eps = inputs
            proposal = costs + temp * eps
            return jnp.minimum(best, proposal), None

        best, _ = jax.lax.scan(step, costs, (temps, noise))
        return best, summarize(best, args.cand_axis)

    return body


def inputs():
    rng = np.random.default_rng(32)
    return (rng.uniform(1, 2, size=(32,)).astype(np.float32),
            rng.normal(size=(16, 32)).astype(np.float32))


def main(costs, noise, argv=None):
    args = get_args(argv)
    mesh = jax.make_mesh((8,), (args.cand_axis,))
    costs = jax.device_put(costs, NamedSharding(mesh, P(args.cand_axis)))
    noise = jax.device_put(noise[:args.rounds], NamedSharding(mesh, P(None, args.cand_axis)))
    return jax.shard_map(anneal_fn(args), mesh=mesh,
                         in_specs=(P(args.cand_axis), P(None, args.cand_axis)),
                         out_specs=(P(args.cand_axis), P()))(costs, noise)


if __name__ == "__main__":
    print(main(*inputs()))
