import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

METRICS = {}


def metric(name):
    def deco(cls):
        METRICS[name] = cls
        cls.name = name
        return cls
    return deco


@metric("rmse")
class WeightedRMSE:
    lat_axis = "j"

    def compute(self, forecast):
        mse = jax.lax.psum(jnp.sum(forecast ** 2, axis=1), self.lat_axis)
        jax.lax.all_gather(jnp.sqrt(mse), self.lat_axis, tiled=True, to="reduced")  # SF101
        return forecast


def main(mesh, x, name="rmse"):
    scorer = METRICS[name]()
    return jax.shard_map(scorer.compute, mesh=mesh, in_specs=P("i", "j"), out_specs=P("i", "j"))(x)
