"""Fit an SEIR model to case counts: the Poisson log-likelihood of each region is accumulated
over days with scan; axis names come from the command line."""
import argparse

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


def parse_args(argv):
    parser = argparse.ArgumentParser()
    parser.add_argument("--axes", default="member,region")
    parser.add_argument("--days", type=int, default=10)
    return parser.parse_args(argv)


def loglik(expected, observed, args):
    member_axis, region_axis = args.axes.split(",")

    def day(acc, xs):
        mu, y = xs
        return acc + jnp.sum(y * jnp.log(mu) - mu), None

    ll, _ = jax.lax.scan(day, jnp.zeros_like(expected[0].sum()), (expected, observed))
    ll = jax.lax.psum(ll, region_axis)
    return jax.lax.pmean(ll, (member_axis, region_axis))


def run(expected, observed, mesh, args):
    spec = P(None, *args.axes.split(","))
    expected, observed = (jax.device_put(a, NamedSharding(mesh, spec)) for a in (expected, observed))
    fn = jax.shard_map(lambda e, o: loglik(e, o, args), mesh=mesh, in_specs=(spec, spec),
                       out_specs=P())
    return fn(expected, observed)


def main(expected, observed, mesh):
    return run(expected, observed, mesh, parse_args([]))


def inputs():
    mesh = jax.make_mesh((2, 4), ("member", "region"))
    k1, k2 = jax.random.split(jax.random.key(28))
    expected = jax.random.uniform(k1, (10, 4, 8)) * 5.0 + 1.0
    return expected, jax.random.poisson(k2, expected).astype(jnp.float32), mesh


if __name__ == "__main__":
    import sys
    args = parse_args(sys.argv[1:])
    e, o, m = inputs()
    print(run(e, o, m, args))
