"""Library code that takes another axis for NumPy integers (`isinstance(k, np.integer)`), handed
`np.int64(3)`: it is one, so the summed value is gathered over "obs", on which it varies, which
is legal. Whether a NumPy scalar is a `np.integer` is not read from a held array: the run does
not go on there."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def column_totals(x, mesh, k):
    sample_axis, feature_axis = mesh.axis_names
    xs = jax.device_put(np.asarray(x, np.float32), NamedSharding(mesh, P(sample_axis, feature_axis)))
    axis = sample_axis if isinstance(k, np.integer) else feature_axis

    def body(block):
        total = jax.lax.psum(jnp.sum(block) * 2.0, feature_axis)
        return jax.lax.all_gather(total, axis, to="reduced")

    return jax.shard_map(body, mesh=mesh, in_specs=P(sample_axis, feature_axis),
                         out_specs=P(None, reduced={axis}))(xs)


def main():
    mesh = jax.make_mesh((4, 2), ("obs", "feat"))
    return column_totals(np.ones((16, 8), np.float32), mesh, np.int64(3))


if __name__ == "__main__":
    main()
