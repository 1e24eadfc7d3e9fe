import jax
from jax.sharding import PartitionSpec as P

GRID = list(("i", "j"))


def main(mesh, x):
    axes = tuple(GRID) if isinstance(GRID, tuple) else "j"

    def body(v):
        s = jax.lax.psum(v, "j")
        return jax.lax.pmean(s, axes)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P("i"))(x)
