"""A typing.Protocol for loss heads; the batch is a TypedDict of sharded arrays."""
from typing import Protocol, TypedDict

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Batch(TypedDict):
    pred: jax.Array
    target: jax.Array


class LossHead(Protocol):
    def __call__(self, batch: Batch) -> jax.Array: ...


class TotalMass:
    def __call__(self, batch: Batch) -> jax.Array:
        pred = jax.lax.all_gather(batch["pred"], "data", axis=0, tiled=True, to="reduced")
        return jnp.sum(pred)


def body(pred, target, head: LossHead = TotalMass()):
    mass = head(Batch(pred=pred, target=target))
    return jax.lax.psum(mass, "data"), jax.lax.psum(jnp.sum((pred - target) ** 2), "data")


def inputs():
    rng = np.random.default_rng(30)
    return rng.normal(size=(16,)).astype(np.float32), rng.normal(size=(16,)).astype(np.float32)


def main(pred, target):
    mesh = jax.make_mesh((8,), ("data",))
    s = NamedSharding(mesh, P("data"))
    fn = jax.shard_map(body, mesh=mesh, in_specs=(P("data"), P("data")), out_specs=(P(), P()))
    return fn(jax.device_put(pred, s), jax.device_put(target, s))


if __name__ == "__main__":
    main(*inputs())
