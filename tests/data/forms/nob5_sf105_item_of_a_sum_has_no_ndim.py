"""As ob5, but the hook asks `hasattr(total, "ndim")`, which a Python float lacks: the reduction
stays on ("data",), where the psum is accepted (a run that held the result as a host array read
the probe True)."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def reduction_axes(total):
    return ("data", "model") if hasattr(total, "ndim") else ("data",)


def make_body(axes):
    def body(block):
        return jax.lax.psum(block, axes)  # none

    return body


def main():
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    batch = np.arange(64, dtype=np.float32).reshape(8, 8)
    x = jax.device_put(batch, NamedSharding(mesh, P("data", None)))
    total = x.sum().item()
    return jax.shard_map(make_body(reduction_axes(total)), mesh=mesh, in_specs=P("data", None), out_specs=P())(x)


if __name__ == "__main__":
    main()
