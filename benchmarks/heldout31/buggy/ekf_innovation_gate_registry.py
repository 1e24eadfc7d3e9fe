"""Drone fleet EKF: chi-square innovation gating across the sensor suite."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

GATES = {}


def gate(kind):
    def deco(cls):
        GATES[kind] = cls
        return cls
    return deco


class Gate:
    sensor_axis = "sensor"

    def nis(self, innov, s_diag):
        return jnp.sum(innov * innov / s_diag, axis=-1)


@gate("chi2")
class ChiSquareGate(Gate):
    def __init__(self, dof=3):
        self.dof = dof

    def __call__(self, innov, s_diag):
        total = jax.lax.pmax(self.nis(innov, s_diag), self.sensor_axis)
        return jax.lax.all_gather(total, self.sensor_axis, tiled=True, to="reduced")


def inputs():
    mesh = jax.make_mesh((4, 2), ("drone", "sensor"))
    innov = jnp.sin(jnp.arange(8 * 4 * 3, dtype=jnp.float32)).reshape(8, 4, 3)
    s_diag = jnp.full((8, 4, 3), 0.5, jnp.float32)
    sh = NamedSharding(mesh, P("drone", "sensor", None))
    return mesh, jax.device_put(innov, sh), jax.device_put(s_diag, sh)


def main(mesh, innov, s_diag):
    g = GATES["chi2"]()
    spec = P("drone", "sensor", None)
    return jax.shard_map(g, mesh=mesh, in_specs=(spec, spec),
                         out_specs=P("drone", None, reduced={"sensor"}))(innov, s_diag)
