"""TEBD sweep: two-site gates from a registry, singular weights averaged per bond block."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

GATES = {}


def register_gate(name):
    def wrap(fn):
        GATES[name] = fn
        return fn
    return wrap


@register_gate("xx")
def xx_gate(dt):
    c, s = np.cos(dt), np.sin(dt)
    return jnp.array([[c, s], [-s, c]], dtype=jnp.float32)


def truncate(weights, axis):
    return jax.lax.pmean(weights, axis)


class TEBDSweep:
    def __init__(self, gate="xx", dt=0.05, bond_axis="bond"):
        self.gate = GATES[gate](dt)
        self.bond_axis = bond_axis

    def __call__(self, theta):
        theta = theta.reshape(theta.shape[0], -1, 2) @ self.gate
        weights = jax.lax.all_gather(jnp.abs(theta).sum(-1), self.bond_axis, axis=1,
                                     tiled=True, to="reduced")
        return truncate(weights, self.bond_axis)


def inputs():
    rng = np.random.default_rng(2)
    return (rng.normal(size=(8, 16)).astype(np.float32),)


def main(theta):
    mesh = jax.make_mesh((4, 2), ("site", "bond"))
    theta = jax.device_put(theta, NamedSharding(mesh, P("site", "bond")))
    sweep = TEBDSweep()
    return jax.shard_map(sweep, mesh=mesh, in_specs=P("site", "bond"),
                         out_specs=P("site", None))(theta)


if __name__ == "__main__":
    main(*inputs())
