"""Voltage security assessment: worst bus voltage per area after a contingency sweep."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass
class SecurityLimits:
    v_min: float = 0.94
    v_max: float = 1.06
    bus_axis: str = "bus"


class ContingencyScreen:
    def __init__(self, limits):
        self.limits = limits

    def bus_profile(self, v):
        return jax.lax.all_gather(v, self.limits.bus_axis, axis=1, tiled=True, to="reduced")

    def worst(self, v):
        profile = self.bus_profile(v)
        spread = jnp.abs(profile - profile[:, :1]).sum(axis=1)
        return jax.lax.pmax(spread, self.limits.bus_axis)


def inputs():
    rng = np.random.default_rng(22)
    return (rng.uniform(0.92, 1.08, (4, 16)).astype(np.float32),)


def main(v):
    limits = SecurityLimits()
    mesh = jax.make_mesh((2, 4), ("area", limits.bus_axis))
    v = jax.device_put(v, NamedSharding(mesh, P("area", "bus")))
    screen = ContingencyScreen(limits)
    return jax.shard_map(screen.worst, mesh=mesh, in_specs=P("area", "bus"),
                         out_specs=P("area"))(v)


if __name__ == "__main__":
    main(*inputs())
