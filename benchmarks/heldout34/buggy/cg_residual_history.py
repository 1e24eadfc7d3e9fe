"""Block CG for a 1-D Poisson problem with several right-hand sides, rows split over subdomains."""
import argparse

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

N, NRHS, STEPS = 64, 4, 5


def parse(argv=()):
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--domain-axis", default="dom")
    p.add_argument("--rhs-axis", default="rhs")
    p.add_argument("--steps", type=int, default=STEPS)
    return p.parse_args(list(argv))


def global_dot(a, b, axis):
    return jax.lax.psum(jnp.sum(a * b, axis=0), axis)


def apply_laplacian(u):
    left = jnp.pad(u[:-1], ((1, 0), (0, 0)))
    right = jnp.pad(u[1:], ((0, 1), (0, 0)))
    return 2.0 * u - left - right


def make_solver(args):
    def solve(b):
        x = jnp.zeros_like(b)
        r = p = b
        rr = global_dot(r, r, args.domain_axis)
        history = []
        for _ in range(args.steps):
            ap = apply_laplacian(p)
            alpha = rr / global_dot(p, ap, args.domain_axis)
            x = x + alpha * p
            r = r - alpha * ap
            rr_new = global_dot(r, r, args.domain_axis)
            p = r + (rr_new / rr) * p
            rr = rr_new
            history.append(rr)
        hist = jnp.stack(history)
        return x, jax.lax.all_gather(hist, args.domain_axis, to="reduced")
    return solve


def main(b):
    args = parse()
    mesh = jax.make_mesh((4, 2), (args.domain_axis, args.rhs_axis))
    spec = P(args.domain_axis, args.rhs_axis)
    b = jax.device_put(b, NamedSharding(mesh, spec))
    hist_spec = P(None, None, args.rhs_axis, reduced={args.domain_axis})
    solver = jax.shard_map(make_solver(args), mesh=mesh, in_specs=spec, out_specs=(spec, hist_spec))
    return jax.jit(solver)(b)


def inputs():
    rng = np.random.default_rng(0)
    return (rng.standard_normal((N, NRHS)).astype(np.float32),)
