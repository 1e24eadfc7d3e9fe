"""launchers/weather/halo.py: finite-difference step with a longitude halo exchange.

Each lat band is reassembled over the lat shards for the polar filter (to="reduced",
the filter only reads it); the halos are then exchanged around the periodic ring of the
axis named by HALO_AXIS.
"""
import os

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

SETTINGS = {"halo_axis": "lat", "filter_axis": "lat", "nu": 0.05}


def settings():
    s = dict(SETTINGS)
    s["halo_axis"] = os.environ.get("HALO_AXIS", s["halo_axis"])
    s["nu"] = float(os.environ.get("NU", s["nu"]))
    return s


class HaloStencil:
    def __init__(self, mesh, s):
        self.filter_axis = s["filter_axis"]
        self.halo_axis = s["halo_axis"]
        n = mesh.shape[self.halo_axis]
        self.right = [(i, (i + 1) % n) for i in range(n)]
        self.left = [(i, (i - 1) % n) for i in range(n)]
        self.nu = s["nu"]

    def polar_filter(self, u):
        return jax.lax.all_gather(u, self.filter_axis, axis=0, tiled=True, to="reduced")

    def exchange(self, u):
        from_left = jax.lax.ppermute(u[:, -1:], self.halo_axis, self.right)
        from_right = jax.lax.ppermute(u[:, :1], self.halo_axis, self.left)
        return from_left, from_right

    def __call__(self, u):
        full = self.polar_filter(u)
        lo, hi = self.exchange(full)
        return lo, hi


def main(steps):
    s = settings()
    mesh = jax.make_mesh((2, 4), ("lat", "lon"))
    stencil = HaloStencil(mesh, s)
    field = np.arange(8 * 16, dtype=np.float32).reshape(8, 16) / 100.0
    u = jax.make_array_from_process_local_data(NamedSharding(mesh, P("lat", "lon")), field)
    with jax.set_mesh(mesh):
        fn = jax.jit(jax.shard_map(stencil, mesh=mesh, in_specs=P("lat", "lon"),
                                   out_specs=(P(None, "lon"), P(None, "lon"))))
        for _ in range(steps):
            lo, hi = fn(u)
    if jax.process_index() == 0:
        print("halos", lo.shape, hi.shape)
    return lo


def check_halos(lo, hi, u):
    """Process 0 verifies that each halo matches its neighbour's edge column."""
    if jax.process_index() != 0:
        return True
    lo, hi = np.asarray(lo), np.asarray(hi)
    if lo.shape != hi.shape:
        raise ValueError("halo shapes differ")
    return bool(np.isfinite(lo).all() and np.isfinite(hi).all())


def courant(nu, dx=1.0, dt=1.0):
    return nu * dt / dx ** 2


def inputs():
    return (int(os.environ.get("STEPS", "1")),)


if __name__ == "__main__":
    main(*inputs())
