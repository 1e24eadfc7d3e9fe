"""Resharding transforms applied while converting a bf16 checkpoint to fp32 master weights."""
from functools import partial

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

MESH = jax.make_mesh((4, 2), ("fsdp", "tp"))


class Transform:
    def apply(self, x):
        return x


class Unshard(Transform):
    def __init__(self, axis):
        self.axis = axis

    def apply(self, x):
        return jax.lax.all_gather(x, self.axis, axis=0, tiled=True, to="reduced")


class Rescale(Transform):
    def __init__(self, factor):
        self.factor = factor

    def apply(self, x):
        return x.astype(jnp.float32) * self.factor


def run_pipeline(x, transforms):
    for t in transforms:
        x = t.apply(x)
    return x


def inputs():
    w = jnp.linspace(0.0, 2.0, 16 * 8).reshape(16, 8).astype(jnp.bfloat16)
    return (jax.device_put(w, NamedSharding(MESH, P("fsdp", "tp"))),)


def main(tensor):
    pipeline = [Unshard("fsdp"), Rescale(0.5)]
    fn = jax.shard_map(partial(run_pipeline, transforms=pipeline), mesh=MESH,
                       in_specs=P("fsdp", "tp"), out_specs=P(None, "tp", reduced={"fsdp"}))
    return fn(tensor)


if __name__ == "__main__":
    main(*inputs())
