"""The layer of lf16 probes for `jax.lax.all_gather_invariant`, which jax 0.10.2 does not have:
`getattr` gives the default None and the layer keeps the reduction on ("data",), where the psum
of a value varying on "data" passes."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def expert_axes():
    gather = getattr(jax.lax, "all_gather_invariant", None)
    return ("data", "model") if gather is not None else ("data",)


def make_body(axes):
    def body(block):
        return jax.lax.psum(block, axes)

    return body


def main():
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("data", None)))
    return jax.shard_map(make_body(expert_axes()), mesh=mesh, in_specs=P("data", None), out_specs=P())(x)


if __name__ == "__main__":
    main()
