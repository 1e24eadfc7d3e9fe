"""Boundary flux of a heat-conduction solution: the flux through each boundary face is
summed over the field components, then averaged over the whole machine for the log."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def inputs():
    return (np.linspace(0.0, 3.0, 64, dtype=np.float32).reshape(8, 8),)


def main(temperature):
    mesh = jax.make_mesh((4, 2), ("part", "comp"))
    axes = mesh.axis_names
    temperature = jax.device_put(temperature, NamedSharding(mesh, P(*axes)))

    def flux(t_block, conductivity=0.5):
        grad = t_block[:, -1] - t_block[:, -2]
        per_face = jax.lax.psum(-conductivity * grad, axes[1])
        total = jnp.sum(per_face)
        return jax.lax.pmean(total, axes)

    return jax.shard_map(flux, mesh=mesh, in_specs=P(*axes), out_specs=P())(temperature)


if __name__ == "__main__":
    print(main(*inputs()))
