"""ocean-heat/src/ohc/diffusion/zonal_flux.py

Explicit diffusion of the upper-ocean temperature anomaly on a (px, py) domain decomposition,
with a meridional profile of the zonal-mean temperature saved every step for the flux plots.
"""
import functools

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

# --- sim_lite: shared run scaffolding (pasted from the group's sim_lite/common.py) -----------
import argparse
import logging
import re
from collections import namedtuple

import numpy as np


def build_parser():
    p = argparse.ArgumentParser(prog="sim", description="small-domain test run")
    p.add_argument("--nx", type=int, default=32)
    p.add_argument("--ny", type=int, default=16)
    p.add_argument("--steps", type=int, default=3)
    p.add_argument("--dt", type=float, default=1e-3)
    p.add_argument("--cfl", type=float, default=0.5)
    p.add_argument("--diag-every", type=int, default=1)
    p.add_argument("--seed", type=int, default=7)
    p.add_argument("--stencil", type=int, default=2)
    return p


ARGV = ["--nx", "32", "--ny", "16", "--steps", "2", "--diag-every", "1"]


class SimFormatter(logging.Formatter):
    """Prefixes each record with the last part of the logger name and the step, if any."""

    def format(self, record):
        step = getattr(record, "step", None)
        tag = record.name.rsplit(".", 1)[-1]
        record.msg = f"[{tag}{'' if step is None else ' @' + str(step)}] {record.msg}"
        return super().format(record)


def get_logger(name):
    log = logging.getLogger("sim." + name)
    if not log.handlers:
        handler = logging.StreamHandler()
        handler.setFormatter(SimFormatter("%(levelname).1s %(message)s"))
        log.addHandler(handler)
        log.setLevel(logging.WARNING)
    return log


_CONSTANTS = """
# name       value           unit
g            9.80665         m/s^2
R_earth      6.371e6         m
omega        7.292e-5        1/s
cp_air       1004.0          J/(kg K)
kB           1.380649e-23    J/K
nu_air       1.5e-5          m^2/s
"""


def parse_constants(text):
    table = {}
    for raw in text.strip().splitlines():
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        name, value, unit = re.split(r"\s+", line, maxsplit=2)
        table[name] = (float(value), unit)
    return table


CONST = parse_constants(_CONSTANTS)

Grid = namedtuple("Grid", ["nx", "ny", "dx", "dy", "x", "y"])


def make_grid(nx, ny, lx=1.0, ly=1.0):
    x = np.linspace(0.0, lx, nx, endpoint=False)
    y = np.linspace(0.0, ly, ny, endpoint=False)
    return Grid(nx, ny, lx / nx, ly / ny, x, y)


def halo_width(stencil):
    return max(1, stencil // 2)


def local_extent(n, parts, halo=0):
    if n % parts:
        raise ValueError(f"{n} points do not split into {parts} parts")
    return n // parts + 2 * halo


def initial_blob(grid, seed, amp=1.0, noise=0.01):
    X, Y = np.meshgrid(grid.x, grid.y, indexing="ij")
    rng = np.random.default_rng(seed)
    bump = amp * np.exp(-((X - 0.5) ** 2 + (Y - 0.5) ** 2) / 0.02)
    return (bump + noise * rng.standard_normal(bump.shape)).astype(np.float32)


def cfl_number(speed, dt, dx):
    return speed * dt / dx


def run_loop(step, state, args, dx, speed, diag, log):
    dt = args.dt
    for n in range(args.steps):
        c = cfl_number(speed, dt, dx)
        if c > args.cfl:
            dt = dt * args.cfl / c
            log.warning("CFL %.2f too large, dt -> %.3g", c, dt, extra={"step": n})
        state = step(state, dt)
        if n % args.diag_every == 0:
            log.info("diag %s", diag(state), extra={"step": n})
    return state
# --- end sim_lite ---------------------------------------------------------------------------

MESH_SHAPE = (2, 4)
AXES = ("px", "py")
DIAG_AXIS = {"zonal": "py", "meridional": "px"}
KAPPA = 1.0e-3


def shift(block, axis_name, n, offset):
    perm = [(i, (i + offset) % n) for i in range(n)]
    return jax.lax.ppermute(block, axis_name, perm)


def pad_halo(t, axis_name, n, axis):
    lo = jax.lax.slice_in_dim(t, t.shape[axis] - 1, t.shape[axis], axis=axis)
    hi = jax.lax.slice_in_dim(t, 0, 1, axis=axis)
    return jnp.concatenate([shift(lo, axis_name, n, 1), t, shift(hi, axis_name, n, -1)], axis=axis)


def laplacian(t, grid, nx_parts, ny_parts):
    tx = pad_halo(t, "px", nx_parts, 0)
    ty = pad_halo(t, "py", ny_parts, 1)
    lap_x = (tx[2:, :] - 2.0 * t + tx[:-2, :]) / grid.dx ** 2
    lap_y = (ty[:, 2:] - 2.0 * t + ty[:, :-2]) / grid.dy ** 2
    return lap_x + lap_y


def make_step(mesh, grid):
    nx_parts, ny_parts = mesh.shape["px"], mesh.shape["py"]

    def body(t, dt):
        t_new = t + dt * KAPPA * laplacian(t, grid, nx_parts, ny_parts)
        zonal = jax.lax.psum(jnp.sum(t_new, axis=1), DIAG_AXIS["zonal"]) / grid.ny
        profile = jax.lax.all_gather(zonal, DIAG_AXIS["zonal"], tiled=True, to="reduced")
        return t_new, profile

    def step(t, dt):
        f = jax.shard_map(functools.partial(body, dt=dt), mesh=mesh, in_specs=P(*AXES),
                          out_specs=(P(*AXES), P(None, reduced={DIAG_AXIS["meridional"]})))
        return f(t)

    return step


def inputs():
    args = build_parser().parse_args(ARGV)
    grid = make_grid(args.nx, args.ny)
    return args, grid, initial_blob(grid, args.seed)


def main(args, grid, t0):
    log = get_logger("zonal_flux")
    mesh = jax.make_mesh(MESH_SHAPE, AXES)
    local_extent(grid.nx, mesh.shape["px"], halo_width(args.stencil))
    local_extent(grid.ny, mesh.shape["py"], halo_width(args.stencil))
    t = jax.device_put(t0, NamedSharding(mesh, P(*AXES)))
    step = make_step(mesh, grid)
    profiles = []

    def advance(state, dt):
        new, profile = step(state, dt)
        profiles.append(profile)
        return new

    speed = KAPPA / grid.dx
    t = run_loop(advance, t, args, grid.dx, speed, lambda s: float(jnp.max(s)), log)
    return t, profiles[-1]


if __name__ == "__main__":
    main(*inputs())
