import jax
from jax.sharding import PartitionSpec as P


def body(x):
    def step(i, carry):
        count, acc = carry
        return count + 1, acc * 0.5

    count, acc = jax.lax.fori_loop(0, 2, step, (0, x))
    total = jax.lax.psum(acc, ("i", "j"))  # none: acc varies on both axes
    return total + count


def run(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
