"""ocean-heat/src/ohc/diagnostics/column_content.py

Heat content per meridional column (summed over x, i.e. over px) after each diffusion step;
the viewer also wants the whole x-extent of the field, so it is gathered along px as well.
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
KAPPA = 1.5e-3
RHO_CP = 4.1e6


def halo(t, name, n, axis):
    up = [(i, (i + 1) % n) for i in range(n)]
    down = [(j, i) for i, j in up]
    size = t.shape[axis]
    left = jax.lax.ppermute(jax.lax.slice_in_dim(t, size - 1, size, axis=axis), name, up)
    right = jax.lax.ppermute(jax.lax.slice_in_dim(t, 0, 1, axis=axis), name, down)
    return jnp.concatenate([left, t, right], axis=axis)


def column_content(t_cols, dx):
    per_device = jnp.sum(t_cols, axis=0)
    total = jax.lax.psum(per_device, "px")
    return RHO_CP * dx * total


def make_step(mesh, grid):
    nx, ny = mesh.shape["px"], mesh.shape["py"]

    def body(t, dt):
        hx, hy = halo(t, "px", nx, 0), halo(t, "py", ny, 1)
        lap = (hx[2:] + hx[:-2] - 2 * t) / grid.dx ** 2 + (hy[:, 2:] + hy[:, :-2] - 2 * t) / grid.dy ** 2
        t_new = t + dt * KAPPA * lap
        full_x = jax.lax.all_gather(t_new, "px", axis=0, tiled=True, to="reduced")
        content = column_content(full_x, grid.dx)
        return t_new, full_x, content

    def step(t, dt):
        f = jax.shard_map(functools.partial(body, dt=dt), mesh=mesh, in_specs=P(*AXES),
                          out_specs=(P(*AXES), P(None, "py", reduced={"px"}), P("py")))
        return f(t)

    return step


def inputs():
    args = build_parser().parse_args(ARGV)
    grid = make_grid(args.nx, args.ny, lx=2.0)
    return args, grid, initial_blob(grid, args.seed)


def main(args, grid, t0):
    log = get_logger("column_content")
    mesh = jax.make_mesh(MESH_SHAPE, AXES)
    local_extent(grid.nx, mesh.shape["px"], halo_width(args.stencil))
    t = jax.device_put(t0, NamedSharding(mesh, P(*AXES)))
    step = make_step(mesh, grid)
    history = {"view": None, "content": []}

    def advance(state, dt):
        new, view, content = step(state, dt)
        history["view"] = view
        history["content"].append(content)
        return new

    t = run_loop(advance, t, args, grid.dx, KAPPA / grid.dx, lambda s: float(jnp.std(s)), log)
    return t, history["content"][-1]


if __name__ == "__main__":
    main(*inputs())
