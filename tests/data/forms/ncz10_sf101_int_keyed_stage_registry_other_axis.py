"""The same stages, but the loop hands the stage "i": the gather over "i" meets the sum over "j",
which still varies on "i". Correct code: the stage's axis is read from the registry call."""
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
        total = jax.lax.psum(block, "j")
        return jax.lax.all_gather(total, axis, axis=1, tiled=True, to="reduced")

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P(None, reduced={"i"}))(x)


def main(mesh, x):
    out = None
    for n in range(1, 2):
        out = STAGES[n](x, mesh, "i")
    return out


if __name__ == "__main__":
    main(jax.make_mesh((2, 4), ("i", "j")), jnp.ones((8, 8)))
