import dataclasses

import jax
from jax.sharding import PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class MeshConfig:
    data: str = "i"
    tensor: str = "j"


@dataclasses.dataclass(frozen=True)
class TrainConfig:
    mesh: MeshConfig = MeshConfig()
    steps: int = 10


def train(mesh, x, cfg: TrainConfig):
    def body(w):
        g = jax.lax.all_gather(w, cfg.mesh.tensor, axis=1, tiled=True, to="reduced")
        return jax.lax.psum(g, cfg.mesh.tensor)  # SF103

    return jax.shard_map(body, mesh=mesh, in_specs=P(cfg.mesh.data, cfg.mesh.tensor),
                         out_specs=P(cfg.mesh.data, None))(x)
