"""Transient groundwater run that saves heads at the end of each stress period."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class OutputControl:
    compute: P = P("row", "col")
    saved: P = P(None, None, reduced={"row", "col"})
    save_every: int = 2


@dataclasses.dataclass(frozen=True)
class Simulation:
    nper: int = 4
    storage: float = 1e-3
    dt: float = 1.0
    oc: OutputControl = dataclasses.field(default_factory=OutputControl)


def relax(head, recharge, sim):
    leakage = 1e-4 / sim.storage * (head - head.mean())
    return head + sim.dt * (recharge - leakage)


def run(sim, head, recharge):
    saved = []
    step = jax.jit(relax, static_argnums=2)
    for kper in range(sim.nper):
        head = step(head, recharge, sim)
        if (kper + 1) % sim.oc.save_every == 0:
            saved.append(top_level_all_gather(head, sim.oc.saved))
    return saved


def inputs():
    rng = np.random.default_rng(23)
    sim = Simulation()
    mesh = jax.make_mesh((4, 2), ("row", "col"))
    head = jax.device_put((30.0 + rng.normal(size=(16, 8))).astype(np.float32), NamedSharding(mesh, sim.oc.compute))
    recharge = jax.device_put(np.full((16, 8), 1e-3, np.float32), NamedSharding(mesh, sim.oc.compute))
    return mesh, sim, head, recharge


def main(mesh, sim, head, recharge):
    with jax.set_mesh(mesh):
        return run(sim, head, recharge)


if __name__ == "__main__":
    main(*inputs())
