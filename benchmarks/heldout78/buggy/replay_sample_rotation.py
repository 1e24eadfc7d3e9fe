"""Uniform replay sampler: each shard reads its neighbour's items to decorrelate batches."""
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


class UniformSampler:
    def __init__(self, config, mesh):
        self.axes = config["axes"]
        self.size = dict(zip(mesh.axis_names, mesh.axis_sizes))[self.axes.shard]
        spec = P(self.axes.shard, self.axes.item)
        self.sample = jax.shard_map(self._sample, mesh=mesh, in_specs=spec, out_specs=spec)

    @property
    def rotation(self):
        return [(i, (i + 1) % self.size) for i in range(self.size)]

    def items(self, table):
        return jax.lax.all_gather(table, self.axes.shard, axis=0, tiled=True, to="reduced")

    def _sample(self, table):
        batch = self.items(table)[: table.shape[0]]
        rotate = functools.partial(jax.lax.ppermute, axis_name=self.axes.shard, perm=self.rotation)
        return rotate(batch)


def inputs():
    rng = np.random.default_rng(22)
    return (rng.normal(size=(16, 8)).astype(np.float32),)


def main(table):
    mesh = make_replay_mesh(REPLAY)
    sampler = UniformSampler(REPLAY, mesh)
    table = jax.device_put(table, NamedSharding(mesh, P(*REPLAY["axes"])))
    return float(sampler.sample(table).sum())


if __name__ == "__main__":
    print(main(*inputs()))
