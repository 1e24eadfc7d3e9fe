"""pressure-jax/psolve/io/solution_out.py

Writes the converged pressure: the Jacobi sweeps run jitted on 8 row blocks, then the field is
gathered whole for the writer.
"""
import jax
import jax.numpy as jnp
from jax._src.shard_map import top_level_all_gather
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

N_DEV = 8
AXIS = "x"
ROWS = P(AXIS, None)


def problem(args):
    grid = make_grid(args.nx, args.ny)
    X, Y = np.meshgrid(grid.x, grid.y, indexing="ij")
    rng = np.random.default_rng(args.seed)
    rhs = np.sin(2 * np.pi * X) * np.cos(2 * np.pi * Y) + 1e-3 * rng.standard_normal(X.shape)
    return grid, (rhs - rhs.mean()).astype(np.float32)


def relax(p, rhs, h2):
    return 0.5 * p + 0.5 * (jnp.mean(p, axis=1, keepdims=True) - 0.25 * h2 * rhs)


def whole(spec):
    return P(*(None for _ in spec))


def inputs():
    args = build_parser().parse_args(ARGV + ["--steps", "3"])
    return (args, *problem(args))


def main(args, grid, rhs0):
    log = get_logger("solution_out")
    mesh = jax.make_mesh((N_DEV,), (AXIS,))
    sh = NamedSharding(mesh, ROWS)
    h2 = grid.dx * grid.dy
    sweep = jax.jit(relax, static_argnums=(2,), out_shardings=sh)
    with jax.set_mesh(mesh):
        rhs = jax.device_put(rhs0, sh)
        p = jax.device_put(np.zeros_like(rhs0), sh)
        p = run_loop(lambda s, dt: sweep(s, rhs, h2), p, args, grid.dx, 0.0,
                     lambda s: float(jnp.abs(s).max()), log)
        out = top_level_all_gather(p, whole(ROWS))
    return p, out


if __name__ == "__main__":
    main(*inputs())
