"""The mesh's names unpacked in `main` and handed to a body factory: its parameters are those
two names whatever the caller's mesh calls them (symbols through a call)."""
import jax
from jax.sharding import NamedSharding, PartitionSpec as P


def make_body(rows_axis, cols_axis):
    def body(x):
        cols = jax.lax.all_gather(x, cols_axis, axis=1, tiled=True, to="reduced")
        return jax.lax.all_gather(cols, (rows_axis, cols_axis), axis=0, tiled=True, to="reduced")  # SF102
    return body


def main(mesh, x):
    rows_axis, cols_axis = mesh.axis_names
    x = jax.device_put(x, NamedSharding(mesh, P(rows_axis, cols_axis)))
    step = jax.shard_map(make_body(rows_axis, cols_axis), mesh=mesh, in_specs=P(rows_axis, cols_axis),
                         out_specs=P(None, None, reduced={rows_axis, cols_axis}))
    return step(x)
