"""enkf-tracer/enkf/io/member_archive.py

Archives the tracer ensemble: each member's track is assembled along x (the member
verification reads it), and the archive holds all members, gathered from the tracks.
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
AXES = ("ens", "x")
N_MEMBERS = 8
WIND = 1.0


def ensemble(args):
    grid = make_grid(args.nx, N_MEMBERS)
    X, M = np.meshgrid(grid.x, np.arange(N_MEMBERS), indexing="xy")
    rng = np.random.default_rng(args.seed)
    q = np.exp(-((X - 0.3 - 0.02 * M) ** 2) / 0.01) + 0.01 * rng.standard_normal(X.shape)
    return grid, q.astype(np.float32)


def upwind(q, dx, dt, parts):
    ring = [(i, (i + 1) % parts) for i in range(parts)]
    west = jax.lax.ppermute(q[:, -1:], "x", ring)
    return q - WIND * dt / dx * (q - jnp.concatenate([west, q[:, :-1]], axis=1))
ARCHIVE = {"track": ("x", 1), "archive": (AXES, 0)}


def gather_as(q, kind):
    names, dim = ARCHIVE[kind]
    return jax.lax.all_gather(q, names, axis=dim, tiled=True, to="reduced")


def make_step(mesh, grid):
    def body(q, dt):
        q = upwind(q, grid.dx, dt, mesh.shape["x"])
        track = gather_as(q, "track")
        return q, track, gather_as(track, "archive")

    def step(q, dt):
        f = jax.shard_map(functools.partial(body, dt=dt), mesh=mesh, in_specs=P(*AXES),
                          out_specs=(P(*AXES), P("ens", None, reduced={"x"}),
                                     P(None, None, reduced=set(AXES))))
        return f(q)

    return step


def inputs():
    args = build_parser().parse_args(ARGV + ["--nx", "64", "--dt", "5e-3"])
    return (args, *ensemble(args))


def main(args, grid, q0):
    log = get_logger("member_archive")
    mesh = jax.make_mesh(MESH_SHAPE, AXES)
    q = jax.device_put(q0, NamedSharding(mesh, P(*AXES)))
    step = make_step(mesh, grid)
    archive = []

    def advance(s, dt):
        s, _, a = step(s, dt)
        archive.append(a)
        return s

    q = run_loop(advance, q, args, grid.dx, WIND, lambda s: float(jnp.max(s)), log)
    return q, archive[-1]


if __name__ == "__main__":
    main(*inputs())
