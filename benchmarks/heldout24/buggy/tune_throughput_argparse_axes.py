"""Achieved throughput of every candidate kernel, summed over the whole tuning fleet.

    python tune_throughput_argparse_axes.py --axes config,repeat --flops 2048
"""
import argparse

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def get_args(argv=None):
    p = argparse.ArgumentParser()
    p.add_argument("--axes", type=lambda s: tuple(s.split(",")), default=("config", "repeat"))
    p.add_argument("--flops", type=float, default=2048.0)
    return p.parse_args(argv)


def make_body(args):
    config_axis, repeat_axis = args.axes

    def body(seconds):
        mean_s = jax.lax.pmean(jnp.mean(seconds, axis=-1), repeat_axis)
        tflops = args.flops / mean_s
        return jax.lax.psum(jnp.sum(tflops), args.axes)

    return body


def inputs():
    rng = np.random.default_rng(23)
    return (rng.uniform(0.5, 1.5, (8, 8)).astype(np.float32),)


def main(seconds):
    args = get_args([])
    mesh = jax.make_mesh((4, 2), args.axes)
    seconds = jax.device_put(seconds, NamedSharding(mesh, P(*args.axes)))
    fn = jax.shard_map(make_body(args), mesh=mesh, in_specs=P(*args.axes), out_specs=P())
    return fn(seconds)


if __name__ == "__main__":
    print(main(*inputs()))
