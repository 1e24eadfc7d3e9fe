"""swm-jax/swm/diagnostics/rossby.py

Rossby number diagnostic: the zonal-mean relative vorticity of each latitude block is divided
by the local Coriolis parameter, and the global mean is logged every diagnostic step.
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

MESH_SHAPE = (4, 2)
AXES = ("lat", "lon")
H0 = 10.0
GLOBAL = ("lat",)


def zonal_mean(q):
    return jax.lax.pmean(jnp.mean(q, axis=1), "lon")


def coriolis(lat_deg):
    return 2.0 * CONST["omega"][0] * jnp.sin(jnp.deg2rad(lat_deg))


def make_step(mesh, grid):
    g = CONST["g"][0]
    n = mesh.shape["lon"]
    east = [(i, (i + 1) % n) for i in range(n)]

    def body(h, u, lat_deg, dt):
        hw = jax.lax.ppermute(h[:, -1:], "lon", east)
        u_new = u - dt * g * (h - jnp.concatenate([hw, h[:, :-1]], axis=1)) / grid.dy
        vort = -(u_new[1:] - u_new[:-1]) / grid.dx
        zeta = zonal_mean(vort)
        rossby = jnp.abs(zeta) / jnp.abs(coriolis(lat_deg[:-1]))
        ro_mean = jax.lax.pmean(jnp.mean(rossby), GLOBAL)
        return h, u_new, ro_mean

    def step(state, lat_deg, dt):
        f = jax.shard_map(functools.partial(body, dt=dt), mesh=mesh,
                          in_specs=(P(*AXES), P(*AXES), P("lat")),
                          out_specs=(P(*AXES), P(*AXES), P()))
        return f(*state, lat_deg)

    return step


def inputs():
    args = build_parser().parse_args(ARGV)
    grid = make_grid(args.nx, args.ny, lx=1.0e6, ly=1.0e6)
    lat = np.linspace(20.0, 70.0, args.nx).astype(np.float32)
    return args, grid, initial_blob(make_grid(args.nx, args.ny), args.seed, amp=0.2), lat


def main(args, grid, h0, lat):
    log = get_logger("rossby")
    mesh = jax.make_mesh(MESH_SHAPE, AXES)
    sh = NamedSharding(mesh, P(*AXES))
    state = (jax.device_put(h0, sh), jax.device_put(np.zeros_like(h0), sh))
    lat_d = jax.device_put(lat, NamedSharding(mesh, P("lat")))
    step = make_step(mesh, grid)
    ro = []

    def advance(s, dt):
        h, u, r = step(s, lat_d, dt)
        ro.append(r)
        return h, u

    state = run_loop(advance, state, args, grid.dy, np.sqrt(CONST["g"][0] * H0),
                     lambda s: float(jnp.max(jnp.abs(s[1]))), log)
    return state, ro[-1]


if __name__ == "__main__":
    main(*inputs())
