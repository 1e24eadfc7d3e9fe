"""Spectral bisection: power iteration on the shifted graph Laplacian for several starting vectors."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class SpectralBisection:
    def __init__(self, mesh, steps=5, shift=4.0):
        self.vtx, self.trial = mesh.axis_names
        self.steps = steps
        self.shift = shift

    def normalise(self, v):
        norm = jnp.sqrt(jax.lax.psum(jnp.sum(v * v, axis=0, keepdims=True), self.vtx))
        return v / norm

    def iterate(self, lap_rows, v_local):
        v_full = jax.lax.all_gather(v_local, self.vtx, axis=0, tiled=True, to="reduced")
        for _ in range(self.steps):
            v_local = self.normalise(self.shift * v_local - lap_rows @ v_full)
            v_full = jax.lax.all_gather(v_local, self.vtx, axis=0, tiled=True, to="reduced")
        return jax.lax.all_gather(v_full, (self.vtx, self.trial), axis=1, tiled=True, to="reduced")


def path_laplacian(n):
    lap = 2.0 * np.eye(n) - np.eye(n, k=1) - np.eye(n, k=-1)
    lap[0, 0] = lap[-1, -1] = 1.0
    return lap.astype(np.float32)


def inputs():
    rng = np.random.default_rng(21)
    return path_laplacian(16), rng.standard_normal((16, 4)).astype(np.float32)


def main(lap, v0):
    mesh = jax.make_mesh((4, 2), ("vtx", "trial"))
    lap = jax.device_put(lap, NamedSharding(mesh, P("vtx", None)))
    v0 = jax.device_put(v0, NamedSharding(mesh, P("vtx", "trial")))
    bisect = SpectralBisection(mesh)
    run = jax.shard_map(bisect.iterate, mesh=mesh, in_specs=(P("vtx", None), P("vtx", "trial")),
                        out_specs=P(None, None, reduced={"vtx", "trial"}))
    return run(lap, v0)


if __name__ == "__main__":
    main(*inputs())
