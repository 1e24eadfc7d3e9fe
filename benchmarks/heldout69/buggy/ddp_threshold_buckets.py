"""Gradient buckets of a DBNet threshold head, a DDP Reducer ported from torch to shard_map."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

MESH = jax.make_mesh((4, 2), ("replica", "shard"))


@dataclass(frozen=True)
class ReducerConfig:
    replica_axis: str = "replica"
    shard_axis: str = "shard"
    gradient_as_bucket_view: bool = True


class Bucket:
    def __init__(self, tensors, cfg):
        self.tensors = tensors
        self.cfg = cfg

    def flatten(self):
        flat = jnp.concatenate([t.reshape(-1) for t in self.tensors])
        return jax.lax.all_gather(flat, self.cfg.replica_axis, tiled=True, to="reduced")


class Reducer:
    def __init__(self, cfg=ReducerConfig()):
        self.cfg = cfg
        self.buckets = []

    def prepare(self, grads):
        self.buckets = [Bucket(list(grads.values()), self.cfg)]

    def finalize(self):
        views = [b.flatten() for b in self.buckets]
        axes = (self.cfg.shard_axis, self.cfg.replica_axis)
        return [jax.lax.all_gather(v, axes, tiled=True, to="reduced") for v in views]


def threshold_grads(x, w1, b1):
    # local replicas: each one keeps its own gradients until the reducer runs
    w1, b1 = (jax.lax.pcast(p, "replica", to="varying") for p in (w1, b1))

    def loss(w1, b1):
        t = jax.nn.sigmoid(x @ w1 + b1)
        return jnp.sum(jnp.abs(t - 0.3))
    gw, gb = jax.grad(loss, argnums=(0, 1))(w1, b1)
    reducer = Reducer()
    reducer.prepare({"w1": gw, "b1": gb})
    return reducer.finalize()[0]


def inputs():
    rng = np.random.default_rng(11)
    x = rng.normal(size=(8, 6)).astype(np.float32)
    w1 = rng.normal(size=(6, 4)).astype(np.float32)
    b1 = np.zeros((4,), np.float32)
    return (jax.device_put(x, NamedSharding(MESH, P("replica", None))),
            jax.device_put(w1, NamedSharding(MESH, P(None, "shard"))),
            jax.device_put(b1, NamedSharding(MESH, P("shard"))))


def main(x, w1, b1):
    fn = jax.shard_map(threshold_grads, mesh=MESH,
                       in_specs=(P("replica", None), P(None, "shard"), P("shard")),
                       out_specs=P(None, reduced={"replica", "shard"}))
    print("bucket size:", fn(x, w1, b1).shape)


if __name__ == "__main__":
    main(*inputs())
