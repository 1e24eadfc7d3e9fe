import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

CONFIG = {"axes": ("i", "j"), "lr": 0.1}


def describe(cfg):
    return ", ".join(f"{k}={v}" for k, v in cfg.items())  # reads its parameter only


class Logger:
    def __init__(self):
        self.seen = []

    def log(self, cfg):
        self.seen.append(len(cfg))  # changes its own list, not the argument


def run(mesh, x):
    print(describe(CONFIG))
    Logger().log(CONFIG)

    def body(v):
        return jax.lax.psum(jnp.sum(v, axis=0), CONFIG["axes"])  # SF105: nothing changes CONFIG

    return jax.shard_map(body, mesh=mesh, in_specs=P("i"), out_specs=P())(x)
