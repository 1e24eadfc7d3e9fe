import jax
from jax.sharding import PartitionSpec as P


def run(mesh, x):
    data_axis = mesh.axis_names[0]
    model_axis = mesh.axis_names[-1]

    def body(h):
        s = jax.lax.psum(h, data_axis)
        return jax.lax.all_gather(s, data_axis, axis=1, tiled=True, to="reduced")  # SF101 (for any mesh the caller passes: symbols)

    f = jax.shard_map(body, mesh=mesh, in_specs=P(data_axis, model_axis),
                      out_specs=P(None, model_axis, reduced={data_axis}))
    return f(x)
