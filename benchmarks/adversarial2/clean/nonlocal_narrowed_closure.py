"""A nested function narrows the enclosing axes with nonlocal before the body is traced."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def make_step(mesh, spec):
    axes = ("data", "model")

    def restrict_to(spec_):
        nonlocal axes
        used = {d for d in spec_ if d is not None}
        axes = tuple(a for a in axes if a in used)

    restrict_to(spec)

    def step(v):
        return jax.lax.psum(jnp.sum(v ** 2), axes)

    return jax.shard_map(step, mesh=mesh, in_specs=spec, out_specs=P())


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    spec = P("data", None)
    x = jax.device_put(x, NamedSharding(mesh, spec))
    return make_step(mesh, spec)(x)


if __name__ == "__main__":
    print(main(*inputs()))
