"""Kalman gain with a shared process-noise table, clipped for numerical safety."""
import dataclasses

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class FilterParams:
    q_floor: float = 1e-4
    r_meas: float = 0.05
    axis: str = "sensor"


class KalmanUpdate:
    def __init__(self, params: FilterParams):
        self.params = params

    def process_noise(self, q_local):
        return jax.lax.all_gather(q_local, self.params.axis, axis=1, tiled=True, to="reduced")

    def gain(self, p_prior, q_local):
        q = self.process_noise(q_local)
        q = jnp.maximum(q, self.params.q_floor)
        p = p_prior + q.sum(axis=1, keepdims=True)
        return p / (p + self.params.r_meas)


def inputs():
    mesh = jax.make_mesh((4, 2), ("drone", "sensor"))
    p = jnp.full((8, 1), 0.1, jnp.float32)
    q = jnp.linspace(0, 1e-3, 8 * 4, dtype=jnp.float32).reshape(8, 4)
    return (mesh, jax.device_put(p, NamedSharding(mesh, P("drone", None))),
            jax.device_put(q, NamedSharding(mesh, P("drone", "sensor"))))


def main(mesh, p, q):
    upd = KalmanUpdate(FilterParams())
    return jax.shard_map(upd.gain, mesh=mesh, in_specs=(P("drone", None), P("drone", "sensor")),
                         out_specs=P("drone", None))(p, q)
