"""The gathered array is rebound in a Python loop by a jitted step kept in a local name
(`step = jax.jit(relax, static_argnums=2)`), and gathered inside the loop: every turn reads the
value the function came in with or what the step left, and the step keeps the layout (`cfg.dt`
is a number: a field default of the frozen dataclass every caller builds without arguments;
`a.mean()` is a scalar). The out spec changes both dimensions without `multi_dim=True`."""
import dataclasses

import jax
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather


@dataclasses.dataclass(frozen=True)
class Config:
    dt: float = 0.5
    layout: P = P("i", "j")
    saved: P = P(None, None, reduced={"i", "j"})


def relax(a, b, cfg):
    return a + cfg.dt * (b - (a - a.mean()))


def run(cfg, a, b):
    saved = []
    step = jax.jit(relax, static_argnums=2)
    for k in range(3):
        a = step(a, b, cfg)
        if k % 2 == 0:
            saved.append(top_level_all_gather(a, cfg.saved))  # SF104
    return saved


def main(mesh, x):
    cfg = Config()
    with jax.set_mesh(mesh):
        a = jax.device_put(x, NamedSharding(mesh, cfg.layout))
        b = jax.device_put(x, NamedSharding(mesh, cfg.layout))
        return run(cfg, a, b)
