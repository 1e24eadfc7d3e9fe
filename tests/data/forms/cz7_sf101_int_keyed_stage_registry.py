"""A recipe's stages filed by a decorator under their numbers (`@stage(1)`) and run by number in a
loop (`STAGES[n](x, mesh, "j")`): the stage's axis is the one the registry call hands it. The
gather runs over "j", on which the value was just summed."""
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

STAGES = {}


def stage(n):
    def register(fn):
        STAGES[n] = fn
        return fn

    return register


@stage(1)
def collect(x, mesh, axis):
    def body(block):
        total = jax.lax.psum(block, axis)
        return jax.lax.all_gather(total, axis, axis=1, tiled=True, to="reduced")  # SF101

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P("i", reduced={"j"}))(x)


def main(mesh, x):
    out = None
    for n in range(1, 2):
        out = STAGES[n](x, mesh, "j")
    return out


if __name__ == "__main__":
    main(jax.make_mesh((2, 4), ("i", "j")), jnp.ones((8, 8)))
