"""A level meter of the program's own names a method `trace` (`self.trace(level)`): no road to a
running frame (inspect.trace, of that name, hands out frames whose locals are reached only through
a further road; the module names none), so where the script run stops (a summary dumped with an
indent is not followed) the static reading keeps main's locals and finds the gather."""
import json
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclass(frozen=True)
class MeterConfig:
    spec: tuple = ("rows", None, "bins")
    gather_axis: str = "bins"


class LevelMeter:
    def __init__(self, cfg):
        self.cfg = cfg
        self.sum_axis = cfg.spec[2]

    def level(self, block):
        return jax.lax.psum(jnp.sum(block, axis=-1), self.sum_axis)

    def trace(self, level):
        return jax.lax.all_gather(level, self.cfg.gather_axis, axis=0, tiled=True, to="reduced")  # SF101

    def __call__(self, block):
        level = self.level(block)
        return level * 2.0, self.trace(level)


def inputs():
    return (MeterConfig(),)


def main(cfg):
    mesh = jax.make_mesh((4, 2), ("rows", "bins"))
    noise = np.random.default_rng(0).standard_normal(4)
    note = json.dumps({"noise": noise.tolist()}, indent=1)
    meter = LevelMeter(cfg)
    spec = P(*cfg.spec)
    with jax.set_mesh(mesh):
        x = jax.device_put(np.ones((8, 8, 16), np.float32), NamedSharding(mesh, spec))
        fn = jax.shard_map(meter, mesh=mesh, in_specs=spec,
                           out_specs=(P("rows", None), P(cfg.spec[0], None, reduced={cfg.gather_axis})))
        doubled, traced = fn(x)
    return doubled, traced, note


if __name__ == "__main__":
    main(*inputs())
