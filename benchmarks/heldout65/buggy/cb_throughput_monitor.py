"""Throughput callback: tokens per second averaged over the whole mesh."""
import time

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Strategy:
    def __init__(self, mesh):
        self.mesh = mesh

    def reduce(self, value, reduce_op="mean"):
        op = {"mean": jax.lax.pmean, "sum": jax.lax.psum}[reduce_op]
        return op(value, self.mesh.axis_names)


class Callback:
    def on_train_batch_end(self, trainer, batch, step):
        pass


class ThroughputMonitor(Callback):
    def __init__(self, token_axis="model"):
        self.token_axis = token_axis
        self.rates = []
        self._start = time.perf_counter()

    def _tokens_per_replica(self, mask):
        local = jnp.sum(mask, axis=1)
        return jax.lax.psum(local, self.token_axis)

    def on_train_batch_end(self, trainer, batch, step):
        strategy = trainer.strategy

        def body(mask):
            per_replica = self._tokens_per_replica(mask)
            return strategy.reduce(per_replica.sum(), reduce_op="mean")

        fn = jax.shard_map(body, mesh=strategy.mesh, in_specs=P("data", "model"), out_specs=P())
        elapsed = max(time.perf_counter() - self._start, 1e-6)
        self.rates.append(fn(batch) / elapsed)


class Trainer:
    def __init__(self, strategy, callbacks):
        self.strategy = strategy
        self.callbacks = callbacks

    def fit(self, batches):
        for step, batch in enumerate(batches):
            for cb in self.callbacks:
                cb.on_train_batch_end(self, batch, step)


def inputs():
    return ((np.arange(8 * 16).reshape(8, 16) % 3 != 0).astype(np.float32),)


def main(mask):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    mask = jax.device_put(mask, NamedSharding(mesh, P("data", "model")))
    monitor = ThroughputMonitor()
    Trainer(Strategy(mesh), [monitor]).fit([mask, mask])
    return monitor.rates


if __name__ == "__main__":
    main(*inputs())
