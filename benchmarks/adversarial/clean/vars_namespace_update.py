"""Argparse results overridden by a YAML-like dict merged with vars(args).update(...)."""
import argparse

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

parser = argparse.ArgumentParser()
parser.add_argument("--grad-axes", nargs="+", default=["data", "model"])
parser.add_argument("--batch-spec", nargs="+", default=["data", "model"])

FILE_CONFIG = {"grad_axes": ["data"], "batch_spec": ["data"]}


def inputs():
    args = parser.parse_args([])
    vars(args).update(FILE_CONFIG)
    return args, np.arange(32, dtype=np.float32).reshape(8, 4)


def main(args, x):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    spec = P(*args.batch_spec)
    x = jax.device_put(x, NamedSharding(mesh, spec))

    def body(b):
        return jax.lax.psum(jnp.sum(b, axis=0), tuple(args.grad_axes))

    return jax.shard_map(body, mesh=mesh, in_specs=spec, out_specs=P())(x)


if __name__ == "__main__":
    print(main(parser.parse_args(), inputs()[1]))
