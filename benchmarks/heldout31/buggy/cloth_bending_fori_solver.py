"""XPBD bending constraints solved for a fixed number of iterations in a fori_loop."""
import dataclasses

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class XPBDConfig:
    iterations: int = 4
    dt: float = 1.0 / 60
    bend_compliance: float = 1e-3
    cloth_axis: str = "cloth"
    patch_axis: str = "patch"


class BendingSolver:
    def __init__(self, cfg: XPBDConfig):
        self.cfg = cfg

    def rest_angles(self, theta0):
        return jax.lax.all_gather(theta0, self.cfg.patch_axis, to="reduced", tiled=True)

    def residual(self, theta, rest):
        return jax.lax.psum(jnp.abs(rest).sum(), self.cfg.patch_axis) - theta.sum()

    def solve(self, theta, theta0):
        rest = self.rest_angles(theta0)
        alpha = self.cfg.bend_compliance / self.cfg.dt ** 2

        def it(_, th):
            return th - self.residual(th, rest) / (1.0 + alpha)

        return jax.lax.fori_loop(0, self.cfg.iterations, it, theta)


def inputs():
    mesh = jax.make_mesh((2, 4), ("cloth", "patch"))
    theta = jnp.linspace(0.0, 0.3, 8 * 8, dtype=jnp.float32).reshape(8, 8)
    s = NamedSharding(mesh, P("cloth", "patch"))
    return mesh, jax.device_put(theta, s), jax.device_put(theta * 0.5, s)


def main(mesh, theta, theta0):
    cfg = XPBDConfig()
    solver = BendingSolver(cfg)
    spec = P(cfg.cloth_axis, cfg.patch_axis)
    return jax.shard_map(solver.solve, mesh=mesh, in_specs=(spec, spec), out_specs=spec)(theta, theta0)
