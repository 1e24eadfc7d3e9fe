"""lru_cache on a method keys by self: a new instance computes again."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import PartitionSpec as P
import functools

STATE = {"wide": True}


class Planner:
    @functools.lru_cache
    def plan(self, kind):
        return ("i", "j") if STATE["wide"] else ("i",)



def reduce_rows(mesh, x, axes):
    def body(block):
        rows = jax.lax.psum(block, "j")
        return jax.lax.psum(rows, axes)
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def main(mesh, x):
    first = Planner()
    first.plan("mesh")
    STATE["wide"] = False
    return reduce_rows(mesh, x, first.plan("mesh"))


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
