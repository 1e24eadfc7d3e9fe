"""The trainer's args are replaced after construction; the metrics function gets the narrowed ones."""
import jax
import numpy as np
from jax.sharding import PartitionSpec as P

import dataclasses


@dataclasses.dataclass
class Args:
    sync_axes: tuple = ("i", "j")


def compute_metrics(block, mesh, args):
    counts = jax.lax.psum(block, "j")
    return jax.lax.psum(counts, args.sync_axes)


class Trainer:
    def __init__(self, args, compute_metrics=None):
        self.args = args
        self.compute_metrics = compute_metrics

    def evaluate(self, mesh, x):
        def body(block):
            return self.compute_metrics(block, mesh, self.args)
        return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def narrow(trainer):
    trainer.args = dataclasses.replace(trainer.args, sync_axes=("i",))


def main(mesh, x):
    trainer = Trainer(Args(), compute_metrics=compute_metrics)
    narrow(trainer)
    return trainer.evaluate(mesh, x)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
