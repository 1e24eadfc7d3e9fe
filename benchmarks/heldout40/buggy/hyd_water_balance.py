"""Catchment water balance of a conceptual HBV-like bucket model over an ensemble of forcings."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

MODELS = {}


def register_model(cls):
    MODELS[cls.__name__.lower()] = cls
    return cls


class BucketModel:
    basin_axis = "basin"
    ensemble_axis = "ens"

    def __init__(self, field_capacity=150.0, beta=2.0):
        self.field_capacity = field_capacity
        self.beta = beta

    def recharge(self, precip, soil):
        return precip * (soil / self.field_capacity) ** self.beta

    def storage_change(self, precip, soil):
        local = jnp.sum(precip - self.recharge(precip, soil), axis=0)
        return jax.lax.psum(local, self.basin_axis)


@register_model
class HBV(BucketModel):
    def report(self, precip, soil):
        balance = self.storage_change(precip, soil)
        return jax.lax.all_gather(balance, self.basin_axis, axis=0, tiled=True, to="reduced")


def inputs():
    rng = np.random.default_rng(60)
    precip = rng.gamma(2.0, 3.0, size=(16, 8)).astype(np.float32)
    soil = rng.uniform(20.0, 140.0, size=(16, 8)).astype(np.float32)
    return precip, soil


def main(precip, soil):
    model = MODELS["hbv"]()
    mesh = jax.make_mesh((4, 2), (model.basin_axis, model.ensemble_axis))
    spec = P(model.basin_axis, model.ensemble_axis)
    precip, soil = (jax.device_put(a, NamedSharding(mesh, spec)) for a in (precip, soil))
    return jax.shard_map(model.report, mesh=mesh, in_specs=(spec, spec),
                         out_specs=P(model.ensemble_axis, reduced={model.basin_axis}))(precip, soil)


if __name__ == "__main__":
    main(*inputs())
