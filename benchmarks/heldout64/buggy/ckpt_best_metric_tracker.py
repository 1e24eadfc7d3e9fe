"""Checkpoint selection: accuracy of each restored step, the best step kept."""
import dataclasses
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass
class BestTracker:
    metric: str = "accuracy"
    mode: str = "max"
    best_value: float = -float("inf")
    best_step: int = -1

    def update(self, step, value):
        better = value > self.best_value if self.mode == "max" else value < self.best_value
        if better:
            self.best_value, self.best_step = value, step
        return better


def accuracy_step(replica_axis, logits, labels):
    correct = (jnp.argmax(logits, axis=-1) == labels).astype(jnp.float32)
    per_replica = jax.lax.all_gather(jnp.mean(correct)[None], replica_axis, tiled=True, to="reduced")
    return jnp.mean(per_replica)


def inputs():
    rng = np.random.default_rng(29)
    restored = {step: rng.standard_normal((16, 10)).astype(np.float32) for step in (500, 1000, 1500)}
    labels = rng.integers(0, 10, (16,)).astype(np.int32)
    return restored, labels


def main(restored, labels):
    mesh = jax.make_mesh((2, 4), ("replica", "fsdp"))
    step_fn = jax.jit(jax.shard_map(functools.partial(accuracy_step, "replica"), mesh=mesh,
                                    in_specs=(P("replica", None), P("replica")), out_specs=P()))
    labels = jax.device_put(labels, NamedSharding(mesh, P("replica")))
    tracker = BestTracker()
    for step in sorted(restored):
        logits = jax.device_put(restored[step], NamedSharding(mesh, P("replica", None)))
        tracker.update(step, float(step_fn(logits, labels)))
    return tracker.best_step


if __name__ == "__main__":
    main(*inputs())
