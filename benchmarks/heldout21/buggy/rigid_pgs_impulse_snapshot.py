"""Projected Gauss-Seidel contact solve; the impulses are snapshotted for warm starting."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclass(frozen=True)
class System:
    env_axis: str = "env"
    body_axis: str = "body"
    iterations: int = 4

    @property
    def axes(self):
        return (self.env_axis, self.body_axis)


def pgs(lam, jac_diag, bias, iterations):
    def sweep(_, lam):
        return jnp.maximum(lam - (jac_diag * lam + bias) / jac_diag, 0.0)

    return jax.lax.fori_loop(0, iterations, sweep, lam)


def body_impulses(lam, sys):
    return jax.lax.all_gather(lam, sys.body_axis, axis=1, tiled=True, to="reduced")


def warm_start_table(lam, sys):
    per_env = body_impulses(lam, sys)
    return jax.lax.all_gather(per_env, sys.axes, axis=0, tiled=True, to="reduced")


def solve(lam0, jac_diag, bias, sys=System()):
    lam = pgs(lam0, jac_diag, bias, sys.iterations)
    return warm_start_table(lam, sys)


def inputs():
    rng = np.random.default_rng(103)
    lam0 = np.zeros((4, 8), np.float32)
    jac = (1 + rng.random((4, 8))).astype(np.float32)
    bias = rng.standard_normal((4, 8)).astype(np.float32)
    return lam0, jac, bias


def main(lam0, jac_diag, bias):
    sys = System()
    mesh = jax.make_mesh((2, 4), sys.axes)
    spec = P(*sys.axes)
    lam0, jac_diag, bias = (jax.device_put(a, NamedSharding(mesh, spec)) for a in (lam0, jac_diag, bias))
    fn = jax.shard_map(solve, mesh=mesh, in_specs=(spec, spec, spec),
                       out_specs=P(None, None, reduced=set(sys.axes)))
    return fn(lam0, jac_diag, bias)


if __name__ == "__main__":
    print(main(*inputs()))
