"""As ob2, but the probe asks for `dtype`, which a bit generator lacks: the reduction stays on
("data",), where the psum is accepted."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def reduction_axes(source):
    return ("data", "model") if hasattr(source, "dtype") else ("data",)


def make_body(axes):
    def body(block):
        return jax.lax.psum(block, axes)  # none

    return body


def main():
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    batch = np.arange(64, dtype=np.float32).reshape(8, 8)
    x = jax.device_put(batch, NamedSharding(mesh, P("data", None)))
    bits = np.random.PCG64(7)
    return jax.shard_map(make_body(reduction_axes(bits)), mesh=mesh, in_specs=P("data", None), out_specs=P())(x)


if __name__ == "__main__":
    main()
