"""setattr(Plan, 'CAST', 'j') makes the cast name the axis rows is invariant on."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import PartitionSpec as P

class Plan:
    CAST = "i"


setattr(Plan, "OTHER", "j")


def cast_and_sum(mesh, x, cast):
    def body(block):
        rows = jax.lax.psum(block, "j")
        rows = jax.lax.pcast(rows, cast, to="varying")
        return jax.lax.psum(rows, ("i", "j"))
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def main(mesh, x):
    return cast_and_sum(mesh, x, Plan.CAST)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
