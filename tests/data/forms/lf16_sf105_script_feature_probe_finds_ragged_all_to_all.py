"""A mixture-of-experts layer probes the installed JAX for `jax.lax.ragged_all_to_all` (present on
jax 0.10.2) and, finding it, spreads the expert reduction over both mesh axes: the psum over
("data", "model") of a value varying on "data" only raises."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def expert_axes():
    ragged = getattr(jax.lax, "ragged_all_to_all", None)
    return ("data", "model") if ragged is not None else ("data",)


def make_body(axes):
    def body(block):
        return jax.lax.psum(block, axes)  # SF105

    return body


def main():
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("data", None)))
    return jax.shard_map(make_body(expert_axes()), mesh=mesh, in_specs=P("data", None), out_specs=P())(x)


if __name__ == "__main__":
    main()
