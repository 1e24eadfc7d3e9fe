"""A launcher that builds on a shared parser and changes its defaults with set_defaults."""
import argparse

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def base_parser():
    p = argparse.ArgumentParser(add_help=False)
    p.add_argument("--batch-axes", default="data,model")
    p.add_argument("--reduce-axes", default="data,model")
    return p


def pipeline_parser():
    p = argparse.ArgumentParser(parents=[base_parser()])
    # pipeline stages keep whole rows: only 'data' splits the batch here
    p.set_defaults(batch_axes="data", reduce_axes="data")
    return p


def inputs():
    return pipeline_parser().parse_args([]), np.arange(32, dtype=np.float32).reshape(8, 4)


def main(args, x):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    batch_axes = tuple(args.batch_axes.split(","))
    spec = P(batch_axes)
    x = jax.device_put(x, NamedSharding(mesh, spec))

    def body(b):
        return jax.lax.psum(jnp.sum(b), tuple(args.reduce_axes.split(",")))

    return jax.shard_map(body, mesh=mesh, in_specs=spec, out_specs=P())(x)


if __name__ == "__main__":
    print(main(pipeline_parser().parse_args(), inputs()[1]))
