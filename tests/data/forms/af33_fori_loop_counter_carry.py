import jax
from jax.sharding import PartitionSpec as P


def body(x):
    total = jax.lax.psum(x, "i")

    def accumulate(step, carry):
        count, acc = carry
        return count + 1.0, acc + 0.5 * total

    _, acc = jax.lax.fori_loop(0, 3, accumulate, (0.0, total))
    return jax.lax.all_gather(acc, "i", axis=0, tiled=True, to="reduced")  # SF101


def run(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P(None, "j", reduced={"i"}))(x)
