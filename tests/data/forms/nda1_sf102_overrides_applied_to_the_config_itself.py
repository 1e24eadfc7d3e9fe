"""The same script, but the override helper stores into the dict it is handed (no copy), so
CONFIG's text no longer says which axes the second gather covers: it gathers over 'i' alone,
which the first gather left varying. Nothing may be reported from CONFIG as written."""
import functools

import jax
from jax.sharding import PartitionSpec as P

CONFIG = {"inner": "j", "outer": "i,j", "seed": 0}
OVERRIDES = ["outer=i"]


def apply_overrides(cfg, overrides):
    for item in overrides:
        key, value = item.split("=", 1)
        old = cfg[key]
        cfg[key] = type(old)(value)
    return cfg


def table(x, cfg):
    windows = jax.lax.all_gather(x, cfg["inner"], axis=1, tiled=True, to="reduced")
    return jax.lax.all_gather(windows, tuple(cfg["outer"].split(",")), axis=0, tiled=True, to="reduced")


def main(mesh, x):
    cfg = apply_overrides(CONFIG, OVERRIDES)
    f = jax.shard_map(functools.partial(table, cfg=cfg), mesh=mesh, in_specs=P("i", "j"),
                      out_specs=P(None, None, reduced={"i", "j"}))
    return f(x)
