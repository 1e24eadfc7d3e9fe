"""Minimum-norm inverse operator: regularised source estimates scattered back to sensors."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class InverseOperator:
    method = None

    def __init__(self, lambda2=1.0 / 9.0, sensor_axis="chan"):
        self.lambda2 = lambda2
        self.sensor_axis = sensor_axis

    def weights(self, evoked):
        raise NotImplementedError

    def apply(self, evoked):
        w = self.weights(evoked)
        return jax.lax.psum_scatter(w, self.sensor_axis, scatter_dimension=0, tiled=True)


class MinimumNorm(InverseOperator):
    method = "MNE"

    def weights(self, evoked):
        return jax.lax.all_gather(evoked, self.sensor_axis, axis=0, tiled=True, to="reduced")


def inputs():
    ev = np.random.default_rng(32).normal(size=(16, 32)).astype(np.float32)
    return (ev,)


def main(evoked):
    mesh = jax.make_mesh((2, 4), ("chan", "time"))
    evoked = jax.device_put(evoked, NamedSharding(mesh, P("chan", "time")))
    inv = MinimumNorm()
    return jax.shard_map(inv.apply, mesh=mesh, in_specs=P("chan", "time"),
                         out_specs=P("chan", "time"))(evoked)


if __name__ == "__main__":
    main(*inputs())
