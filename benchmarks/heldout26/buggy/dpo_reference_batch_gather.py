"""DPO: the frozen reference model's log-ratios, gathered for the pairwise loss."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class MeshConfig:
    mesh_axes: tuple = ("data", "model")
    shape: tuple = (2, 4)


@dataclasses.dataclass
class ReferenceModel:
    config: MeshConfig

    def logratios(self, chosen, rejected):
        return (chosen - rejected).sum(-1)

    def __call__(self, chosen, rejected):
        data_axis, _ = self.config.mesh_axes
        per_pair = jax.lax.all_gather(self.logratios(chosen, rejected), data_axis, tiled=True, to="reduced")
        return jax.lax.all_gather(per_pair, self.config.mesh_axes, tiled=True, to="reduced")


def inputs():
    rng = np.random.default_rng(2622)
    return (rng.standard_normal((8, 16)).astype(np.float32),
            rng.standard_normal((8, 16)).astype(np.float32))


def main(chosen, rejected):
    cfg = MeshConfig()
    mesh = jax.make_mesh(cfg.shape, cfg.mesh_axes)
    spec = P(*cfg.mesh_axes)
    chosen = jax.device_put(chosen, NamedSharding(mesh, spec))
    rejected = jax.device_put(rejected, NamedSharding(mesh, spec))
    ref = ReferenceModel(cfg)
    fn = jax.shard_map(ref, mesh=mesh, in_specs=(spec, spec), out_specs=P(None, reduced=set(cfg.mesh_axes)))
    return fn(chosen, rejected)


if __name__ == "__main__":
    print(main(*inputs()))
