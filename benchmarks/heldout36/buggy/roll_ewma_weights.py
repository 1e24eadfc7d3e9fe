"""Rolling statistics: EWMA weight table shared by every (time, series) shard."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

SPANS = {"fast": 12, "slow": 26}


def ewma_weights(x, span, time_axis, series_axis):
    alpha = 2.0 / (span + 1.0)
    w = (1.0 - alpha) ** jnp.arange(x.shape[1], dtype=x.dtype)[::-1]
    local = x * w
    over_time = jax.lax.all_gather(local, time_axis, axis=1, tiled=True, to="reduced")
    return jax.lax.all_gather(over_time, (time_axis, series_axis), axis=0, tiled=True, to="reduced")


def make_table(mesh, span_name):
    series_axis, time_axis = mesh.axis_names

    def body(x):
        return ewma_weights(x, SPANS[span_name], time_axis, series_axis)

    return jax.shard_map(body, mesh=mesh, in_specs=P(series_axis, time_axis),
                         out_specs=P(None, None, reduced={time_axis, series_axis}))


def inputs():
    rng = np.random.default_rng(32)
    return (rng.normal(size=(8, 16)).astype(np.float32),)


def main(x):
    mesh = jax.make_mesh((4, 2), ("series", "time"))
    x = jax.device_put(x, NamedSharding(mesh, P("series", "time")))
    return make_table(mesh, "fast")(x)


if __name__ == "__main__":
    print(main(*inputs()))
