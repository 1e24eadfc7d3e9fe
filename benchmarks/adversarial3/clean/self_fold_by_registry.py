"""Entry point: trainers register themselves; a registry-wide 'fold' retargets every gather axis."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

REGISTRY = []


def fold_all():
    for t in REGISTRY:
        t.gather = t.batch


class Trainer:
    def __init__(self, batch: str = "data", gather: str = "model"):
        self.batch = batch
        self.gather = gather
        REGISTRY.append(self)

    def run(self, w):
        mesh = jax.make_mesh((2, 4), (self.batch, self.gather))
        w = jax.device_put(w, NamedSharding(mesh, P(self.batch)))
        fold_all()

        def step(w):
            return jnp.sin(jax.lax.all_gather(w, self.gather, to="reduced", tiled=True))

        return jax.shard_map(step, mesh=mesh, in_specs=P(self.batch), out_specs=P(None, reduced={self.batch}))(w)


def inputs():
    return Trainer(), np.ones((8, 4), np.float32)


def main(trainer, w):
    return float(np.asarray(trainer.run(w)).sum())
