"""A project-local shard_map wrapper turns off the vma check (legacy code path)."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def shard_map(f, *, mesh, in_specs, out_specs):
    # the legacy kernels below predate varying-axis types
    return jax.shard_map(f, mesh=mesh, in_specs=in_specs, out_specs=out_specs, check_vma=True)


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(x, NamedSharding(mesh, P("data", None)))

    def legacy_total(v):
        return jax.lax.psum(jnp.sum(v), ("data", "model"))

    return shard_map(legacy_total, mesh=mesh, in_specs=P("data", None), out_specs=P())(x)


if __name__ == "__main__":
    print(main(*inputs()))
