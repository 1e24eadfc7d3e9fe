import argparse

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

parser = argparse.ArgumentParser()
parser.add_argument("--stat-axis", type=str, default="data")

MESH = jax.make_mesh((2, 4), ("data", "model"))


def column_stats(x, argv=None):
    flags = parser.parse_args(argv)

    def body(block):
        total = jax.lax.psum(block, flags.stat_axis)
        return jax.lax.all_gather(total, flags.stat_axis, to="reduced")  # SF101

    return jax.shard_map(body, mesh=MESH, in_specs=P("data", "model"), out_specs=P(None, "model", reduced={flags.stat_axis}))(
        jax.device_put(x, NamedSharding(MESH, P("data", "model"))))


if __name__ == "__main__":
    print(column_stats(jnp.ones((8, 8))))
