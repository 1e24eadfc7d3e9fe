"""Merging LoRA adapters into a frozen base kernel for export (2-D and stacked 3-D kernels)."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def gather_rows(w, axes=("fsdp", "model")):
    return jax.lax.all_gather(w, axes, axis=0, tiled=True, to="reduced")


def merge(base, lora_a, lora_b, scale=2.0):
    if base.ndim == 3:
        base = base.reshape(-1, base.shape[-1])
    delta = (lora_a @ lora_b) * scale
    merged = jax.lax.all_gather(base + delta, "model", axis=1, tiled=True, to="reduced")
    return gather_rows(merged)


def inputs():
    r = np.random.RandomState(61)
    return (r.randn(2, 16, 32).astype(np.float32), r.randn(32, 4).astype(np.float32) * 0.1,
            r.randn(4, 32).astype(np.float32) * 0.1)


def main(base, a, b):
    mesh = jax.make_mesh((2, 4), ("fsdp", "model"))
    base = jax.device_put(base, NamedSharding(mesh, P(None, "fsdp", "model")))
    a = jax.device_put(a, NamedSharding(mesh, P("fsdp", None)))
    b = jax.device_put(b, NamedSharding(mesh, P(None, "model")))
    return jax.shard_map(merge, mesh=mesh, in_specs=(P(None, "fsdp", "model"), P("fsdp", None), P(None, "model")),
                         out_specs=P(None, None, reduced={"fsdp", "model"}))(base, a, b)


if __name__ == "__main__":
    print(main(*inputs()).shape)
