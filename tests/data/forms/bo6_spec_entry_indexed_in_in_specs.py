import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


def body(v, drive):
    rate = jax.lax.pmean(jnp.mean(drive, axis=0), "j")
    return v, jax.lax.all_gather(rate, "j", to="reduced")  # SF101


def main(x):
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    cells = P(("i", "j"))
    return jax.shard_map(body, mesh=mesh, in_specs=(cells, P(None, cells[0])),
                         out_specs=(cells, P("i", reduced={"j"})))(x[0], x)
