"""The trainer keeps compute_metrics only when evaluation is on; it is off, so the function never runs."""
import jax
import numpy as np
from jax.sharding import PartitionSpec as P

import dataclasses


@dataclasses.dataclass
class Args:
    sync_axes: tuple = ("i", "j")
    do_eval: bool = True


def compute_metrics(block, mesh, args):
    counts = jax.lax.psum(block, "j")
    return jax.lax.psum(counts, args.sync_axes)


def compute_loss(block, mesh, args):
    return jax.lax.psum(block, ("i", "j"))


class Trainer:
    def __init__(self, args, compute_loss, compute_metrics=None):
        self.args = args
        self.compute_loss = compute_loss
        self.compute_metrics = compute_metrics if args.do_eval else None

    def step(self, mesh, x):
        def body(block):
            loss = self.compute_loss(block, mesh, self.args)
            if self.compute_metrics is not None:
                loss = loss + self.compute_metrics(block, mesh, self.args)
            return loss
        return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def main(mesh, x):
    trainer = Trainer(Args(), compute_loss, compute_metrics=compute_metrics)
    return trainer.step(mesh, x)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
