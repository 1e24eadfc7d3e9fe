"""As lm2, but the probe asks for `shape`, which every array has and a Generator does not: the
reduction stays on ("data",), where the psum is accepted (a run that held the Generator as a host
array read the probe True)."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def reduction_axes(source):
    return ("data", "model") if hasattr(source, "shape") else ("data",)


def make_body(axes):
    def body(block):
        return jax.lax.psum(block, axes)  # none

    return body


def main():
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    rng = np.random.default_rng(0)
    batch = rng.normal(size=(8, 8)).astype(np.float32)
    x = jax.device_put(batch, NamedSharding(mesh, P("data", None)))
    return jax.shard_map(make_body(reduction_axes(rng)), mesh=mesh, in_specs=P("data", None), out_specs=P())(x)


if __name__ == "__main__":
    main()
