"""Near miss of co2: the step reshards what it returns to `P("i", None)`, so the loop's first
turn reads `P("i", "j")` and later ones `P("i", None)`: the values disagree, the analysis stays
silent (the loop runs once here, so JAX only meets the first, and the spec suits it with
multi_dim=True); and `cfg.dt` given as an array laid out `P(None, "j")`, which moves the layout
of what it multiplies (not a number: silent on the valid gather of that product)."""
import dataclasses

import jax
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather


@dataclasses.dataclass(frozen=True)
class Config:
    dt: object = 0.5
    layout: P = P("i", "j")
    saved: P = P(None, None, reduced={"i", "j"})


def relax(a, b, cfg):
    return jax.reshard(a + (b - a), P("i", None))


def run(cfg, a, b):
    saved = []
    step = jax.jit(relax, static_argnums=2)
    for k in range(1):
        saved.append(top_level_all_gather(a, cfg.saved, multi_dim=True))
        a = step(a, b, cfg)
    return saved


def scaled(cfg, a):
    return top_level_all_gather(cfg.dt * a, P("i", None, reduced={"j"}))


def main(mesh, x):
    cfg = Config()
    with jax.set_mesh(mesh):
        a = jax.device_put(x, NamedSharding(mesh, cfg.layout))
        b = jax.device_put(x, NamedSharding(mesh, cfg.layout))
        c = jax.device_put(x, NamedSharding(mesh, P("i", None)))
        scale = jax.device_put(x[0], NamedSharding(mesh, P("j")))
        return run(cfg, a, b), scaled(Config(dt=scale), c)
