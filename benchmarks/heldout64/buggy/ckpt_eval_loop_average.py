"""CLU-like eval loop: Average metrics merged over batches, with per-replica values kept."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

MESH_AXES = ("replica", "fsdp")
BATCH_AXES = ("replica", "fsdp")


@dataclasses.dataclass
class Average:
    total: jax.Array
    count: jax.Array

    @classmethod
    def from_model_output(cls, values, mask):
        return cls(total=jnp.sum(values * mask), count=jnp.sum(mask))

    def merge(self, other):
        return Average(self.total + other.total, self.count + other.count)

    def reduce_over(self, axes):
        return Average(jax.lax.psum(self.total, axes), jax.lax.psum(self.count, axes))

    def gather_per_replica(self, axis):
        return jax.tree.map(lambda x: jax.lax.all_gather(x[None], axis, to="reduced", tiled=True), self)

    def compute(self):
        return self.total / jnp.maximum(self.count, 1.0)


jax.tree_util.register_dataclass(Average, data_fields=["total", "count"], meta_fields=[])


def make_eval_step(mesh):
    def eval_step(losses, mask):
        metric = Average.from_model_output(losses, mask).reduce_over(BATCH_AXES)
        return metric.gather_per_replica(MESH_AXES[0])

    out = Average(P(None, reduced={MESH_AXES[0]}), P(None, reduced={MESH_AXES[0]}))
    return jax.jit(jax.shard_map(eval_step, mesh=mesh, in_specs=(P(BATCH_AXES), P(BATCH_AXES)),
                                 out_specs=out))


def evaluate(mesh, dataset):
    eval_step = make_eval_step(mesh)
    sharding = NamedSharding(mesh, P(BATCH_AXES))
    merged = None
    for losses, mask in dataset:
        batch = [jax.device_put(x, sharding) for x in (losses, mask)]
        update = eval_step(*batch)
        merged = update if merged is None else merged.merge(update)
    return merged.compute()


def inputs():
    rng = np.random.default_rng(24)
    dataset = [(rng.random(16).astype(np.float32), (rng.random(16) > 0.1).astype(np.float32))
               for _ in range(3)]
    return (dataset,)


def main(dataset):
    mesh = jax.make_mesh((2, 4), MESH_AXES)
    return evaluate(mesh, dataset)


if __name__ == "__main__":
    main(*inputs())
