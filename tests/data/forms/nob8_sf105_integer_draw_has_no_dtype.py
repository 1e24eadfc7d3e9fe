"""As ob8, but the helper asks `hasattr(level, "dtype")`, which a Python int lacks: the reduction
stays on ("data",), where the psum is accepted (a run that held the draw as a NumPy scalar read the
probe True)."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def reduction_axes(level):
    return ("data", "model") if hasattr(level, "dtype") else ("data",)


def make_body(axes):
    def body(block):
        return jax.lax.psum(block, axes)  # none

    return body


def main():
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    batch = np.arange(64, dtype=np.float32).reshape(8, 8)
    x = jax.device_put(batch, NamedSharding(mesh, P("data", None)))
    level = np.random.default_rng(3).integers(1, 4, dtype=int)
    return jax.shard_map(make_body(reduction_axes(level)), mesh=mesh, in_specs=P("data", None), out_specs=P())(x)


if __name__ == "__main__":
    main()
