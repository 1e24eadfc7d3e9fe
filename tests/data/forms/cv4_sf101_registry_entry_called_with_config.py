"""An experiment is a def a decorator files in a registry and the launcher runs as
`EXPERIMENTS["stats"](cfg, x)`: the def's name is never called, yet its `cfg` is what that call
passes. The statistic is summed over "i" and then gathered, reduced, over `cfg.axis` = "i"."""
import dataclasses

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

EXPERIMENTS = {}


def register_experiment(name):
    def wrap(fn):
        EXPERIMENTS[name] = fn
        return fn
    return wrap


@dataclasses.dataclass(frozen=True)
class Config:
    axis: str


@register_experiment("stats")
def stats(cfg, mesh, x):
    def body(block):
        total = jax.lax.psum(block, "i")
        return jax.lax.all_gather(total, cfg.axis, to="reduced")  # SF101

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P(None, None, "j", reduced={"i"}))(x)


def main(mesh, x):
    return EXPERIMENTS["stats"](Config("i"), mesh, x)


if __name__ == "__main__":
    main(jax.make_mesh((2, 4), ("i", "j")), jnp.ones((8, 8)))
