"""Conjugate gradients for a damped, depth-weighted model update; one L-curve point per run."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

CELL = "cell"
ENS = "ens"


def halo_laplacian(p):
    n = jax.lax.axis_size(CELL)
    left = jax.lax.ppermute(p[:, -1:], CELL, [(i, (i + 1) % n) for i in range(n)])
    right = jax.lax.ppermute(p[:, :1], CELL, [(i, (i - 1) % n) for i in range(n)])
    padded = jnp.concatenate([left, p, right], axis=1)
    return 2.0 * p - padded[:, :-2] - padded[:, 2:]


def operator(p, w, damping):
    return w * p + damping * halo_laplacian(p)


def cg(b, w, n_iter=5, damping=0.1):
    x = jnp.zeros_like(b)
    r = b
    p = r
    rs = jax.lax.psum(jnp.sum(r * r, axis=1), CELL)
    for _ in range(n_iter):
        Ap = operator(p, w, damping)
        a = rs / jax.lax.psum(jnp.sum(p * Ap, axis=1), CELL)
        x = x + a[:, None] * p
        r = r - a[:, None] * Ap
        rs_new = jax.lax.psum(jnp.sum(r * r, axis=1), CELL)
        p = r + (rs_new / rs)[:, None] * p
        rs = rs_new
    return x


def lcurve_point(b, w):
    x = cg(b, w)
    x_full = jax.lax.all_gather(x, CELL, axis=1, tiled=True, to="reduced")
    model_norm = jnp.sum(x_full * x_full, axis=1)
    return x_full, model_norm


def inputs():
    rng = np.random.default_rng(12)
    b = rng.normal(size=(2, 32)).astype(np.float32)
    w = (1.0 + np.linspace(0.0, 3.0, 32) ** 1.5).astype(np.float32)
    return b, np.tile(w, (2, 1))


def main(b, w):
    mesh = jax.make_mesh((2, 4), (ENS, CELL))
    b = jax.device_put(b, NamedSharding(mesh, P(ENS, CELL)))
    w = jax.device_put(w, NamedSharding(mesh, P(ENS, CELL)))
    fn = jax.shard_map(lcurve_point, mesh=mesh, in_specs=(P(ENS, CELL), P(ENS, CELL)),
                       out_specs=(P(ENS, None, reduced={CELL}), P(ENS, reduced={CELL})))
    return fn(b, w)


if __name__ == "__main__":
    main(*inputs())
