import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


def body(v, drive):
    rate = jax.lax.pmean(jnp.mean(drive, axis=0), "j")
    return v, jax.lax.all_gather(rate, "i", to="reduced")  # none: drive varies on i when cells[0] is "i"


def main(x, flip=True):
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    cells = P(("i", "j"))
    if flip:
        cells = P("i")
    return jax.shard_map(body, mesh=mesh, in_specs=(P(None), P(None, cells[0])),
                         out_specs=(P(None), P(None, reduced={"i"})))(x[0], x)
