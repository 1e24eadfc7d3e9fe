"""collections.namedtuple with defaults=, constructed with the axes given."""
import collections

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

ReduceSpec = collections.namedtuple("ReduceSpec", ["axes", "op"], defaults=[("data", "model"), "sum"])


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x):
    spec = ReduceSpec(("data",))
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(x, NamedSharding(mesh, P("data", None)))

    def body(v):
        red = {"sum": jax.lax.psum, "mean": jax.lax.pmean}[spec.op]
        return red(jnp.sum(v, axis=0), spec.axes)

    return jax.shard_map(body, mesh=mesh, in_specs=P("data", None), out_specs=P())(x)


if __name__ == "__main__":
    print(main(*inputs()))
