"""Per-structure energy loss, normalised per atom, over energies collected along the data axis."""
import dataclasses
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class LossConfig:
    energy_weight: float = 1.0
    per_atom: bool = True
    data_axis: str = "data"


class EnergyLoss:
    def __init__(self, config: LossConfig):
        self.config = config

    def collect(self, x):
        return jax.lax.all_gather(x, self.config.data_axis, axis=0, tiled=True, to="invarying")

    def __call__(self, pred_energy, ref_energy, n_atoms):
        pred, ref = self.collect(pred_energy), self.collect(ref_energy)
        atoms = self.collect(n_atoms)
        if self.config.per_atom:
            sq = jnp.square(pred - ref) / jnp.square(atoms)
        else:
            sq = jnp.square(pred - ref)
        return jnp.mean(sq)


def inputs():
    rng = np.random.default_rng(41)
    return (rng.normal(size=(16,)).astype(np.float32), rng.normal(size=(16,)).astype(np.float32),
            rng.integers(4, 20, size=(16,)).astype(np.float32))


def main(pred, ref, n_atoms):
    cfg = LossConfig()
    mesh = jax.make_mesh((2, 4), (cfg.data_axis, "model"))
    spec = P(cfg.data_axis)
    pred, ref, n_atoms = (jax.device_put(a, NamedSharding(mesh, spec)) for a in (pred, ref, n_atoms))
    return jax.shard_map(EnergyLoss(cfg), mesh=mesh, in_specs=(spec, spec, spec),
                         out_specs=P())(pred, ref, n_atoms)


if __name__ == "__main__":
    main(*inputs())
