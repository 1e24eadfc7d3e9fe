"""Amount z-score baselines: each card shard compares its spend profile with the fleet profile
handed on by its neighbour shard (a ring, so that the comparison work is spread)."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

JOB = {
    "mesh": {"shape": (4, 2), "axes": ("card", "window")},
    "baseline_axis": "card",
}


# --- sharding utils -------------------------------------------------------------------------

def make_mesh(mesh_cfg):
    return jax.make_mesh(mesh_cfg["shape"], mesh_cfg["axes"])


def place(mesh, array, spec):
    return jax.device_put(array, NamedSharding(mesh, spec))


def ring(n):
    return [(i, (i + 1) % n) for i in range(n)]


class BaselineExchange:
    def __init__(self, mesh, axis):
        self.axis = axis
        self.size = mesh.shape[axis]

    @property
    def perm(self):
        return ring(self.size)

    def fleet_profile(self, amounts):
        return jax.lax.all_gather(amounts, self.axis, axis=0, tiled=True, to="reduced")

    def hand_on(self, profile):
        return jax.lax.ppermute(profile, self.axis, self.perm)

    def __call__(self, amounts):
        profile = self.fleet_profile(amounts).sum(axis=0, keepdims=True)
        return self.hand_on(profile)


def inputs():
    rng = np.random.default_rng(4)
    return (rng.gamma(2.0, 30.0, size=(32, 24)).astype(np.float32),)


def main(amounts):
    mesh = make_mesh(JOB["mesh"])
    card, window = JOB["mesh"]["axes"]
    amounts = place(mesh, amounts, P(card, window))
    exchange = BaselineExchange(mesh, JOB["baseline_axis"])
    return jax.shard_map(exchange, mesh=mesh, in_specs=P(card, window),
                         out_specs=P(card, window))(amounts)


if __name__ == "__main__":
    main(*inputs())
