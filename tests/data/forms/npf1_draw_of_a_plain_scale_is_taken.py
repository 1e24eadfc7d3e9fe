"""As pf1, but the scale is 2.0: NumPy draws, the handler never runs and the reduction stays on
("data",), where the psum is accepted."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def reduction_axes():
    rng = np.random.default_rng(0)
    try:
        rng.normal(0.0, 2.0)
        return ("data",)
    except ValueError:
        return ("data", "model")


def make_body(axes):
    def body(block):
        return jax.lax.psum(block, axes)  # none

    return body


def main():
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    batch = np.arange(64, dtype=np.float32).reshape(8, 8)
    x = jax.device_put(batch, NamedSharding(mesh, P("data", None)))
    axes = reduction_axes()
    return jax.shard_map(make_body(axes), mesh=mesh, in_specs=P("data", None), out_specs=P())(x)


if __name__ == "__main__":
    main()
