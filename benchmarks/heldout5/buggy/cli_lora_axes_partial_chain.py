"""A CLI fine-tuning script: LoRA factors gathered with a chain of functools.partial."""
import argparse
import functools

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


def parse_args(argv=()):
    p = argparse.ArgumentParser()
    p.add_argument("--batch-axis", default="batch")
    p.add_argument("--model-axis", default="model")
    p.add_argument("--rank", type=int, default=8)
    return p.parse_args(list(argv))


def gather(x, axes, *, dim, to):
    return jax.lax.all_gather(x, axes, axis=dim, tiled=True, to=to)


def adapter(a, args):
    rows = functools.partial(gather, dim=0, to="reduced")
    both = functools.partial(rows, axes=(args.batch_axis, args.model_axis))
    a = rows(a, args.model_axis)
    return both(a)


def inputs():
    args = parse_args()
    mesh = jax.make_mesh((2, 4), (args.batch_axis, args.model_axis))
    a = jax.random.normal(jax.random.key(17), (32, args.rank)) * 0.01
    return args, mesh, jax.device_put(a, NamedSharding(mesh, P((args.batch_axis, args.model_axis))))


def main(args, mesh, a):
    spec = P((args.batch_axis, args.model_axis))
    f = jax.shard_map(lambda a: adapter(a, args), mesh=mesh, in_specs=spec,
                      out_specs=P(reduced={args.batch_axis, args.model_axis}))
    return f(a)
