"""Game combat system: the average damage per hit over all units and damage types, for balancing."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class CombatSystem:
    axes = ("units", "dmg_types")

    def __init__(self, mesh, armor):
        self.mesh = mesh
        self.armor = armor
        self.telemetry = []

    def resolve(self, hits, armor):
        raw = jnp.sum(hits, axis=1)
        # damage types are split over devices: total them per unit
        per_unit = jax.lax.psum(raw, self.axes[1]) - armor[:, 0]
        balance = jax.lax.pmean(jnp.mean(per_unit), self.axes)
        return jnp.maximum(per_unit, 0.0)[:, None], balance[None]

    def on_frame(self, hits):
        dealt, avg = jax.shard_map(self.resolve, mesh=self.mesh,
                                   in_specs=(P(*self.axes), P(self.axes[0], None)),
                                   out_specs=(P(self.axes[0], None), P()))(hits, self.armor)
        self.telemetry.append(avg)
        return dealt


def inputs():
    rng = np.random.default_rng(55)
    return rng.uniform(0, 30, (16, 8)).astype(np.float32), rng.uniform(0, 10, (16, 1)).astype(np.float32)


def main(hits, armor):
    mesh = jax.make_mesh((4, 2), CombatSystem.axes)
    hits = jax.device_put(hits, NamedSharding(mesh, P(*CombatSystem.axes)))
    armor = jax.device_put(armor, NamedSharding(mesh, P("units", None)))
    combat = CombatSystem(mesh, armor)
    frame_callbacks = [combat.on_frame]
    for _ in range(2):
        for cb in frame_callbacks:
            cb(hits)
    print(len(combat.telemetry))


if __name__ == "__main__":
    main(*inputs())
