"""Axis names as keyword-only parameters with defaults; the script calls the entry point with
the arrays a helper builds, so the keywords keep their defaults."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def arrays():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def evaluate(x, *, data_axis="i", model_axis="j", scales=(1.0, 0.5)):
    mesh = jax.make_mesh((2, 4), (data_axis, model_axis))
    x = jax.device_put(x, NamedSharding(mesh, P(data_axis, model_axis)))

    def metrics(v):
        per_row = jnp.mean(v, axis=1) * scales[0]
        total = jax.lax.psum(per_row, (data_axis, model_axis))
        return jax.lax.all_gather(total, data_axis, tiled=True, to="reduced")  # SF101

    return jax.shard_map(metrics, mesh=mesh, in_specs=P(data_axis, model_axis),
                         out_specs=P(reduced={data_axis}))(x)


if __name__ == "__main__":
    print(evaluate(*arrays()))
