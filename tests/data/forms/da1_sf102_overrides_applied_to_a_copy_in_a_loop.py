"""An experiment script applies `key=value` overrides to its config dict: the helper copies the
dict first (`cfg = dict(cfg)`) and then stores each override into the copy in a loop, casting by
the old value's type. CONFIG itself is never changed, so its axis names hold: the second gather
covers the axis the first one already reduced over."""
import functools

import jax
from jax.sharding import PartitionSpec as P

CONFIG = {"inner": "j", "outer": "i,j", "seed": 0}
OVERRIDES = ["seed=3"]


def apply_overrides(cfg, overrides):
    cfg = dict(cfg)
    for item in overrides:
        key, value = item.split("=", 1)
        old = cfg[key]
        cfg[key] = type(old)(value)
    return cfg


def table(x, cfg):
    windows = jax.lax.all_gather(x, cfg["inner"], axis=1, tiled=True, to="reduced")
    return jax.lax.all_gather(windows, tuple(cfg["outer"].split(",")), axis=0, tiled=True, to="reduced")  # SF102


def main(mesh, x):
    cfg = apply_overrides(CONFIG, OVERRIDES)
    f = jax.shard_map(functools.partial(table, cfg=cfg), mesh=mesh, in_specs=P("i", "j"),
                      out_specs=P(None, None, reduced={"i", "j"}))
    return f(x)
