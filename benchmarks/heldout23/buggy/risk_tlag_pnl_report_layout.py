import dataclasses

import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class ReportLayout:
    shocks: P = dataclasses.field(default_factory=lambda: P("scenario", None))
    cube: P = dataclasses.field(default_factory=lambda: P(("scenario", "desk"), None))
    by_desk: P = dataclasses.field(default_factory=lambda: P("desk", None))


def build_revaluation(mesh, layout):
    @jax.jit
    def _reval(shocks, weights):
        return shocks @ weights

    return jax.jit(_reval, out_shardings=NamedSharding(mesh, layout.cube))


def inputs():
    rng = np.random.default_rng(5)
    return rng.normal(size=(64, 16)).astype(np.float32), rng.normal(size=(16, 4)).astype(np.float32)


def main(shocks, weights, layout=ReportLayout()):
    mesh = jax.make_mesh((4, 2), ("scenario", "desk"))
    shocks = jax.device_put(shocks, NamedSharding(mesh, layout.shocks))
    weights = jax.device_put(weights, NamedSharding(mesh, P()))
    pnl = build_revaluation(mesh, layout)(shocks, weights)
    with jax.set_mesh(mesh):
        by_desk = top_level_all_gather(pnl, layout.by_desk)
    return by_desk


if __name__ == "__main__":
    print(main(*inputs()).sharding)
