"""Two experiments of one registry, each run under its own key with its own config: `stats` is
given "j" (on which the sum over "i" still varies), `plain` is given "i" (it sums nothing). Each
def's parameter is what the calls under its key pass, not what another key's call passes."""
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
        return jax.lax.all_gather(total, cfg.axis, to="reduced")

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P(reduced={"j"}))(x)


@register_experiment("plain")
def plain(cfg, mesh, x):
    def body(block):
        return jax.lax.all_gather(block, cfg.axis, to="reduced")

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P(None, None, "j", reduced={"i"}))(x)


def main(mesh, x):
    return EXPERIMENTS["stats"](Config("j"), mesh, x), EXPERIMENTS["plain"](Config("i"), mesh, x)


if __name__ == "__main__":
    main(jax.make_mesh((2, 4), ("i", "j")), jnp.ones((8, 8)))
