"""Variational Monte Carlo trainer: the energy estimator logged by an after-step hook table."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class VMCTrainer:
    def __init__(self, walker_axis):
        self.walker_axis = walker_axis
        self.hooks = {"after_step": []}

    def register(self, event):
        def deco(fn):
            self.hooks[event].append(fn)
            return fn
        return deco

    def local_energy(self, psi, h_psi):
        return (h_psi / psi).real

    def step(self, psi, h_psi):
        e_loc = self.local_energy(psi, h_psi)
        out = {"energy": jax.lax.pmean(e_loc.mean(), self.walker_axis)}
        for hook in self.hooks["after_step"]:
            out.update(hook(self, out))
        return out["energy_history"]


trainer = VMCTrainer("walkers")


@trainer.register("after_step")
def energy_history(tr, out):
    return {"energy_history": jax.lax.all_gather(out["energy"], tr.walker_axis, to="reduced")}


def inputs():
    rng = np.random.default_rng(109)
    psi = rng.uniform(0.5, 1.5, (64,)).astype(np.float32)
    return psi, (psi * rng.normal(-1.0, 0.1, (64,))).astype(np.float32)


def main(psi, h_psi):
    mesh = jax.make_mesh((8,), ("walkers",))
    psi = jax.device_put(psi, NamedSharding(mesh, P("walkers")))
    h_psi = jax.device_put(h_psi, NamedSharding(mesh, P("walkers")))
    fn = jax.shard_map(trainer.step, mesh=mesh, in_specs=(P("walkers"), P("walkers")),
                       out_specs=P(reduced={"walkers"}))
    return fn(psi, h_psi)


if __name__ == "__main__":
    print(main(*inputs()))
