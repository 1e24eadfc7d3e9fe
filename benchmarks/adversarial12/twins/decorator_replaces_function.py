"""A module decorator hands back another function in place of the decorated one."""
import jax
import numpy as np
from jax.sharding import PartitionSpec as P


def sync_rows(v):
    return jax.lax.psum(v, "i")


def replaced_by(other):
    def deco(fn):
        return other
    return deco


@(lambda fn: fn)
def sync(v):
    return jax.lax.psum(v, ("i", "j"))


def main(mesh, x):
    def body(block):
        return sync(jax.lax.psum(block, "j"))

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
