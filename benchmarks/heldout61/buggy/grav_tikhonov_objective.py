"""Tikhonov objective of a magnetic susceptibility inversion for a line search."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

AXES = ("cell", "obs")
reduce_all = functools.partial(jax.lax.psum, axis_name=AXES)


def predicted(G, m):
    return jax.lax.psum(G @ m, "cell")


def objective(G, d, m, beta):
    r = (predicted(G, m) - d) / 0.05
    phi_d = jax.lax.psum(jnp.sum(r * r), "obs")
    phi_m = reduce_all(jnp.sum(m * m))
    return phi_d + beta * phi_m


def line_search(G, d, m, dm, betas=(1.0, 0.1, 0.01)):
    out = []
    for beta in betas:
        trial = [objective(G, d, m + s * dm, beta) for s in (0.0, 0.5, 1.0)]
        out.append(jnp.stack(trial))
    return jnp.stack(out)


def inputs():
    rng = np.random.default_rng(14)
    G = rng.normal(size=(16, 32)).astype(np.float32)
    m = rng.normal(size=32).astype(np.float32) * 1e-3
    return G, G @ (m * 2), m, -m


def main(G, d, m, dm):
    mesh = jax.make_mesh((4, 2), AXES)
    place = lambda a, spec: jax.device_put(a, NamedSharding(mesh, spec))
    G, d, m, dm = place(G, P("obs", "cell")), place(d, P("obs")), place(m, P("cell")), place(dm, P("cell"))
    fn = jax.shard_map(line_search, mesh=mesh,
                       in_specs=(P("obs", "cell"), P("obs"), P("cell"), P("cell")), out_specs=P())
    return fn(G, d, m, dm)


if __name__ == "__main__":
    main(*inputs())
