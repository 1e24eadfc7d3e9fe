"""Loss scaling dispatched on the type of the scale with functools.singledispatch."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@functools.singledispatch
def apply_scale(scale, value):
    raise TypeError(f"unsupported scale {type(scale).__name__}")


@apply_scale.register
def _(scale: float, value):
    return value * scale


@apply_scale.register
def _(scale: dict, value):
    return {k: apply_scale(scale[k], v) for k, v in value.items()}


def body(logits):
    full = jax.lax.all_gather(logits, "model", axis=1, tiled=True, to="reduced")
    return apply_scale(1.0 / 1024.0, full)


def inputs():
    return (np.random.default_rng(4).normal(size=(16, 8)).astype(np.float32),)


def main(logits):
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    fn = jax.shard_map(body, mesh=mesh, in_specs=P("data", "model"),
                       out_specs=P("data", None, reduced={"model"}))
    return fn(jax.device_put(logits, NamedSharding(mesh, P("data", "model"))))


if __name__ == "__main__":
    main(*inputs())
