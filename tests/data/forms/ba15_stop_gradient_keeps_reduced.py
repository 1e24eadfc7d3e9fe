"""`jax.lax.stop_gradient` keeps a reduced value reduced: summing it over the gathered axis again
fails as it would without the stop."""
import jax
from jax.sharding import PartitionSpec as P


def run(mesh, x):
    def body(x):
        full = jax.lax.all_gather(x, "j", axis=1, tiled=True, to="reduced")
        frozen = jax.lax.stop_gradient(full)
        return jax.lax.psum(frozen, "j")  # SF103

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P("i"))(x)
