"""Near-miss of te1: the dataclass has slots and no `__dict__`, so storing a name that is not a
field raises AttributeError; the program falls back to reducing over `data` only, which JAX takes.
(Without slots the store would succeed and the pmean over both axes would raise.)"""
import dataclasses

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass(slots=True)
class SyncCfg:
    inner: str
    outer: tuple[str, ...] = ("data",)


def make_body(cfg: SyncCfg):
    def body(x):
        total = jax.lax.psum(x, cfg.inner)
        return jax.lax.pmean(total, cfg.outer)
    return body


def inputs():
    return (np.ones((8, 8), np.float32),)


def main(x):
    cfg = SyncCfg("model")
    try:
        cfg.everywhere = ("data", "model")
        cfg.outer = cfg.everywhere
    except AttributeError:
        print("slots: no", "everywhere")
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    xd = jax.device_put(x, NamedSharding(mesh, P("data", "model")))
    return jax.shard_map(make_body(cfg), mesh=mesh, in_specs=P("data", "model"), out_specs=P())(xd)


if __name__ == "__main__":
    main(*inputs())
