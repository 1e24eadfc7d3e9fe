"""Soil moisture index relative to field capacity and wilting point, per soil column."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass
class SoilProperties:
    field_capacity: jax.Array
    wilting_point: jax.Array


class MoistureIndex:
    layer_axis = "layer"

    def __init__(self, props: SoilProperties):
        self.props = props

    def profile(self, values):
        return jax.lax.all_gather(values, self.layer_axis, axis=1, tiled=True, to="reduced")

    def __call__(self, theta, fc, wp):
        smi = (theta - wp) / (fc - wp)
        return self.profile(smi).sum(axis=1)


def inputs():
    rng = np.random.default_rng(35)
    theta = rng.uniform(0.1, 0.4, size=(8, 8)).astype(np.float32)
    fc = np.full((8, 8), 0.35, np.float32)
    wp = np.full((8, 8), 0.12, np.float32)
    return theta, fc, wp


def main(theta, fc, wp):
    mesh = jax.make_mesh((4, 2), ("column", "layer"))
    theta = jax.device_put(theta, NamedSharding(mesh, P("column", "layer")))
    fc = jax.device_put(fc, NamedSharding(mesh, P("column", "layer")))
    wp = jax.device_put(wp, NamedSharding(mesh, P("column", "layer")))
    index = MoistureIndex(SoilProperties(fc, wp))
    fn = jax.shard_map(index, mesh=mesh,
                       in_specs=(P("column", "layer"), P("column", "layer"), P("column", "layer")),
                       out_specs=P("column", reduced={"layer"}))
    return fn(theta, index.props.field_capacity, index.props.wilting_point)


if __name__ == "__main__":
    main(*inputs())
