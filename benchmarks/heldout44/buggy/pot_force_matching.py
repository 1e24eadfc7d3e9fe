"""Force-matching loss for a learned potential: per-atom force errors collected for a parity plot."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def pair_energy(positions, sigma):
    d2 = jnp.sum((positions[:, :, None] - positions[:, None, :]) ** 2, axis=-1) + jnp.eye(positions.shape[1])
    return jnp.sum((sigma ** 2 / d2) ** 3)


def predict_forces(positions, sigma):
    return -jax.grad(pair_energy)(positions, sigma)


def force_errors(positions, ref_forces, sigma, *, mesh_axes):
    data, model = mesh_axes
    pred = predict_forces(positions, sigma)
    err = jax.lax.all_gather(pred - ref_forces, model, axis=2, tiled=True, to="reduced")
    per_atom = jnp.sum(err * err, axis=2)
    return jax.lax.all_gather(per_atom, mesh_axes, axis=0, tiled=True, to="reduced")


def inputs():
    rng = np.random.default_rng(37)
    pos = rng.uniform(0.0, 3.0, size=(4, 8, 4)).astype(np.float32)
    ref = rng.normal(size=(4, 8, 4)).astype(np.float32)
    return pos, ref, np.float32(0.8)


def main(pos, ref, sigma):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    spec = P("data", None, "model")
    pos, ref = (jax.device_put(a, NamedSharding(mesh, spec)) for a in (pos, ref))
    sigma = jax.device_put(sigma, NamedSharding(mesh, P()))
    loss = functools.partial(force_errors, mesh_axes=mesh.axis_names)
    return jax.shard_map(loss, mesh=mesh, in_specs=(spec, spec, P()),
                         out_specs=P(None, None, reduced=set(mesh.axis_names)))(pos, ref, sigma)


if __name__ == "__main__":
    main(*inputs())
