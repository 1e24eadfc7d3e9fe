"""set_defaults(**overrides) after add_argument replaces the argument's default."""
import argparse

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

OVERRIDES = {"loss_axes": "batch"}

parser = argparse.ArgumentParser()
parser.add_argument("--loss-axes", default="batch,tensor")
parser.set_defaults(**{})
cfg = parser.parse_args([])


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x):
    mesh = jax.make_mesh((2, 4), ("batch", "tensor"))
    x = jax.device_put(x, NamedSharding(mesh, P("batch", None)))

    def body(v):
        return jax.lax.psum(jnp.sum(jnp.tanh(v)), tuple(cfg.loss_axes.split(",")))

    return jax.shard_map(body, mesh=mesh, in_specs=P("batch", None), out_specs=P())(x)


if __name__ == "__main__":
    print(main(*inputs()))
