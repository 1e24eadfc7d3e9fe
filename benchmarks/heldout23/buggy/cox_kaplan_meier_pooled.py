"""Pooled Kaplan-Meier curve from per-site at-risk and event counts.

    python cox_kaplan_meier_pooled.py --site-axis site --patient-axis patients --bins 8
"""
import argparse

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def cli(argv=None):
    parser = argparse.ArgumentParser()
    parser.add_argument("--site-axis", default="site")
    parser.add_argument("--patient-axis", default="patients")
    parser.add_argument("--bins", type=int, default=8)
    return parser.parse_args([] if argv is None else argv)


def km_body(args):
    def body(time_bin, event):
        onehot = jax.nn.one_hot(time_bin, args.bins)
        at_risk = jax.lax.psum(jnp.cumsum(onehot[:, ::-1], axis=1)[:, ::-1].sum(0), args.patient_axis)
        deaths = jax.lax.psum((onehot * event[:, None]).sum(0), args.patient_axis)
        at_risk_all = jax.lax.all_gather(at_risk, args.site_axis, to="reduced")
        pooled_n = jax.lax.psum(at_risk_all, args.site_axis)
        pooled_d = jax.lax.psum(deaths, args.site_axis)
        return jnp.cumprod(1.0 - pooled_d / jnp.maximum(pooled_n.sum(0), 1.0))

    return body


def inputs():
    rng = np.random.default_rng(52)
    return (rng.integers(0, 8, size=(64,)).astype(np.int32),
            (rng.uniform(size=(64,)) < 0.7).astype(np.float32))


def main(time_bin, event, argv=None):
    args = cli(argv)
    mesh = jax.make_mesh((2, 4), (args.site_axis, args.patient_axis))
    rows = P((args.site_axis, args.patient_axis))
    time_bin, event = (jax.device_put(a, NamedSharding(mesh, rows)) for a in (time_bin, event))
    return jax.shard_map(km_body(args), mesh=mesh, in_specs=(rows, rows), out_specs=P())(time_bin, event)


if __name__ == "__main__":
    print("S(t) =", main(*inputs()))
