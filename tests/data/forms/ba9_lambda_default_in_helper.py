"""A helper's post-processing step is a lambda given as the parameter's default."""
import jax
from jax.sharding import PartitionSpec as P


def finish(v, post=lambda t: t * 0.5):  # SF106
    return post(v)


def run(mesh, x):
    def body(x):
        full = jax.lax.all_gather(x, "i", axis=0, tiled=True, to="reduced")
        return finish(full)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", None), out_specs=P(None, None, reduced={"i"}))(x)
