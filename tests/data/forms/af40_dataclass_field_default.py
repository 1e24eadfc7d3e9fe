import dataclasses

import jax
from jax.sharding import PartitionSpec as P


@dataclasses.dataclass
class ParallelConfig:
    data_axis: str = dataclasses.field(default="i")
    model_axis: str = dataclasses.field(default="j")
    microbatches: int = 2


def make_body(cfg: ParallelConfig):
    def body(x):
        full = jax.lax.all_gather(x, cfg.data_axis, axis=0, tiled=True, to="reduced")
        return jax.lax.psum_scatter(full, cfg.data_axis, scatter_dimension=0, tiled=True)  # SF103

    return body


def run(mesh, x):
    cfg = ParallelConfig()
    return jax.shard_map(make_body(cfg), mesh=mesh, in_specs=P("i", "j"), out_specs=P("i", "j"))(x)
