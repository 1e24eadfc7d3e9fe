"""Rectangular Wilson loops W(R, T=1) of a U(1) lattice gauge field, for the static potential."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

NT, NX = 16, 16
LOOP_AXES = ["t", "x"]
EXTENTS = (1, 2, 3)


def spatial_line(x_link, r):
    acc = x_link
    for k in range(1, r):
        acc = acc + jnp.roll(x_link, -k, axis=1)
    return acc


def wilson_loops(theta):
    t_link, x_link = theta[0], theta[1]
    loops = {}
    for r in EXTENTS:
        angle = (spatial_line(x_link, r) + jnp.roll(t_link, -r, axis=1)
                 - jnp.roll(spatial_line(x_link, r), -1, axis=0) - t_link)
        loops[r] = jnp.cos(angle).mean(axis=1, keepdims=True)
    return loops


def body(theta):
    gathered = []
    for r, w in wilson_loops(theta).items():
        by_x = jax.lax.all_gather(w, LOOP_AXES[1], axis=1, tiled=True, to="reduced")
        by_x = jax.lax.pcast(by_x, LOOP_AXES[1], to="varying")
        gathered.append(jax.lax.all_gather(by_x, tuple(LOOP_AXES), axis=0, tiled=True,
                                           to="reduced"))
    return jnp.concatenate(gathered, axis=1)


def inputs():
    rng = np.random.default_rng(37)
    return (rng.normal(scale=0.3, size=(2, NT, NX)).astype(np.float32),)


def main(theta):
    mesh = jax.make_mesh((2, 4), tuple(LOOP_AXES))
    spec = P(None, *LOOP_AXES)
    theta = jax.device_put(theta, NamedSharding(mesh, spec))
    fn = jax.shard_map(body, mesh=mesh, in_specs=spec,
                       out_specs=P(None, None, reduced=set(LOOP_AXES)))
    return fn(theta)


if __name__ == "__main__":
    main(*inputs())
