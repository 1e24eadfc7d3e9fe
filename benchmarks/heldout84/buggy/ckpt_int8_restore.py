"""Restore int8-quantised weights from a checkpoint and dequantise them for inference."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@jax.tree_util.register_dataclass
@dataclasses.dataclass
class QuantizedParam:
    values: jax.Array
    scale: jax.Array


@dataclasses.dataclass(frozen=True)
class RestoreOptions:
    row_axis: str = "fsdp"
    dtype: str = "float32"


def restore_rows(q, options):
    rows = jax.lax.all_gather(q.values, options.row_axis, axis=0, tiled=True, to="reduced")
    return rows.astype(options.dtype)


def dequantize(q, options):
    return restore_rows(q, options) * q.scale


def make_restore(options):
    def restore(q, x):
        w = dequantize(q, options)
        return x @ w
    return restore


def inputs():
    rng = np.random.default_rng(55)
    values = rng.integers(-127, 128, size=(16, 8)).astype(np.int8)
    scale = (rng.random(size=(1, 8)) * 0.01).astype(np.float32)
    return values, scale, rng.normal(size=(4, 16)).astype(np.float32)


def main(values, scale, x):
    mesh = jax.make_mesh((4, 2), ("fsdp", "tensor"))
    q = QuantizedParam(jax.device_put(values, NamedSharding(mesh, P("fsdp", "tensor"))),
                       jax.device_put(scale, NamedSharding(mesh, P(None, "tensor"))))
    x = jax.device_put(x, NamedSharding(mesh, P()))
    q_specs = QuantizedParam(P("fsdp", "tensor"), P(None, "tensor"))
    fn = jax.shard_map(make_restore(RestoreOptions()), mesh=mesh, in_specs=(q_specs, P()),
                       out_specs=P(None, "tensor"))
    return jax.jit(fn)(q, x)


if __name__ == "__main__":
    print(main(*inputs()).shape)
