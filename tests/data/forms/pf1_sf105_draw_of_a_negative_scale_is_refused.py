"""A probe draws one sample of `rng.normal(0.0, -1.0)`: NumPy checks the scale before drawing and
raises ValueError, so the handler's reduction over both axes runs, and the psum of a value varying
on "data" only is rejected (a run that took the draw for a number kept ("data",))."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def reduction_axes():
    rng = np.random.default_rng(0)
    try:
        rng.normal(0.0, -1.0)
        return ("data",)
    except ValueError:
        return ("data", "model")


def make_body(axes):
    def body(block):
        return jax.lax.psum(block, axes)  # SF105

    return body


def main():
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    batch = np.arange(64, dtype=np.float32).reshape(8, 8)
    x = jax.device_put(batch, NamedSharding(mesh, P("data", None)))
    axes = reduction_axes()
    return jax.shard_map(make_body(axes), mesh=mesh, in_specs=P("data", None), out_specs=P())(x)


if __name__ == "__main__":
    main()
