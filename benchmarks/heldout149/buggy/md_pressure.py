"""ljmd/ljmd/observables/pressure.py

Virial pressure of replica-parallel LJ MD: per-replica virial summed over the atom blocks,
then averaged over the replica ensemble for the log.
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
AXES = ("rep", "atoms")
N_ATOMS = 32
SIGMA, EPS = 0.06, 1.0
ENSEMBLE_AXES = AXES


def forces_and_virial(mine, others, box):
    d = mine[:, :, None, :] - others[:, None, :, :]
    d = d - box * jnp.round(d / box)
    r2 = jnp.sum(d ** 2, axis=-1) + 1e-3
    inv6 = (SIGMA ** 2 / r2) ** 3
    mag = 24.0 * EPS * (2 * inv6 ** 2 - inv6) / r2
    f = jnp.sum(mag[..., None] * d, axis=2)
    return f, 0.5 * jnp.sum(mag * r2, axis=(1, 2))


def make_step(mesh, box, area):
    def body(pos, vel, dt):
        others = jax.lax.all_gather(pos, "atoms", axis=1, tiled=True)
        f, w = forces_and_virial(pos, others, box)
        vel = vel + dt * f
        pos = pos + dt * vel
        virial = jax.lax.psum(w, "atoms")
        kin = jax.lax.psum(jnp.sum(vel * vel, axis=(1, 2)), "atoms")
        pressure = (kin + virial) / (2.0 * area)
        return pos, vel, jax.lax.pmean(pressure, ENSEMBLE_AXES)

    spec = P(*AXES, None)

    def step(state, dt):
        f = jax.shard_map(functools.partial(body, dt=dt), mesh=mesh, in_specs=(spec, spec),
                          out_specs=(spec, spec, P()))
        return f(*state)

    return step


def replicas(n_rep, n, seed):
    X, Y = np.meshgrid(np.linspace(0, 1, 8, endpoint=False), np.linspace(0, 1, n // 8, endpoint=False))
    rng = np.random.default_rng(seed)
    pos = np.stack([X.ravel(), Y.ravel()], axis=1)[None] + 0.003 * rng.standard_normal((n_rep, n, 2))
    vel = 0.02 * rng.standard_normal((n_rep, n, 2))
    return pos.astype(np.float32), vel.astype(np.float32)


def inputs():
    args = build_parser().parse_args(ARGV + ["--dt", "1e-4"])
    return (args, *replicas(MESH_SHAPE[0], N_ATOMS, args.seed))


def main(args, pos0, vel0):
    log = get_logger("pressure")
    mesh = jax.make_mesh(MESH_SHAPE, AXES)
    sh = NamedSharding(mesh, P(*AXES, None))
    state = (jax.device_put(pos0, sh), jax.device_put(vel0, sh))
    step = make_step(mesh, 1.0, area=1.0)
    p_hist = []

    def advance(s, dt):
        p, v, pr = step(s, dt)
        p_hist.append(pr)
        return p, v

    state = run_loop(advance, state, args, SIGMA, 0.1, lambda s: float(jnp.abs(s[1]).max()), log)
    return state, p_hist[-1]


if __name__ == "__main__":
    main(*inputs())
