"""A module SimpleNamespace changed by setattr in main, then handed on."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import PartitionSpec as P

import types
CFG = types.SimpleNamespace(sync=("i", "j"))


def reduce_plan(mesh, x, plan):
    def body(block):
        rows = jax.lax.psum(block, "j")
        return jax.lax.psum(rows, plan.sync)
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def main(mesh, x):
    setattr(CFG, "other", ("i",))
    return reduce_plan(mesh, x, CFG)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
