import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

METRICS = {}


def metric(name):
    def deco(cls):
        METRICS[name] = cls
        cls.name = "i"
        return cls
    return deco


@metric("rmse")
class WeightedRMSE:
    name = "j"

    def compute(self, forecast):
        mse = jax.lax.psum(jnp.sum(forecast ** 2, axis=1), "j")
        jax.lax.all_gather(jnp.sqrt(mse), self.name, tiled=True, to="reduced")
        return forecast


def main(mesh, x, name="rmse"):
    scorer = METRICS[name]()
    return jax.shard_map(scorer.compute, mesh=mesh, in_specs=P("i", "j"), out_specs=P("i", "j"))(x)
