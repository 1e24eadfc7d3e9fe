"""Replay diagnostics: worst TD error per shard, averaged over the whole table."""
import collections
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

ReplayAxes = collections.namedtuple("ReplayAxes", ["shard", "item"])

REPLAY = {
    "mesh_shape": (4, 2),
    "axes": ReplayAxes(shard="shards", item="items"),
    "capacity": 64,
    "n_step": 3,
    "discount": 0.99,
    "priority_exponent": 0.6,
    "importance_exponent": 0.4,
}


def make_replay_mesh(config):
    return jax.make_mesh(config["mesh_shape"], tuple(config["axes"]))


def worst_item(td, axis_name):
    return jax.lax.pmax(jnp.max(jnp.abs(td)), axis_name)


STATISTICS = {
    "worst": lambda td, axes: worst_item(td, axes.item),
    "mean": lambda td, axes: jnp.mean(jnp.abs(td)),
}


def table_statistics(td, axes, names):
    values = {name: STATISTICS[name](td, axes) for name in names}
    return {name: jax.lax.pmean(value, tuple(axes)) for name, value in values.items()}


def inputs():
    rng = np.random.default_rng(24)
    return (rng.normal(size=(16, 8)).astype(np.float32),)


def main(td):
    mesh = make_replay_mesh(REPLAY)
    axes = REPLAY["axes"]
    td = jax.device_put(td, NamedSharding(mesh, P(*axes)))
    names = ("mean", "worst")
    stats = jax.shard_map(functools.partial(table_statistics, axes=axes, names=names), mesh=mesh,
                          in_specs=P(*axes), out_specs={n: P() for n in names})(td)
    return {k: float(v) for k, v in stats.items()}


if __name__ == "__main__":
    print(main(*inputs()))
